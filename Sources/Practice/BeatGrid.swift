/// The beats of a click, for grading when notes are played: beat 0 is the first after the
/// count-in, and the beats follow every `beatLength`. Times are on any monotonic clock, as time
/// since its epoch, the way `TapTempo` takes them.
public struct BeatGrid: Equatable, Sendable {
  public let firstBeat: Duration
  public let beatLength: Duration

  public init(firstBeat: Duration, beatLength: Duration) {
    self.firstBeat = firstBeat
    self.beatLength = beatLength
  }

  /// The grid of a click at `bpm` on which beat `index` (negative in the count-in) sounds at
  /// `time`.
  public init(beat index: Int, soundsAt time: Duration, bpm: Double) {
    beatLength = .seconds(60 / bpm)
    firstBeat = time - beatLength * index
  }

  /// How far a note may land from its beat and still count as on it: a fifth of a beat, kept
  /// between 80 ms (a fast tempo is not made impossible) and 150 ms (a slow one is not made
  /// sloppy).
  public var tolerance: Duration {
    min(max(beatLength / 5, .milliseconds(80)), .milliseconds(150))
  }

  /// The offsets from a beat that count as on it.
  public var window: ClosedRange<Duration> {
    (.zero - tolerance)...tolerance
  }

  public func time(ofBeat index: Int) -> Duration {
    firstBeat + beatLength * index
  }

  /// How far `time` is from beat `index`: negative when early.
  public func offset(of time: Duration, fromBeat index: Int) -> Duration {
    time - self.time(ofBeat: index)
  }
}
