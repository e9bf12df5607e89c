/// The role of a scheduled click, which picks its voice and tells the beat display how to draw it.
public enum ClickKind: Hashable, Sendable {
  case accent
  case normal
  /// A beat the pattern leaves silent; logged so the display and the grader still see the beat.
  case silent
  /// A click between beats.
  case subdivision
  /// A beat of a count-in bar played with the count-in voice.
  case countIn
  /// A quiet tick where the player is to play a note, as the rhythm trainer asks.
  case target
}

extension ClickKind {
  /// The kinds that make a sound, each with a voice of its own.
  public static let sounding: [ClickKind] = [.accent, .normal, .subdivision, .countIn, .target]

  /// The kind's place in `sounding`, which a listener knows its sound by.
  public var soundIndex: Int? { Self.sounding.firstIndex(of: self) }
}
