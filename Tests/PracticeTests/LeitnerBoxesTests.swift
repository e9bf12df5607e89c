import Foundation
import Practice
import XCTest

final class LeitnerBoxesTests: XCTestCase {
  private func answer(
    _ question: String = "C4", in context: String = "treble", right: Bool = true,
    seconds: Double = 1
  ) -> SessionRecord.Answer {
    .init(question: question, context: context, given: "", isCorrect: right, seconds: seconds)
  }

  private func session(_ answers: [SessionRecord.Answer], module: String = "notes")
    -> SessionRecord
  {
    SessionRecord(
      module: module, exercise: "flashcards", startedAt: Date(timeIntervalSince1970: 0),
      duration: 60, answers: answers)
  }

  /// The boxes of C4 on the treble staff after each of `answers`.
  private func boxes(after answers: [SessionRecord.Answer]) -> [Int?] {
    var boxes = LeitnerBoxes()
    return answers.map {
      boxes.record($0)
      return boxes.box(of: "C4", in: "treble")
    }
  }

  func testANoteNeverAskedHasNoBox() {
    XCTAssertNil(LeitnerBoxes().box(of: "C4", in: "treble"))
  }

  func testANewNoteStartsInBoxOneWhenRightAndFastElseInBoxZero() {
    XCTAssertEqual(boxes(after: [answer()]), [1])
    XCTAssertEqual(boxes(after: [answer(seconds: 5)]), [0])
    XCTAssertEqual(boxes(after: [answer(right: false)]), [0])
  }

  func testEachRightAndFastAnswerMovesUpOneBox() {
    XCTAssertEqual(boxes(after: [answer(), answer(), answer()]), [1, 2, 3])
  }

  func testARightButSlowAnswerLeavesTheNoteWhereItIs() {
    XCTAssertEqual(boxes(after: [answer(), answer(), answer(seconds: 5)]), [1, 2, 2])
  }

  func testAWrongAnswerSendsTheNoteBackToBoxZero() {
    XCTAssertEqual(
      boxes(after: [answer(), answer(), answer(), answer(right: false)]), [1, 2, 3, 0])
  }

  func testAnAnswerOfExactlySlowSecondsStillCountsAsFast() {
    let slow = LeitnerBoxes.slowSeconds
    XCTAssertEqual(boxes(after: [answer(), answer(seconds: slow)]), [1, 2])
    XCTAssertEqual(boxes(after: [answer(), answer(seconds: slow.nextUp)]), [1, 1])
  }

  func testTheLastBoxIsTheCap() {
    let boxes = boxes(after: Array(repeating: answer(), count: LeitnerBoxes.boxCount + 2))
    XCTAssertEqual(boxes, [1, 2, 3, 4, 4, 4, 4])
  }

  func testWeightsHalveWithEachBoxAndUnseenNotesWeighAsBoxZero() {
    var boxes = LeitnerBoxes()
    XCTAssertEqual(boxes.weight(of: "C4", in: "treble"), 16, "unseen")
    boxes.record(answer(right: false))
    var weights = [boxes.weight(of: "C4", in: "treble")]
    for _ in 1..<LeitnerBoxes.boxCount {
      boxes.record(answer())
      weights.append(boxes.weight(of: "C4", in: "treble"))
    }
    XCTAssertEqual(weights, [16, 8, 4, 2, 1])
  }

  func testReplayOrderMatters() {
    let wrong = answer(right: false)
    let right = answer()
    func box(replaying records: [SessionRecord]) -> Int? {
      LeitnerBoxes(replaying: records, module: "notes").box(of: "C4", in: "treble")
    }
    XCTAssertEqual(box(replaying: [session([wrong]), session([right])]), 1, "across sessions")
    XCTAssertEqual(box(replaying: [session([right]), session([wrong])]), 0, "across sessions")
    XCTAssertEqual(box(replaying: [session([wrong, right])]), 1, "within a session")
    XCTAssertEqual(box(replaying: [session([right, wrong])]), 0, "within a session")
  }

  func testReplayingIsRecordingEveryAnswerInTurn() {
    let answers = [
      answer(), answer("D4"), answer(seconds: 5), answer("D4", right: false), answer(),
    ]
    var recorded = LeitnerBoxes()
    for answer in answers { recorded.record(answer) }
    let replayed = LeitnerBoxes(
      replaying: [session(Array(answers[..<2])), session(Array(answers[2...]))], module: "notes")
    XCTAssertEqual(replayed, recorded)
    XCTAssertNotEqual(replayed, LeitnerBoxes())
  }

  func testRecordsOfOtherModulesAreIgnored() {
    let records = [
      session([answer(right: false)]), session([answer(), answer("D4")], module: "fretboard"),
    ]
    let boxes = LeitnerBoxes(replaying: records, module: "notes")
    XCTAssertEqual(boxes.box(of: "C4", in: "treble"), 0)
    XCTAssertNil(boxes.box(of: "D4", in: "treble"))
  }

  func testTheSameNoteInAnotherContextIsAnotherNote() {
    var boxes = LeitnerBoxes()
    boxes.record(answer(in: "treble"))
    boxes.record(answer(in: "treble"))
    boxes.record(answer(in: "bass", right: false))
    XCTAssertEqual(boxes.box(of: "C4", in: "treble"), 2)
    XCTAssertEqual(boxes.box(of: "C4", in: "bass"), 0)
    XCTAssertNil(boxes.box(of: "C4", in: "grand"))
    XCTAssertEqual(boxes.weight(of: "C4", in: "treble"), 4)
    XCTAssertEqual(boxes.weight(of: "C4", in: "bass"), 16)
  }

  func testTheSameContextWithAnotherNoteIsAnotherNote() {
    var boxes = LeitnerBoxes()
    boxes.record(answer("C4"))
    boxes.record(answer("C#4"))
    boxes.record(answer("C#4"))
    XCTAssertEqual(boxes.box(of: "C4", in: "treble"), 1)
    XCTAssertEqual(boxes.box(of: "C#4", in: "treble"), 2)
  }
}
