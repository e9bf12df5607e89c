/// A spelled pitch class: a letter with an accidental, without an octave. C♯ and D♭ are different
/// note classes that sound the same (they are enharmonic).
public struct NoteClass: Hashable, Codable, Sendable, CustomStringConvertible {
  public let letter: Letter
  public let accidental: Accidental

  public init(_ letter: Letter, _ accidental: Accidental = .natural) {
    self.letter = letter
    self.accidental = accidental
  }

  /// Reads English spelling such as "C", "F#", "Bb", "Ebb", "Gx" or "G♯".
  public init?(parsing text: String) {
    guard let first = text.first,
      let letter = Letter(rawValue: String(first)),
      let accidental = Accidental(symbol: String(text.dropFirst()))
    else { return nil }
    self.init(letter, accidental)
  }

  /// Semitones above C, 0 through 11; B♯ is 0 and C♭ is 11.
  public var semitonesFromC: Int {
    (letter.semitonesFromC + accidental.semitones).modulo(12)
  }

  /// Whether both spellings name the same pitch class, such as C♯ and D♭.
  public func isEnharmonic(with other: NoteClass) -> Bool {
    semitonesFromC == other.semitonesFromC
  }

  /// English spelling with ASCII accidentals, such as "C#" or "Bb".
  public var description: String {
    NamingSystem.english.name(of: self, glyphs: .ascii)
  }
}
