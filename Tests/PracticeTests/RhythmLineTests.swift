import MusicTheory
import Practice
import XCTest

final class RhythmLineTests: XCTestCase {
  private func beats(_ numerator: Int, _ denominator: Int = 1) -> BeatFraction {
    BeatFraction(numerator, denominator)
  }

  private func note(_ onset: BeatFraction, _ length: BeatFraction) -> RhythmPattern.Note {
    RhythmPattern.Note(onset: onset, length: length)
  }

  func testALineNeedsAPatternAndABar() {
    XCTAssertNil(RhythmLine(patterns: [], bars: 1))
    XCTAssertNil(RhythmLine(patterns: [.quarter], bars: 0))
    XCTAssertEqual(RhythmLine(patterns: [.quarter], bars: 3)?.beatCount, 12)
  }

  func testBeatKPlaysPatternKModTheCount() throws {
    let line = try XCTUnwrap(RhythmLine(patterns: [.quarter, .eighths, .triplet], bars: 2))
    XCTAssertEqual(
      (0..<line.beatCount).map { line.pattern(atBeat: $0).id },
      [
        "quarter", "eighths", "triplet", "quarter", "eighths", "triplet", "quarter", "eighths",
      ])
  }

  func testNotesCountFromBeatZeroAndRestsAreNotNotes() throws {
    let line = try XCTUnwrap(
      RhythmLine(patterns: [.quarter, .eighths, .rest, .triplet], bars: 1))
    XCTAssertEqual(
      line.notes,
      [
        note(.zero, .one), note(beats(1), beats(1, 2)), note(beats(3, 2), beats(1, 2)),
        note(beats(3), beats(1, 3)), note(beats(10, 3), beats(1, 3)),
        note(beats(11, 3), beats(1, 3)),
      ])
  }

  func testTheWindowBaseIsTheWrittenLengthEvenBeforeARest() throws {
    // The quarter before a quarter rest is one beat long, not two: a hit on the rest is not
    // its late hit. The offbeat eighth's window base is its half beat.
    let line = try XCTUnwrap(RhythmLine(patterns: [.quarter, .rest, .offbeatEighth], bars: 1))
    XCTAssertEqual(
      line.notes,
      [note(.zero, .one), note(beats(5, 2), beats(1, 2)), note(beats(3), .one)])
  }

  func testExpectedNotesAtATempo() throws {
    let line = try XCTUnwrap(RhythmLine(patterns: [.sixteenthDottedEighth], bars: 1))
    let expected = line.expectedNotes(firstBeat: 10, bpm: 120)
    XCTAssertEqual(expected.count, 8)
    XCTAssertEqual(expected[0], RhythmGrader.ExpectedNote(time: 10, windowBase: 0.125))
    XCTAssertEqual(expected[1], RhythmGrader.ExpectedNote(time: 10.125, windowBase: 0.375))
    XCTAssertEqual(expected[7], RhythmGrader.ExpectedNote(time: 11.625, windowBase: 0.375))
  }

  func testTimesAreComputedFromTheOnsetNeverAccumulated() throws {
    let line = try XCTUnwrap(RhythmLine(patterns: [.triplet], bars: 16))
    let expected = line.expectedNotes(firstBeat: 3.7, bpm: 90)
    XCTAssertEqual(expected.count, 16 * 4 * 3)
    XCTAssertEqual(expected.last?.time, 3.7 + (191.0 / 3) * (60.0 / 90))
  }
}
