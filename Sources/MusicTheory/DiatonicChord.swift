/// A chord built on a degree of a seven-note scale by stacking its own thirds (every other
/// note of the scale): a triad, or with the seventh. Named by its Roman numeral, upper case
/// where its third is major: `I ii iii IV V vi vii°` and `Imaj7 ii7 iii7 IVmaj7 V7 vi7 viiø7`
/// in major.
public struct DiatonicChord: Equatable, Sendable {
  /// 1 for the chord on the tonic.
  public let degree: Int
  /// From the root up, spelled as the scale spells them.
  public let notes: [NoteClass]
  /// The quality whose spelled notes these are; nil for a stack the chord symbols have no
  /// name for (the augmented major seventh of harmonic minor's third degree).
  public let quality: ChordQuality?

  /// The suffix after the numeral, by quality: what the numeral's case does not already say.
  static let numeralSuffixes: [ChordQuality: String] = [
    .diminished: "°", .augmented: "+", .majorSeventh: "maj7", .dominantSeventh: "7",
    .minorSeventh: "7", .halfDiminishedSeventh: "ø7", .diminishedSeventh: "°7",
    .minorMajorSeventh: "(maj7)",
  ]
  static let numerals = ["I", "II", "III", "IV", "V", "VI", "VII"]

  /// The Roman numeral, as `vii°`, `V7`, `ii7`, `III+`; a chord of no known quality has the
  /// numeral of its third's case alone.
  public var numeral: String {
    let third = ((notes[1].semitonesFromC - notes[0].semitonesFromC) % 12 + 12) % 12
    let isMajor = third == 4
    let numeral = Self.numerals[degree - 1]
    return (isMajor ? numeral : numeral.lowercased())
      + (quality.flatMap { Self.numeralSuffixes[$0] } ?? "")
  }

  /// The chord symbol ("Dm7", "Bm7b5"), or its notes joined by hyphens without a quality.
  public var symbol: String {
    guard let quality, let chord = Chord(root: notes[0], quality: quality) else {
      return notes.map(\.description).joined(separator: "-")
    }
    return chord.symbol
  }
}

extension Scale {
  /// The chords on each degree, triads or with their sevenths; nil for a scale of other than
  /// seven notes, where stacking its thirds is no harmony of it.
  public func diatonicChords(sevenths: Bool) -> [DiatonicChord]? {
    let notes = noteClasses
    guard notes.count == 7 else { return nil }
    let size = sevenths ? 4 : 3
    return (0..<7).map { degree in
      let stack = (0..<size).map { notes[(degree + 2 * $0) % 7] }
      let quality = ChordQuality.all.first {
        $0.intervals.count == size && Chord(root: stack[0], quality: $0)?.noteClasses == stack
      }
      return DiatonicChord(degree: degree + 1, notes: stack, quality: quality)
    }
  }
}
