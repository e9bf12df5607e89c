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
}
