import TerminalUI

/// The beat the listener hears now, sent by the runtime when that click becomes audible.
public struct BeatDisplay: Equatable, Sendable {
  public var bar: Int
  public var beatInBar: Int
  public var isCountIn: Bool
  public var isMuted: Bool
  public var bpm: Double
  public var elapsed: Duration
  /// When the click is heard, for grading notes played against it.
  public var audibleAt: MonotonicInstant

  public init(
    bar: Int, beatInBar: Int, isCountIn: Bool, isMuted: Bool, bpm: Double, elapsed: Duration,
    audibleAt: MonotonicInstant
  ) {
    self.bar = bar
    self.beatInBar = beatInBar
    self.isCountIn = isCountIn
    self.isMuted = isMuted
    self.bpm = bpm
    self.elapsed = elapsed
    self.audibleAt = audibleAt
  }
}
