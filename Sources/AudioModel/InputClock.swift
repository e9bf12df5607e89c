/// Where an input's sample clock stood against CLOCK_MONOTONIC when it was read: absolute input
/// frame `frame` was being captured at `nanoseconds`.
///
/// A separate type from `OutputClock` so input and output frame indices cannot be mixed up;
/// instants are raw CLOCK_MONOTONIC nanoseconds and the mapping is PulseAudio's latest timing
/// measurement, as there. For a monitor source, "captured" is when the sink played the frame.
/// It drifts with the sound card's clock: read a fresh one every second or so.
///
/// PulseAudio measures a record stream less exactly than a playback stream: against a null
/// sink's monitor it agreed with `OutputClock` to within 0.25 ms at the default 20 ms buffers,
/// but with output buffers of 100 ms or more it sometimes placed frames up to one sink block
/// (10 ms) late for seconds on end.
public struct InputClock: Equatable, Sendable {
  /// The absolute input frame being captured at `nanoseconds`, with its fraction.
  public var frame: Double
  public var nanoseconds: UInt64
  public var sampleRate: Int

  public init(frame: Double, nanoseconds: UInt64, sampleRate: Int) {
    self.frame = frame
    self.nanoseconds = nanoseconds
    self.sampleRate = sampleRate
  }

  /// The input frame captured at a CLOCK_MONOTONIC instant.
  public func capturedFrame(at instant: UInt64) -> Int64 {
    FrameTimeline.frame(
      at: instant, anchor: frame, nanoseconds: nanoseconds, sampleRate: sampleRate)
  }

  /// The CLOCK_MONOTONIC instant at which an input frame was (or will be) captured.
  public func instant(whenCaptured captured: Int64) -> UInt64 {
    FrameTimeline.instant(
      of: captured, anchor: frame, nanoseconds: nanoseconds, sampleRate: sampleRate)
  }
}
