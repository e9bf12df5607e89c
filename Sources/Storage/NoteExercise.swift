/// The ways to practise reading notes. Stored by name in the settings and the history.
public enum NoteExercise: String, CaseIterable, Codable, Sendable {
  /// A chosen number of cards, answered with 1–4 or by typing the name.
  case flashcards
  /// As many cards as possible in `timedSeconds`.
  case timed
  /// Cards until the first mistake.
  case streak
  /// A chosen number of cards, answered by playing or singing the note.
  case play

  public static let timedSeconds = 60.0

  /// Whether the number of rounds chosen applies; the others end by time or by a mistake.
  public var hasRounds: Bool { self == .flashcards || self == .play }
}
