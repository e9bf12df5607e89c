import MusicTheory
import XCTest

final class IntervalDegreeNameTests: XCTestCase {
  func testDegreesAreNamedAgainstTheMajorScale() {
    let expected = [
      "P1": "1", "m2": "b2", "M2": "2", "m3": "b3", "M3": "3", "P4": "4", "A4": "#4", "d5": "b5",
      "P5": "5", "A5": "#5", "m6": "b6", "M6": "6", "d7": "bb7", "m7": "b7", "M7": "7", "P8": "8",
      "m9": "b9", "M9": "9", "A9": "#9", "P11": "11", "A11": "#11", "M13": "13", "AA4": "##4",
    ]
    for (shortName, degree) in expected {
      XCTAssertEqual(Interval(shortName: shortName)?.degreeName, degree, shortName)
    }
  }

  func testAHalfDiminishedChordReadsAsItsDegrees() throws {
    let chord = try XCTUnwrap(Chord(symbol: "F#m7b5"))
    XCTAssertEqual(chord.quality.intervals.map(\.degreeName), ["1", "b3", "b5", "b7"])
  }
}
