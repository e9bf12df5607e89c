/// Whether a note sounds under, on or over the pitch it was meant to have: what an intonation
/// question asks of its second note, heard against the first.
public enum Intonation: String, CaseIterable, Sendable {
  case flat
  case inTune = "in-tune"
  case sharp

  /// The direction the note is moved, times the level's cents: -1 flat, 0 in tune, 1 sharp.
  public var sign: Int {
    switch self {
    case .flat: -1
    case .inTune: 0
    case .sharp: 1
    }
  }
}
