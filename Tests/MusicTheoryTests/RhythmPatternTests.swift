import MusicTheory
import XCTest

final class RhythmPatternTests: XCTestCase {
  private func beats(_ numerator: Int, _ denominator: Int = 1) -> BeatFraction {
    BeatFraction(numerator, denominator)
  }

  func testTheShippedShapes() {
    let shapes: [(RhythmPattern, String, [String])] = [
      (.quarter, "quarter", ["1"]),
      (.eighths, "eighths", ["1/2", "1/2"]),
      (.triplet, "triplet", ["1/3", "1/3", "1/3"]),
      (.rest, "rest", ["rest 1"]),
      (.sixteenths, "sixteenths", ["1/4", "1/4", "1/4", "1/4"]),
      (.dottedEighthSixteenth, "dotted-eighth-sixteenth", ["3/4", "1/4"]),
      (.sixteenthDottedEighth, "sixteenth-dotted-eighth", ["1/4", "3/4"]),
      (.eighthTwoSixteenths, "eighth-two-sixteenths", ["1/2", "1/4", "1/4"]),
      (.twoSixteenthsEighth, "two-sixteenths-eighth", ["1/4", "1/4", "1/2"]),
      (.syncopation, "syncopation", ["1/4", "1/2", "1/4"]),
      (.offbeatEighth, "offbeat-eighth", ["rest 1/2", "1/2"]),
    ]
    for (pattern, id, events) in shapes {
      XCTAssertEqual(pattern.id, id)
      XCTAssertEqual(
        pattern.events.map { ($0.isRest ? "rest " : "") + $0.duration.description }, events, id)
      XCTAssertNoThrow(
        try RhythmPattern(id: pattern.id, name: pattern.name, events: pattern.events), id)
    }
    XCTAssertEqual(Set(RhythmPattern.shipped), Set(shapes.map(\.0)))
    XCTAssertEqual(
      RhythmPattern.shipped.prefix(5).map(\.id),
      ["quarter", "eighths", "rest", "triplet", "sixteenths"])
    let others = RhythmPattern.shipped.dropFirst(5).map(\.id)
    XCTAssertEqual(others, others.sorted())
  }

  func testNotesHaveOnsetsFromTheBeatAndTheirWrittenLength() {
    let cases: [(RhythmPattern, [(BeatFraction, BeatFraction)])] = [
      (.quarter, [(.zero, .one)]),
      (.triplet, [(.zero, beats(1, 3)), (beats(1, 3), beats(1, 3)), (beats(2, 3), beats(1, 3))]),
      (.rest, []),
      (.offbeatEighth, [(beats(1, 2), beats(1, 2))]),
      (
        .syncopation,
        [(.zero, beats(1, 4)), (beats(1, 4), beats(1, 2)), (beats(3, 4), beats(1, 4))]
      ),
      (.dottedEighthSixteenth, [(.zero, beats(3, 4)), (beats(3, 4), beats(1, 4))]),
    ]
    for (pattern, expected) in cases {
      XCTAssertEqual(
        pattern.notes, expected.map { RhythmPattern.Note(onset: $0.0, length: $0.1) }, pattern.id)
    }
  }

  func testARestBeforeANoteEndsTheNoteBefore() throws {
    let pattern = try RhythmPattern(
      id: "note-rest", name: "Eighth and eighth rest",
      events: [.note(beats(1, 2)), .rest(beats(1, 4)), .note(beats(1, 4))])
    XCTAssertEqual(
      pattern.notes,
      [
        RhythmPattern.Note(onset: .zero, length: beats(1, 2)),
        RhythmPattern.Note(onset: beats(3, 4), length: beats(1, 4)),
      ])
  }

  func testEachProblemIsTold() {
    let half = RhythmPattern.Event.note(beats(1, 2))
    let cases: [(String, String, [RhythmPattern.Event], RhythmPattern.Problem)] = [
      ("", "x", [.note(.one)], .badID),
      ("Quarter", "x", [.note(.one)], .badID),
      ("two words", "x", [.note(.one)], .badID),
      ("ünï", "x", [.note(.one)], .badID),
      ("x", "", [.note(.one)], .emptyName),
      ("x", "x", [], .noEvents),
      ("x", "x", Array(repeating: .note(beats(1, 9)), count: 9), .tooManyEvents(9)),
      ("x", "x", [half, .note(.zero), half], .notPositive(event: 1)),
      ("x", "x", [.note(beats(-1, 2)), half, half], .notPositive(event: 0)),
      ("x", "x", [.note(beats(3, 2)), .note(beats(-1, 2))], .longerThanBeat(event: 0)),
      ("x", "x", [.note(beats(127, 128)), .note(beats(1, 128))], .tooFine(event: 0)),
      ("x", "x", [half, .note(beats(1, 4))], .wrongTotal(beats(3, 4))),
      ("x", "x", [half, half, half], .wrongTotal(beats(3, 2))),
      ("x", "x", [.rest(beats(1, 2)), .rest(beats(1, 2))], .splitRest),
    ]
    for (id, name, events, problem) in cases {
      XCTAssertThrowsError(try RhythmPattern(id: id, name: name, events: events)) { error in
        XCTAssertEqual(error as? RhythmPattern.Problem, problem, "\(id) \(events)")
      }
    }
  }

  func testTheLimitsThemselvesAreAllowed() {
    let eight = Array(repeating: RhythmPattern.Event.note(beats(1, 8)), count: 8)
    XCTAssertNoThrow(try RhythmPattern(id: "eight-32nds", name: "x", events: eight))
    let finest = [RhythmPattern.Event.note(beats(63, 64)), .note(beats(1, 64))]
    XCTAssertNoThrow(try RhythmPattern(id: "a-1", name: "x", events: finest))
    let quintuplet = Array(repeating: RhythmPattern.Event.note(beats(1, 5)), count: 5)
    XCTAssertNoThrow(try RhythmPattern(id: "quintuplet", name: "x", events: quintuplet))
  }

  func testProblemsReadAsTheEndOfALine() {
    XCTAssertEqual(
      RhythmPattern.Problem.wrongTotal(beats(3, 4)).description,
      "add up to 3/4 beats; a pattern fills exactly 1 beat")
    XCTAssertEqual(
      RhythmPattern.Problem.tooManyEvents(9).description,
      "has 9 notes and rests; a beat holds at most 8")
    XCTAssertEqual(
      RhythmPattern.Problem.splitRest.description, #"a silent beat is written as one "rest 1""#)
  }
}
