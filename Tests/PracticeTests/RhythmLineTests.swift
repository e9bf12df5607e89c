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

  private func starts(_ line: RhythmLine) -> [String] {
    line.placements.map { "\($0.beat):\($0.pattern.id)" }
  }

  func testOneBeatPatternsFollowEachOtherAcrossTheBarLines() throws {
    let line = try XCTUnwrap(RhythmLine(patterns: [.quarter, .eighths, .triplet], bars: 2))
    XCTAssertEqual(
      starts(line),
      [
        "0:quarter", "1:eighths", "2:triplet", "3:quarter", "4:eighths", "5:triplet", "6:quarter",
        "7:eighths",
      ])
    XCTAssertEqual(line.silentBeats, [])
    XCTAssertEqual(line.passes, [0..<3, 3..<6, 6..<8])
    XCTAssertEqual(line.timesThrough, 2)
    XCTAssertEqual(line.patternsLeftOver, 2, "the bars end the third time through after two")
  }

  func testAHalfNoteTakesTwoBeatsAndNeverCrossesABarLine() throws {
    // Half, quarter: 3 beats. The second half would start on beat 4 and cross the bar line: it
    // waits for bar 2, and beat 4 rests.
    let line = try XCTUnwrap(RhythmLine(patterns: [.half, .quarter], bars: 2))
    XCTAssertEqual(starts(line), ["0:half", "2:quarter", "4:half", "6:quarter"])
    XCTAssertEqual(line.silentBeats, [3, 7])
    XCTAssertEqual(line.passes, [0..<4, 4..<8], "the silent beat belongs to its time through")
    XCTAssertEqual(line.timesThrough, 2)
    XCTAssertEqual(line.patternsLeftOver, 0)
    XCTAssertEqual(
      line.notes,
      [
        note(.zero, beats(2)), note(beats(2), .one), note(beats(4), beats(2)),
        note(beats(6), .one),
      ])
  }

  func testAPatternThatWouldRunPastTheEndIsNotStarted() throws {
    // Three quarters then a whole note: the whole note waits for bar 2, and in one bar there
    // is none, so beat 4 rests and the line stops part way.
    let line = try XCTUnwrap(RhythmLine(patterns: [.quarter, .quarter, .quarter, .whole], bars: 1))
    XCTAssertEqual(starts(line), ["0:quarter", "1:quarter", "2:quarter"])
    XCTAssertEqual(line.silentBeats, [3])
    XCTAssertEqual(line.timesThrough, 0)
    XCTAssertEqual(line.patternsLeftOver, 3)
    XCTAssertEqual(line.passes, [0..<4])
    let two = try XCTUnwrap(RhythmLine(patterns: [.quarter, .quarter, .quarter, .whole], bars: 2))
    XCTAssertEqual(starts(two), ["0:quarter", "1:quarter", "2:quarter", "4:whole"])
    XCTAssertEqual(two.silentBeats, [3])
    XCTAssertEqual(two.timesThrough, 1)
  }

  func testATiedNoteIsNoOnsetAndItsLengthHoldsOn() throws {
    // Eighth, quarter tied over the beat, eighth; then a dotted quarter and an eighth.
    let line = try XCTUnwrap(
      RhythmLine(patterns: [.tiedSyncopation, .dottedQuarterEighth], bars: 1))
    XCTAssertEqual(
      line.notes,
      [
        note(.zero, beats(1, 2)), note(beats(1, 2), .one), note(beats(3, 2), beats(1, 2)),
        note(beats(2), beats(3, 2)), note(beats(7, 2), beats(1, 2)),
      ])
  }

  func testABeatANoteIsHeldOverIsKnown() throws {
    // Half, quarter, silent beat; then eighth, quarter tied over beat 5, eighth; dotted quarter.
    let line = try XCTUnwrap(
      RhythmLine(patterns: [.half, .quarter, .tiedSyncopation, .dottedQuarterEighth], bars: 2))
    XCTAssertEqual(
      line.heldBeats, [false, true, false, false, false, true, false, true])
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

  func testALongNotesWindowBaseIsAtMostABeat() throws {
    // At 60 BPM a half note is 2 s long but is judged as a quarter, on a 1 s base; a tied
    // quarter and a half (1.5 beats) likewise. The eighth keeps its own half second.
    let line = try XCTUnwrap(RhythmLine(patterns: [.half, .dottedQuarterEighth], bars: 1))
    XCTAssertEqual(
      line.expectedNotes(firstBeat: 0, bpm: 60),
      [
        RhythmGrader.ExpectedNote(time: 0, windowBase: 1),
        RhythmGrader.ExpectedNote(time: 2, windowBase: 1),
        RhythmGrader.ExpectedNote(time: 3.5, windowBase: 0.5),
      ])
  }

  func testTimesAreComputedFromTheOnsetNeverAccumulated() throws {
    let line = try XCTUnwrap(RhythmLine(patterns: [.triplet], bars: 16))
    let expected = line.expectedNotes(firstBeat: 3.7, bpm: 90)
    XCTAssertEqual(expected.count, 16 * 4 * 3)
    XCTAssertEqual(expected.last?.time, 3.7 + (191.0 / 3) * (60.0 / 90))
  }
}
