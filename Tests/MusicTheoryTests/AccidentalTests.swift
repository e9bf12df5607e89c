import MusicTheory
import XCTest

final class AccidentalTests: XCTestCase {
  func testSemitonesRoundTrip() {
    let table: [(Accidental, semitones: Int)] = [
      (.doubleFlat, -2), (.flat, -1), (.natural, 0), (.sharp, 1), (.doubleSharp, 2),
    ]
    for (accidental, semitones) in table {
      XCTAssertEqual(accidental.semitones, semitones, "semitones of \(accidental)")
      XCTAssertEqual(Accidental(semitones: semitones), accidental, "accidental for \(semitones)")
    }
  }

  func testNoAccidentalBeyondDouble() {
    for semitones in [-4, -3, 3, 4] {
      XCTAssertNil(Accidental(semitones: semitones), "accidental for \(semitones)")
    }
  }

  func testSymbolParsing() {
    let table: [(symbol: String, expected: Accidental?)] = [
      ("", .natural), ("#", .sharp), ("b", .flat), ("x", .doubleSharp), ("##", .doubleSharp),
      ("bb", .doubleFlat), ("♯", .sharp), ("♭", .flat), ("𝄪", .doubleSharp), ("𝄫", .doubleFlat),
      ("bbb", nil), ("#b", nil), ("B", nil), ("X", nil), ("s", nil), ("♮", nil),
    ]
    for (symbol, expected) in table {
      XCTAssertEqual(Accidental(symbol: symbol), expected, "accidental for \"\(symbol)\"")
    }
  }
}
