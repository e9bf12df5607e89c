/// A spelled note in scientific pitch notation: a note class and an octave, where C4 is middle C
/// (MIDI 60). The octave number changes between B and C, so B♯3 sounds as C4 and C♭4 as B3.
public struct Note: Hashable, Codable, Sendable, CustomStringConvertible {
  public let noteClass: NoteClass
  public let octave: Int

  public init(_ noteClass: NoteClass, octave: Int) {
    self.noteClass = noteClass
    self.octave = octave
  }

  public init(_ letter: Letter, _ accidental: Accidental = .natural, octave: Int) {
    self.init(NoteClass(letter, accidental), octave: octave)
  }

  /// Reads English spelling with an octave, such as "C#4", "Bb3", "Fbb2", "Ex5" or "C-1".
  /// The octave is required.
  public init?(parsing text: String) {
    guard let octaveStart = text.firstIndex(where: { $0.isASCII && ($0.isNumber || $0 == "-") }),
      let noteClass = NoteClass(parsing: String(text[..<octaveStart])),
      let octave = Int(text[octaveStart...]),
      String(octave) == text[octaveStart...]
    else { return nil }
    self.init(noteClass, octave: octave)
  }

  public var letter: Letter { noteClass.letter }

  public var accidental: Accidental { noteClass.accidental }

  public var pitch: Pitch {
    Pitch(midiNumber: (octave + 1) * 12 + letter.semitonesFromC + accidental.semitones)
  }

  /// Whether both notes sound the same pitch, such as F♯4 and G♭4 or B♯3 and C4.
  public func isEnharmonic(with other: Note) -> Bool {
    pitch == other.pitch
  }

  /// The note `interval` away, spelled so that the letters span the interval's number: E up a
  /// minor third is G, never F𝄪. Nil when that letter would need more than a double accidental.
  public func transposed(by interval: Interval, direction: Interval.Direction = .up) -> Note? {
    let sign = direction == .up ? 1 : -1
    let targetStep = staffStep + sign * (interval.number - 1)
    let natural = Note(
      Letter.C.advanced(by: targetStep), octave: targetStep.floorDivided(by: Self.lettersPerOctave))
    let targetPitch = pitch + sign * interval.semitones
    guard let accidental = Accidental(semitones: targetPitch - natural.pitch) else { return nil }
    return Note(natural.letter, accidental, octave: natural.octave)
  }

  /// The note `interval` above, or nil when it cannot be spelled.
  public static func + (note: Note, interval: Interval) -> Note? {
    note.transposed(by: interval, direction: .up)
  }

  /// The note `interval` below, or nil when it cannot be spelled.
  public static func - (note: Note, interval: Interval) -> Note? {
    note.transposed(by: interval, direction: .down)
  }

  /// English spelling with ASCII accidentals, such as "C#4", "Bb3" or "Fx5".
  public var description: String {
    "\(noteClass)\(octave)"
  }

  /// Staff position counted in letters from C0, ignoring accidentals; intervals are numbered by
  /// the distance between staff positions.
  var staffStep: Int {
    octave * Self.lettersPerOctave + letter.index
  }

  private static let lettersPerOctave = Letter.allCases.count
}
