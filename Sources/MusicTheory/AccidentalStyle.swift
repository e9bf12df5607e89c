/// How accidentals are written: plain ASCII for input and places where a terminal might lack the
/// glyphs, or the proper Unicode music symbols.
public enum AccidentalStyle: String, CaseIterable, Codable, Sendable {
  /// "#", "b", "x", "bb".
  case ascii
  /// "♯", "♭", "𝄪", "𝄫".
  case unicode

  /// The written form of `accidental`; a natural is not written.
  public func symbol(for accidental: Accidental) -> String {
    switch accidental {
    case .doubleFlat: self == .ascii ? "bb" : "𝄫"
    case .flat: self == .ascii ? "b" : "♭"
    case .natural: ""
    case .sharp: self == .ascii ? "#" : "♯"
    case .doubleSharp: self == .ascii ? "x" : "𝄪"
    }
  }
}
