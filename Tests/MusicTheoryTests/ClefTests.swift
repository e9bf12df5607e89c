import MusicTheory
import XCTest

final class ClefTests: XCTestCase {
  /// The five lines of every clef, bottom to top, as every theory book lists them.
  private let lines: [Clef: [String]] = [
    .treble: ["E4", "G4", "B4", "D5", "F5"],
    .bass: ["G2", "B2", "D3", "F3", "A3"],
    .alto: ["F3", "A3", "C4", "E4", "G4"],
    .tenor: ["D3", "F3", "A3", "C4", "E4"],
    .soprano: ["C4", "E4", "G4", "B4", "D5"],
    .mezzoSoprano: ["A3", "C4", "E4", "G4", "B4"],
    .baritone: ["B2", "D3", "F3", "A3", "C4"],
    .treble8vb: ["E3", "G3", "B3", "D4", "F4"],
  ]

  func testEachClefsLinesAreTheBookNotes() throws {
    XCTAssertEqual(Set(lines.keys), Set(Clef.allCases))
    for (clef, names) in lines {
      for (line, name) in names.enumerated() {
        let note = try XCTUnwrap(Note(parsing: name))
        XCTAssertEqual(clef.position(of: note), 2 * line, "\(name) in \(clef)")
        XCTAssertEqual(clef.note(at: 2 * line), note, "\(clef) line \(line + 1)")
      }
    }
  }

  func testTheSignSitsOnItsNote() throws {
    let marked: [Clef.Sign: Letter] = [.g: .G, .f: .F, .c: .C]
    for clef in Clef.allCases {
      XCTAssertEqual(clef.note(at: clef.signPosition).letter, marked[clef.sign], "\(clef)")
    }
    XCTAssertEqual(Clef.treble.note(at: Clef.treble.signPosition), Note(.G, octave: 4))
    XCTAssertEqual(Clef.bass.note(at: Clef.bass.signPosition), Note(.F, octave: 3))
    XCTAssertEqual(Clef.tenor.note(at: Clef.tenor.signPosition), Note(.C, octave: 4))
  }

  /// Every pitch from C1 to C8, in every spelling, in every clef: one step per letter, the
  /// accidental never moves the note, and the position reads back as the same letter.
  func testEveryPitchFromC1ToC8InEveryClef() {
    for clef in Clef.allCases {
      let middleC = clef.position(of: Note(.C, octave: 4))
      for octave in 1...8 {
        for letter in Letter.allCases where octave < 8 || letter == .C {
          let expected = middleC + 7 * (octave - 4) + letter.index
          for accidental in Accidental.allCases {
            let note = Note(letter, accidental, octave: octave)
            XCTAssertEqual(clef.position(of: note), expected, "\(note) in \(clef)")
          }
          XCTAssertEqual(clef.note(at: expected), Note(letter, octave: octave), "\(clef)")
        }
      }
    }
  }

  func testKeySignaturesSitWhereEngraversPutThem() throws {
    func positions(_ clef: Clef, _ key: String) throws -> [Int] {
      clef.positions(of: try XCTUnwrap(KeySignature(parsing: key)))
    }
    // Seven sharps and seven flats in the four common clefs.
    XCTAssertEqual(try positions(.treble, "C#"), [8, 5, 9, 6, 3, 7, 4])
    XCTAssertEqual(try positions(.treble, "Cb"), [4, 7, 3, 6, 2, 5, 1])
    XCTAssertEqual(try positions(.bass, "C#"), [6, 3, 7, 4, 1, 5, 2])
    XCTAssertEqual(try positions(.bass, "Cb"), [2, 5, 1, 4, 0, 3, -1])
    XCTAssertEqual(try positions(.alto, "C#"), [7, 4, 8, 5, 2, 6, 3])
    XCTAssertEqual(try positions(.alto, "Cb"), [3, 6, 2, 5, 1, 4, 0])
    XCTAssertEqual(try positions(.tenor, "C#"), [2, 6, 3, 7, 4, 8, 5])
    XCTAssertEqual(try positions(.tenor, "Cb"), [5, 8, 4, 7, 3, 6, 2])
    XCTAssertEqual(try positions(.treble, "C"), [])
    for clef in Clef.allCases {
      for fifths in KeySignature.range {
        let key = try XCTUnwrap(KeySignature(fifths: fifths))
        let placed = clef.positions(of: key)
        XCTAssertEqual(placed.count, abs(fifths))
        for (position, noteClass) in zip(placed, key.noteClasses) {
          XCTAssertEqual(clef.note(at: position).letter, noteClass.letter, "\(key) in \(clef)")
          XCTAssertTrue((-1...9).contains(position), "\(key) in \(clef) leaves the staff")
        }
      }
    }
  }
}
