import MusicTheory
import TerminalUI

/// A note the musician played, from any input, normalised where it came in: an instant on the
/// monotonic clock with the input path's delay already taken off, the pitch where the input
/// knows it, and how hard it was played.
public struct PlayedEvent: Equatable, Sendable {
  public enum Source: Equatable, Sendable {
    /// A MIDI keyboard, pad or drum kit (or a file or stream standing in for one).
    case midi
  }

  public var instant: MonotonicInstant
  /// Exact for a MIDI key; nil where the input cannot tell.
  public var pitch: Pitch?
  /// 1–127, as MIDI gives it.
  public var velocity: Int?
  public var source: Source

  public init(instant: MonotonicInstant, pitch: Pitch?, velocity: Int?, source: Source) {
    self.instant = instant
    self.pitch = pitch
    self.velocity = velocity
    self.source = source
  }
}
