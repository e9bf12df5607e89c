import MusicTheory
import Practice
import XCTest

final class ScaleRunTests: XCTestCase {
  /// A minor pentatonic at the fifth fret, places in the pattern's order, with their pitches.
  private let places: [(FretPosition, Pitch)] = {
    let tuning = Tuning.guitarStandard
    let frets: [(Int, Int)] = [
      (6, 5), (6, 8), (5, 5), (5, 7), (4, 5), (4, 7), (3, 5), (3, 7), (2, 5), (2, 8), (1, 5),
      (1, 8),
    ]
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
      XCTAssertEqual(run.play(note.pitch, at: .zero), index == 11 ? .finished : .right)
    }
    XCTAssertTrue(run.isOver)
    XCTAssertNil(run.next)
  }

  func testTheFirstWrongNoteEndsTheRunAndSaysWhatWasExpected() {
    var run = run(.ascending)
    run.play(run.expected[0].pitch, at: .zero)
    run.play(run.expected[1].pitch, at: .zero)
    let wrong = run.expected[2].pitch + 1
    XCTAssertEqual(
      run.play(wrong, at: .zero), .wrong(index: 2, played: wrong, expected: run.expected[2].pitch))
    XCTAssertTrue(run.isOver)
    XCTAssertEqual(
      run.play(run.expected[3].pitch, at: .zero),
      .wrong(index: 2, played: wrong, expected: run.expected[2].pitch), "over")
  }

  func testTheSamePitchElsewhereOnTheNeckIsRight() {
    var run = run(.ascending)
    // E2 open is not in the box, but A2 at string 6 fret 5 is the same pitch as string 5 open.
    XCTAssertEqual(run.play(Tuning.guitarStandard.pitch(string: 5, fret: 0), at: .zero), .right)
  }

  // At 120 BPM a beat is 500 ms and a note may land 100 ms either side of it.
  private let grid = BeatGrid(firstBeat: .seconds(10), beatLength: .milliseconds(500))

  func testWithAClickEachNoteBelongsOnItsBeat() {
    var run = run(.ascending)
    run.grid = grid
    XCTAssertEqual(grid.tolerance, .milliseconds(100))
    XCTAssertEqual(run.play(run.expected[0].pitch, at: .milliseconds(10_040)), .right, "40 ms late")
    XCTAssertEqual(
      run.play(run.expected[1].pitch, at: .milliseconds(10_420)), .right, "80 ms early")
    XCTAssertEqual(
      run.play(run.expected[2].pitch, at: .milliseconds(11_130)),
      .offBeat(index: 2, by: .milliseconds(130)))
    XCTAssertTrue(run.isOver)
  }

  func testAnEarlyNoteIsNamedEarlyAndAWrongNoteBeforeAWrongTime() {
    var early = run(.ascending)
    early.grid = grid
    XCTAssertEqual(
      early.play(early.expected[0].pitch, at: .milliseconds(9_700)),
      .offBeat(index: 0, by: .milliseconds(-300)))
    var wrong = run(.ascending)
    wrong.grid = grid
    let note = wrong.expected[0].pitch + 1
    XCTAssertEqual(
      wrong.play(note, at: .seconds(20)),
      .wrong(index: 0, played: note, expected: wrong.expected[0].pitch))
  }

  func testABeatThatGoesByWithoutItsNoteEndsTheRun() {
    var run = run(.ascending)
    run.grid = grid
    run.play(run.expected[0].pitch, at: .seconds(10))
    XCTAssertEqual(run.deadline, .milliseconds(10_600))
    run.check(at: .milliseconds(10_600))
    XCTAssertFalse(run.isOver, "still inside the window")
    run.check(at: .milliseconds(10_601))
    XCTAssertEqual(run.verdict, .missed(index: 1))
    XCTAssertNil(run.deadline)
  }

  func testInFreeTimeThereIsNoDeadline() {
    var run = run(.ascending)
    XCTAssertNil(run.deadline)
    run.check(at: .seconds(1000))
    XCTAssertNil(run.verdict)
  }

  func testTheGridComesFromAnyBeatOfTheClick() {
    // The count-in's first beat (index -4 in 4/4) at 2 s, at 60 BPM: the first beat is at 6 s.
    let grid = BeatGrid(beat: -4, soundsAt: .seconds(2), bpm: 60)
    XCTAssertEqual(grid.firstBeat, .seconds(6))
    XCTAssertEqual(grid.time(ofBeat: 3), .seconds(9))
    XCTAssertEqual(grid.tolerance, .milliseconds(150), "a fifth of a second beat, capped")
    XCTAssertEqual(BeatGrid(beat: 0, soundsAt: .zero, bpm: 240).tolerance, .milliseconds(80))
  }
}
