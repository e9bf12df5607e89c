/// The sign that raises or lowers a letter by up to two semitones.
public enum Accidental: String, CaseIterable, Codable, Sendable {
  case doubleFlat
  case flat
  case natural
  case sharp
  case doubleSharp

  /// How far the accidental moves the natural note, -2 through 2.
  public var semitones: Int {
    switch self {
    case .doubleFlat: -2
    case .flat: -1
    case .natural: 0
    case .sharp: 1
    case .doubleSharp: 2
    }
  }

  /// The accidental that moves a note by `semitones`, or nil beyond a double sharp or double flat.
  public init?(semitones: Int) {
    guard let match = Self.allCases.first(where: { $0.semitones == semitones }) else {
      return nil
    }
    self = match
  }

  /// Reads a written accidental in either style ("#", "♯", "bb", "𝄫", "" for natural, ...).
  /// "##" is accepted as well because people type it for a double sharp.
  public init?(symbol: String) {
    let symbol = symbol == "##" ? AccidentalStyle.ascii.symbol(for: .doubleSharp) : symbol
    let match = Self.allCases.first { accidental in
      AccidentalStyle.allCases.contains { $0.symbol(for: accidental) == symbol }
    }
    guard let match else { return nil }
    self = match
  }
}
