/// A clef: which note each line of the five-line staff stands for. Positions on the staff are
/// counted in steps (lines and spaces) up from the bottom line, which is 0; the top line is 8.
public enum Clef: String, CaseIterable, Codable, Sendable {
  case treble
  case bass
  case alto
  case tenor
  case soprano
  case mezzoSoprano = "mezzo-soprano"
  case baritone
  /// The treble clef with an 8 below: guitar music, written an octave above the sound.
  case treble8vb = "treble-8vb"

  /// The staff position of the top line.
  public static let topLine = 8

  /// What the staff looks like for this clef, as data: the sounding note on the bottom line,
  /// the line the clef sign sits on, and where the sharps and flats of a key signature start
  /// their seven positions, so each letter has one place.
  private var layout: (bottomLine: Note, signLine: Int, lowestSharp: Int, lowestFlat: Int) {
    switch self {
    case .treble: (Note(.E, octave: 4), 2, 3, 1)
    case .bass: (Note(.G, octave: 2), 6, 1, -1)
    case .alto: (Note(.F, octave: 3), 4, 2, 0)
    case .tenor: (Note(.D, octave: 3), 6, 2, 2)
    case .soprano: (Note(.C, octave: 4), 0, 0, 0)
    case .mezzoSoprano: (Note(.A, octave: 3), 2, 1, 0)
    case .baritone: (Note(.B, octave: 2), 4, 2, 0)
    case .treble8vb: (Note(.E, octave: 3), 2, 3, 1)
    }
  }

  /// The note (as it sounds) on the bottom line.
  public var bottomLine: Note { layout.bottomLine }

  /// The staff position the clef sign marks: the G line for treble clefs, the F line for bass
  /// and baritone, middle C's line for the C clefs.
  public var signPosition: Int { layout.signLine }

  public enum Sign: Sendable {
    case g, f, c
  }

  public var sign: Sign {
    switch self {
    case .treble, .treble8vb: .g
    case .bass, .baritone: .f
    case .alto, .tenor, .soprano, .mezzoSoprano: .c
    }
  }

  /// Steps above the bottom line at which `note` is written: negative below the staff, above 8
  /// over it. Accidentals do not move a note.
  public func position(of note: Note) -> Int {
    note.staffStep - bottomLine.staffStep
  }

  /// The natural note written at `position`.
  public func note(at position: Int) -> Note {
    let step = bottomLine.staffStep + position
    return Note(Letter.C.advanced(by: step), octave: step.floorDivided(by: 7))
  }

  /// Where the key signature's accidentals are written, in the order they are added.
  public func positions(of key: KeySignature) -> [Int] {
    let lowest = key.fifths >= 0 ? layout.lowestSharp : layout.lowestFlat
    let lowestLetter = note(at: lowest).letter
    return key.noteClasses.map { lowest + ($0.letter.index - lowestLetter.index).modulo(7) }
  }
}
