extension NamingSystem {
  /// The note class a typed name means in this naming, ignoring case and spaces: "f#", "Bb",
  /// "sol#", "Si♭", "fis". Nil when no note class has that name.
  public func noteClass(parsing typed: String) -> NoteClass? {
    let wanted = typed.filter { !$0.isWhitespace }.lowercased()
    guard !wanted.isEmpty else { return nil }
    for letter in Letter.allCases {
      for accidental in Accidental.allCases {
        let candidate = NoteClass(letter, accidental)
        for style in AccidentalStyle.allCases
        where name(of: candidate, glyphs: style).lowercased() == wanted {
          return candidate
        }
      }
    }
    return nil
  }
}
