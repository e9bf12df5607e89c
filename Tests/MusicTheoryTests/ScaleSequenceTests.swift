import XCTest

@testable import MusicTheory

/// Scale runs in leaps, spelled from the scale: up an octave from each degree, then back.
final class ScaleSequenceTests: XCTestCase {
  private func names(_ figures: [[NoteClass]]) -> String {
    figures.map { $0.map(\.description).joined(separator: " ") }.joined(separator: ", ")
  }

  func testThirdsInCMajorUpAndDown() throws {
    let scale = try XCTUnwrap(Scale(parsing: "C major"))
    let (up, down) = ScaleSequence.thirds.notes(of: scale)
    XCTAssertEqual(names(up), "C E, D F, E G, F A, G B, A C, B D, C")
    XCTAssertEqual(names(down), "C A, B G, A F, G E, F D, E C, D B, C")
  }

  func testEveryLeapAndGroupStartsOnEachDegreeAndEndsOnTheOctaveThenTheTonic() {
    for sequence in ScaleSequence.allCases {
      for length in [5, 6, 7, 8] {
        let (up, down) = sequence.figures(scaleLength: length)
        XCTAssertEqual(up.dropLast().map { $0[0] }, Array(0..<length), "\(sequence)")
        XCTAssertEqual(down.dropLast().map { $0[0] }, Array((1...length).reversed()))
        XCTAssertEqual(up.last, [length])
        XCTAssertEqual(down.last, [0])
        XCTAssertEqual(Set(up.dropLast().map(\.count)), [sequence.figure.count])
      }
    }
    XCTAssertEqual(ScaleSequence.sixths.figures(scaleLength: 7).up[1], [1, 6])
    XCTAssertEqual(ScaleSequence.fourths.figures(scaleLength: 7).down[0], [7, 4])
  }

  func testGroupsOfFourInEFlatMajorKeepTheKeysSpelling() throws {
    let scale = try XCTUnwrap(Scale(parsing: "Eb major"))
    let (up, _) = ScaleSequence.groupsOfFour.notes(of: scale)
    XCTAssertEqual(names(Array(up.prefix(2))), "Eb F G Ab, F G Ab Bb")
  }

  /// Inside a position the figures go from its lowest note while they fit, then back from its
  /// highest: 18 notes in thirds are 16 figures up, each ending two notes on, ending on the
  /// highest note; down mirrors it and ends on the lowest.
  func testTheOrderInsideAPositionIsCutAtItsEnds() {
    let (up, down) = ScaleSequence.thirds.order(count: 18)
    XCTAssertEqual(Array(up.prefix(6)), [0, 2, 1, 3, 2, 4])
    XCTAssertEqual(up.count, 32)
    XCTAssertEqual(up.last, 17)
    XCTAssertEqual(Array(down.prefix(4)), [17, 15, 16, 14])
    XCTAssertEqual(down.last, 0)
    for sequence in ScaleSequence.allCases {
      let (up, down) = sequence.order(count: 12)
      XCTAssertEqual(up.first, 0, "\(sequence)")
      XCTAssertEqual(up.last, 11, "\(sequence)")
      XCTAssertEqual(down.first, 11, "\(sequence)")
      XCTAssertEqual(down.last, 0, "\(sequence)")
      XCTAssertTrue((up + down).allSatisfy { (0..<12).contains($0) }, "\(sequence)")
      XCTAssertEqual(Set(up), Set(0..<12), "every note of the position is played")
    }
    XCTAssertEqual(ScaleSequence.groupsOfFour.order(count: 5).up, [0, 1, 2, 3, 1, 2, 3, 4])
    XCTAssertEqual(ScaleSequence.sixths.order(count: 4).up, [0, 1, 2, 3], "too few: straight")
  }
}
