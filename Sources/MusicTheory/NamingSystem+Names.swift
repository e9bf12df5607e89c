extension NamingSystem {
  /// The seven natural note names in C D E F G A B order, for showing the systems side by side.
  public var letterNames: [String] {
    Letter.allCases.map(baseName(of:))
  }

  /// The name of `noteClass` in this system: "C#"/"C♯", "Do#"/"Do♯", "Cis".
  /// German always spells accidentals as the syllables "is" and "es", whatever `glyphs` says,
  /// because that is how German musicians write them.
  public func name(of noteClass: NoteClass, glyphs: AccidentalStyle) -> String {
    switch self {
    case .english, .latin:
      baseName(of: noteClass.letter) + glyphs.symbol(for: noteClass.accidental)
    case .german:
      Self.germanIrregularNames[noteClass]
        ?? baseName(of: noteClass.letter) + Self.germanSuffix(for: noteClass.accidental)
    }
  }

  private func baseName(of letter: Letter) -> String {
    switch self {
    case .english: letter.rawValue
    case .latin: Self.solfegeNames[letter.index]
    case .german: letter == .B ? "H" : letter.rawValue
    }
  }

  private static let solfegeNames = ["Do", "Re", "Mi", "Fa", "Sol", "La", "Si"]

  private static func germanSuffix(for accidental: Accidental) -> String {
    switch accidental {
    case .doubleFlat: "eses"
    case .flat: "es"
    case .natural: ""
    case .sharp: "is"
    case .doubleSharp: "isis"
    }
  }

  /// B flat kept the old name B when B natural became H, and the vowels E and A absorb the "e"
  /// of "es". B double flat is regular: Heses.
  private static let germanIrregularNames: [NoteClass: String] = [
    NoteClass(.B, .flat): "B",
    NoteClass(.E, .flat): "Es",
    NoteClass(.E, .doubleFlat): "Eses",
    NoteClass(.A, .flat): "As",
    NoteClass(.A, .doubleFlat): "Ases",
  ]
}
