import MusicTheory
import Practice
import XCTest

final class ScaleRunTests: XCTestCase {
  /// A minor pentatonic at the fifth fret, places in the pattern's order, with their pitches.
  private let places: [(FretPosition, Pitch)] = {
    let tuning = Tuning.guitarStandard
    let frets: [(Int, Int)] = [(6, 5), (6, 8), (5, 5), (5, 7), (4, 5), (4, 7), (3, 5), (3, 7), (2, 5), (2, 8), (1, 5), (1, 8)]
    // Given from the top down, to show the order does not come from the input.
    return frets.reversed().map {
      (FretPosition(string: $0.0, fret: $0.1), tuning.pitch(string: $0.0, fret: $0.1))
    }
  }()

  private func run(_ direction: ScaleRun.Direction) -> ScaleRun {
    ScaleRun(positions: places.map(\.0), pitches: places.map(\.1), direction: direction)
  }

  func testTheNotesArePlayedFromTheLowestUp() {
    let run = run(.ascending)
    XCTAssertEqual(run.expected.count, 12)
    XCTAssertEqual(run.expected.first?.position, FretPosition(string: 6, fret: 5))
    XCTAssertEqual(run.expected.last?.position, FretPosition(string: 1, fret: 8))
    XCTAssertEqual(run.expected.map(\.pitch), run.expected.map(\.pitch).sorted())
    XCTAssertEqual(self.run(.descending).expected.first?.position, FretPosition(string: 1, fret: 8))
  }

  func testARunPlayedInOrderFinishes() {
    var run = run(.ascending)
    for (index, note) in run.expected.enumerated() {
      XCTAssertEqual(run.play(note.pitch), index == 11 ? .finished : .right)
    }
    XCTAssertTrue(run.isOver)
    XCTAssertNil(run.next)
  }

  func testTheFirstWrongNoteEndsTheRunAndSaysWhatWasExpected() {
    var run = run(.ascending)
    run.play(run.expected[0].pitch)
    run.play(run.expected[1].pitch)
    let wrong = run.expected[2].pitch + 1
    XCTAssertEqual(run.play(wrong), .wrong(index: 2, played: wrong, expected: run.expected[2].pitch))
    XCTAssertTrue(run.isOver)
    XCTAssertEqual(run.play(run.expected[3].pitch), .wrong(index: 2, played: wrong, expected: run.expected[2].pitch), "over")
  }

  func testTheSamePitchElsewhereOnTheNeckIsRight() {
    var run = run(.ascending)
    // E2 open is not in the box, but A2 at string 6 fret 5 is the same pitch as string 5 open.
    XCTAssertEqual(run.play(Tuning.guitarStandard.pitch(string: 5, fret: 0)), .right)
  }
}
