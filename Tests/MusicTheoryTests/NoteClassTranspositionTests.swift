import MusicTheory
import XCTest

final class NoteClassTranspositionTests: XCTestCase {
  func testSpelledByLetters() {
    let table: [(start: String, Interval, expected: String?)] = [
      ("C", .majorThird, "E"), ("E", .minorThird, "G"), ("D", .minorThird, "F"),
      ("Db", .minorThird, "Fb"), ("F#", .majorSeventh, "E#"), ("Gb", .perfectFourth, "Cb"),
      ("B#", .majorSecond, "Cx"), ("C", .diminishedSeventh, "Bbb"), ("A", .diminishedFifth, "Eb"),
      ("C", .majorNinth, "D"), ("B", .perfectFifth, "F#"), ("E", .unison, "E"),
      ("Cb", .diminishedSeventh, nil), ("Bx", Interval(quality: .augmented, number: 1)!, nil),
    ]
    for (start, interval, expected) in table {
      guard let noteClass = NoteClass(parsing: start) else {
        XCTFail("could not parse \"\(start)\"")
        continue
      }
      XCTAssertEqual((noteClass + interval)?.description, expected, "\(start) + \(interval)")
    }
  }
}
