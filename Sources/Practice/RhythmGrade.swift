/// How well a written note was played: the three grades of a hit inside the note's window, and
/// `miss` for a note no hit was matched to.
public enum RhythmGrade: String, CaseIterable, Codable, Sendable {
  case perfect
  case good
  case inaccurate
  case miss
}
