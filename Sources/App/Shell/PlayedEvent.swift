import MusicTheory
import TerminalUI

/// What the musician played, from any input, normalised where it came in: an instant on the
/// monotonic clock with the input path's delay already taken off (the room's round trip for the
/// microphone), the pitch where the input knows it, and how hard it was played.
public struct PlayedEvent: Equatable, Sendable {
  public enum Source: Equatable, Sendable {
    /// A key of the computer's keyboard tapped as a hit, stamped when it was read.
    case keyboard
    /// The microphone, or the `--audio-in` file standing in for it.
    case microphone
    /// A MIDI keyboard, pad or drum kit (or a file or stream standing in for one).
    case midi
  }

  public enum Kind: Equatable, Sendable {
    /// A note begins: a MIDI note-on, or an onset the microphone heard.
    case attack
    /// The pitch the microphone hears at this instant, and how sure the estimate is; a
    /// frequency of 0 is no clear pitch (a silence, an attack's noise).
    case sounding(frequency: Double, confidence: Double)
  }

  public var instant: MonotonicInstant
  public var kind: Kind
  /// Exact for a MIDI key; nil where the input cannot tell.
  public var pitch: Pitch?
  /// 1–127, as MIDI gives it.
  public var velocity: Int?
  public var source: Source

  public init(
    instant: MonotonicInstant, kind: Kind = .attack, pitch: Pitch? = nil, velocity: Int? = nil,
    source: Source
  ) {
    self.instant = instant
    self.kind = kind
    self.pitch = pitch
    self.velocity = velocity
    self.source = source
  }

  /// Whether this begins a note: what the rhythm trainer counts as a hit.
  public var isAttack: Bool { kind == .attack }
}
