/// Where an output's sample clock stood against CLOCK_MONOTONIC when it was read: absolute
/// output frame `frame` was audible at `nanoseconds`.
///
/// Instants are raw CLOCK_MONOTONIC nanoseconds (`clock_gettime`), the clock the app stamps key
/// presses with (TerminalUI's `MonotonicInstant`, which Audio does not import). The mapping is
/// PulseAudio's latest timing measurement of the stream (taken automatically at most 1.5 s apart,
/// and after every start and underrun) extended at the nominal rate: good to a fraction of a
/// millisecond, but it drifts with the sound card's clock, so read a fresh one every second or so.
public struct OutputClock: Equatable, Sendable {
  /// The absolute output frame audible at `nanoseconds`, with its fraction.
  public var frame: Double
  public var nanoseconds: UInt64
  public var sampleRate: Int

  public init(frame: Double, nanoseconds: UInt64, sampleRate: Int) {
    self.frame = frame
    self.nanoseconds = nanoseconds
    self.sampleRate = sampleRate
  }

  /// The output frame audible at a CLOCK_MONOTONIC instant.
  public func audibleFrame(at instant: UInt64) -> Int64 {
    FrameTimeline.frame(
      at: instant, anchor: frame, nanoseconds: nanoseconds, sampleRate: sampleRate)
  }

  /// The CLOCK_MONOTONIC instant at which an output frame is (or was) audible.
  public func instant(whenAudible audible: Int64) -> UInt64 {
    FrameTimeline.instant(
      of: audible, anchor: frame, nanoseconds: nanoseconds, sampleRate: sampleRate)
  }
}
