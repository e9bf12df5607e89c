import MusicTheory
import XCTest

final class LetterTests: XCTestCase {
  func testIndexAndSemitonesFromC() {
    let table: [(Letter, index: Int, semitones: Int)] = [
      (.C, 0, 0), (.D, 1, 2), (.E, 2, 4), (.F, 3, 5), (.G, 4, 7), (.A, 5, 9), (.B, 6, 11),
    ]
    XCTAssertEqual(table.map(\.0), Letter.allCases)
    for (letter, index, semitones) in table {
      XCTAssertEqual(letter.index, index, "index of \(letter)")
      XCTAssertEqual(letter.semitonesFromC, semitones, "semitones from C to \(letter)")
    }
  }

  func testAdvancedWrapsInBothDirections() {
    let table: [(Letter, steps: Int, expected: Letter)] = [
      (.C, 0, .C), (.C, 2, .E), (.B, 1, .C), (.A, 3, .D), (.C, 7, .C), (.C, 15, .D),
      (.C, -1, .B), (.E, -2, .C), (.D, -8, .C), (.G, -14, .G),
    ]
    for (letter, steps, expected) in table {
      XCTAssertEqual(letter.advanced(by: steps), expected, "\(letter) advanced by \(steps)")
    }
  }
}
