import MusicTheory
import XCTest

/// Independent checks for spelled scales and chords, worked out from letters and semitones
/// rather than through `Note` transposition, so a spelling bug cannot hide in both.
enum SpellingOracle {
  /// Every note class with at most one accidental: all 12 keys and their enharmonic spellings
  /// (C♯/D♭, F♯/G♭, B/C♭, E♯/F, ...).
  static let tonics: [NoteClass] = Letter.allCases.flatMap { letter in
    [Accidental.flat, .natural, .sharp].map { NoteClass(letter, $0) }
  }

  /// Every note class, double accidentals included.
  static let allNoteClasses: [NoteClass] = Letter.allCases.flatMap { letter in
    Accidental.allCases.map { NoteClass(letter, $0) }
  }

  /// The accidental, in semitones, that the tone `interval` above `root` needs on its letter;
  /// beyond -2...2 it cannot be written.
  static func accidentalSemitones(above root: NoteClass, by interval: Interval) -> Int {
    let letter = root.letter.advanced(by: interval.number - 1)
    let offset = ((root.semitonesFromC + interval.semitones - letter.semitonesFromC) % 12 + 12) % 12
    return offset > 6 ? offset - 12 : offset
  }

  static func isSpellable(from root: NoteClass, by intervals: [Interval]) -> Bool {
    intervals.allSatisfy { abs(accidentalSemitones(above: root, by: $0)) <= 2 }
  }

  /// Asserts that each note class has the letter its interval number calls for and sounds the
  /// interval's semitones above `root`.
  static func assertSpelled(
    _ noteClasses: [NoteClass], from root: NoteClass, by intervals: [Interval], _ name: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(
      noteClasses.count, intervals.count, "\(name): one note per interval", file: file, line: line)
    for (noteClass, interval) in zip(noteClasses, intervals) {
      XCTAssertEqual(
        noteClass.letter, root.letter.advanced(by: interval.number - 1),
        "\(name): letter of the \(interval) \(noteClass)", file: file, line: line)
      XCTAssertEqual(
        ((noteClass.semitonesFromC - root.semitonesFromC) % 12 + 12) % 12,
        interval.semitones % 12, "\(name): pitch class of the \(interval) \(noteClass)",
        file: file, line: line)
    }
  }
}
