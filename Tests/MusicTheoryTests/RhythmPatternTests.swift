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
      (.half, "half", ["2"]),
      (.dottedHalf, "dotted-half", ["3"]),
      (.whole, "whole", ["4"]),
      (.halfRest, "half-rest", ["rest 2"]),
      (.dottedHalfRest, "dotted-half-rest", ["rest 3"]),
      (.wholeRest, "whole-rest", ["rest 4"]),
      (.dottedQuarterEighth, "dotted-quarter-eighth", ["1 tied", "1/2", "1/2"]),
      (.tiedSyncopation, "tied-syncopation", ["1/2", "1/2 tied", "1/2", "1/2"]),
    ]
    for (pattern, id, events) in shapes {
      XCTAssertEqual(pattern.id, id)
      XCTAssertEqual(
        pattern.events.map {
          ($0.isRest ? "rest " : "") + $0.duration.description + ($0.isTied ? " tied" : "")
        }, events, id)
      XCTAssertNoThrow(
        try RhythmPattern(id: pattern.id, name: pattern.name, events: pattern.events), id)
    }
    XCTAssertEqual(Set(RhythmPattern.shipped), Set(shapes.map(\.0)))
    XCTAssertEqual(
      RhythmPattern.shipped.prefix(5).map(\.id),
      ["quarter", "eighths", "rest", "triplet", "sixteenths"])
    let oneBeat = RhythmPattern.shipped.dropFirst(5).prefix(6).map(\.id)
    XCTAssertEqual(oneBeat, oneBeat.sorted())
    XCTAssertEqual(
      RhythmPattern.shipped.dropFirst(11).map(\.id),
      [
        "dotted-half", "half", "whole", "dotted-half-rest", "half-rest", "whole-rest",
        "dotted-quarter-eighth", "tied-syncopation",
      ], "the longer notes, the longer rests, then the ties")
    XCTAssertEqual(
      RhythmPattern.shipped.map(\.beats), Array(repeating: 1, count: 11) + [3, 2, 4, 3, 2, 4, 2, 2])
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
      (.half, [(.zero, beats(2))]),
      (.whole, [(.zero, beats(4))]),
      (.halfRest, []),
      // The quarter held on over the beat into the first eighth: one note a beat and a half long.
      (.dottedQuarterEighth, [(.zero, beats(3, 2)), (beats(3, 2), beats(1, 2))]),
      // The second eighth tied over the beat: no onset on beat 2.
      (.tiedSyncopation, [(.zero, beats(1, 2)), (beats(1, 2), .one), (beats(3, 2), beats(1, 2))]),
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

  func testTiesChainAndATiedIntoNoteIsNeverAnOnset() throws {
    // A half note tied to a quarter tied to an eighth: one note of three and a half beats.
    let pattern = try RhythmPattern(
      id: "long-tie", name: "x",
      events: [
        .note(beats(2), tied: true), .note(.one, tied: true), .note(beats(1, 2)),
        .note(beats(1, 2)),
      ])
    XCTAssertEqual(pattern.beats, 4)
    XCTAssertEqual(
      pattern.notes,
      [
        RhythmPattern.Note(onset: .zero, length: beats(7, 2)),
        RhythmPattern.Note(onset: beats(7, 2), length: beats(1, 2)),
      ])
  }

  func testEachProblemIsTold() {
    let half = RhythmPattern.Event.note(beats(1, 2))
    let tiedHalf = RhythmPattern.Event.note(beats(1, 2), tied: true)
    let cases: [(String, String, [RhythmPattern.Event], RhythmPattern.Problem)] = [
      ("", "x", [.note(.one)], .badID),
      ("Quarter", "x", [.note(.one)], .badID),
      ("two words", "x", [.note(.one)], .badID),
      ("ünï", "x", [.note(.one)], .badID),
      ("x", "", [.note(.one)], .emptyName),
      ("x", "x", [], .noEvents),
      ("x", "x", Array(repeating: .note(beats(1, 9)), count: 9), .tooManyEvents(beat: 1)),
      ("x", "x", Array(repeating: .note(beats(1, 60)), count: 60), .tooManyEvents(beat: 1)),
      (
        "x", "x", [.note(.one)] + Array(repeating: .note(beats(1, 9)), count: 9),
        .tooManyEvents(beat: 2)
      ),
      ("x", "x", [half, .note(.zero), half], .notPositive(event: 1)),
      ("x", "x", [.note(beats(-1, 2)), half, half], .notPositive(event: 0)),
      ("x", "x", [.note(beats(3, 2)), .note(beats(1, 2))], .crossesBeat(event: 0)),
      ("x", "x", [half, .note(.one), half], .crossesBeat(event: 1)),
      ("x", "x", [half, .note(beats(2)), .note(beats(3, 2))], .crossesBeat(event: 1)),
      ("x", "x", [.note(beats(5))], .longerThanBar(event: 0)),
      // Added up, these would overflow: each length is checked first.
      ("x", "x", [.note(beats(Int.max)), .note(.one)], .longerThanBar(event: 0)),
      (
        "x", "x", (1...20).map { .note(beats(1, 65 - $0)) } + [.note(.one)],
        .tooManyEvents(beat: 1)
      ),
      ("x", "x", [.note(beats(4)), .note(.one)], .wrongTotal(beats(5))),
      ("x", "x", [.note(beats(127, 128)), .note(beats(1, 128))], .tooFine(event: 0)),
      ("x", "x", [half, .note(beats(1, 4))], .wrongTotal(beats(3, 4))),
      ("x", "x", [half, half, half], .wrongTotal(beats(3, 2))),
      ("x", "x", [.rest(beats(1, 2)), .rest(beats(1, 2))], .splitRest),
      ("x", "x", [.rest(beats(2)), .rest(beats(2))], .splitRest),
      ("x", "x", [half, tiedHalf], .badTie(event: 1)),
      ("x", "x", [tiedHalf, .rest(beats(1, 2))], .badTie(event: 0)),
      (
        "x", "x", [RhythmPattern.Event(beats(1, 2), isRest: true, isTied: true), half],
        .badTie(event: 0)
      ),
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
    // Eight in every beat of a bar, and a half note on the second beat (whole beats from a beat).
    XCTAssertNoThrow(try RhythmPattern(id: "bar", name: "x", events: eight + eight + eight + eight))
    let halfOnTwo = [RhythmPattern.Event.note(.one), .note(beats(2)), .note(.one)]
    XCTAssertEqual(try RhythmPattern(id: "half-on-two", name: "x", events: halfOnTwo).beats, 4)
  }

  func testProblemsReadAsTheEndOfALine() {
    XCTAssertEqual(
      RhythmPattern.Problem.wrongTotal(beats(3, 4)).description,
      "add up to 3/4 beats; a pattern fills whole beats, 1 to 4")
    XCTAssertEqual(
      RhythmPattern.Problem.tooManyEvents(beat: 2).description,
      "has more than 8 notes and rests in beat 2; a beat holds at most 8")
    XCTAssertEqual(
      RhythmPattern.Problem.longerThanBar(event: 0).description, "is longer than a bar of 4 beats")
    XCTAssertEqual(
      RhythmPattern.Problem.splitRest.description,
      #"silence is written as one rest, such as "rest 1" or "rest 2""#)
    XCTAssertEqual(
      RhythmPattern.Problem.crossesBeat(event: 1).description,
      "runs across a beat; start it on a beat and make it whole beats, or tie two notes over the beat"
    )
    XCTAssertEqual(
      RhythmPattern.Problem.badTie(event: 1).description,
      "is tied, but a tie joins a note to the note right after it")
  }
}
