/// What the note-reading flashcards remember: the packs chosen, how many rounds, and how the
/// next card comes after an answer.
public struct NotesSettings: Equatable, Sendable {
  public static let roundRange = 5...100
  public static let advanceRange = 0.3...5.0
  public static let toleranceRange = 5.0...50.0

  /// Pack ids; the beginner pack until the user chooses.
  public var packs = ["treble-c4-b4"]
  public var rounds = 20
  /// Seconds the answer stays on screen before the next card.
  public var advanceSeconds = 1.5
  /// When set, the next card waits for Enter instead.
  public var advancesByHand = false
  public var exercise = NoteExercise.flashcards
  /// Practice only the chosen packs on this staff (a `NotePack.Staff` name); empty for all.
  public var staff = ""
  /// How far from the written pitch, in cents, a played note still counts as right.
  public var toleranceCents = 30.0
  /// Whether a played note counts in any octave; voices and instruments reach different ones.
  public var anyOctave = true

  public init() {}

  static func isValidStaff(_ name: String) -> Bool {
    name.isEmpty || NotePack.Staff(name: name) != nil
  }

  static func isValidPacks(_ ids: [String]) -> Bool {
    !ids.isEmpty && Set(ids).count == ids.count && ids.allSatisfy { !$0.isEmpty }
  }
}
