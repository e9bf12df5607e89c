import MusicTheory
import XCTest

final class NoteClassTests: XCTestCase {
  func testSemitonesFromCWrapAroundTheOctave() {
    let table: [(NoteClass, semitones: Int)] = [
      (NoteClass(.C), 0), (NoteClass(.C, .sharp), 1), (NoteClass(.D, .flat), 1),
      (NoteClass(.E, .flat), 3), (NoteClass(.F, .flat), 4), (NoteClass(.E, .sharp), 5),
      (NoteClass(.F, .doubleSharp), 7), (NoteClass(.A, .doubleFlat), 7),
      (NoteClass(.B, .flat), 10), (NoteClass(.B), 11), (NoteClass(.B, .sharp), 0),
      (NoteClass(.B, .doubleSharp), 1), (NoteClass(.C, .flat), 11),
      (NoteClass(.C, .doubleFlat), 10),
    ]
    for (noteClass, semitones) in table {
      XCTAssertEqual(noteClass.semitonesFromC, semitones, "semitones from C to \(noteClass)")
    }
  }

  func testEnharmonicEquivalence() {
    let table: [(NoteClass, NoteClass, expected: Bool)] = [
      (NoteClass(.C, .sharp), NoteClass(.D, .flat), true),
      (NoteClass(.B, .sharp), NoteClass(.C), true),
      (NoteClass(.C, .flat), NoteClass(.B), true),
      (NoteClass(.E, .doubleSharp), NoteClass(.G, .flat), true),
      (NoteClass(.B, .doubleFlat), NoteClass(.A), true),
      (NoteClass(.C), NoteClass(.C), true),
      (NoteClass(.C, .sharp), NoteClass(.D), false),
      (NoteClass(.E), NoteClass(.F), false),
    ]
    for (first, second, expected) in table {
      XCTAssertEqual(first.isEnharmonic(with: second), expected, "\(first) ~ \(second)")
      XCTAssertEqual(second.isEnharmonic(with: first), expected, "\(second) ~ \(first)")
    }
    XCTAssertNotEqual(NoteClass(.C, .sharp), NoteClass(.D, .flat), "spelling is part of identity")
  }

  func testParsingAndDescription() {
    let table: [(text: String, expected: NoteClass?, description: String?)] = [
      ("C", NoteClass(.C), "C"), ("F#", NoteClass(.F, .sharp), "F#"),
      ("Bb", NoteClass(.B, .flat), "Bb"), ("Ebb", NoteClass(.E, .doubleFlat), "Ebb"),
      ("Gx", NoteClass(.G, .doubleSharp), "Gx"), ("G##", NoteClass(.G, .doubleSharp), "Gx"),
      ("D♭", NoteClass(.D, .flat), "Db"), ("A𝄪", NoteClass(.A, .doubleSharp), "Ax"),
      ("H", nil, nil), ("c", nil, nil), ("", nil, nil), ("C4", nil, nil), ("Cbbb", nil, nil),
    ]
    for (text, expected, description) in table {
      let parsed = NoteClass(parsing: text)
      XCTAssertEqual(parsed, expected, "parsing \"\(text)\"")
      XCTAssertEqual(parsed?.description, description, "description of \"\(text)\"")
    }
  }
}
