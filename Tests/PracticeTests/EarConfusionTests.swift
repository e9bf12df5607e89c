import FoundationEssentials
import Practice
import XCTest

final class EarConfusionTests: XCTestCase {
  private func answer(_ played: String, _ given: String, context: String = "intervals")
    -> SessionRecord.Answer
  {
    SessionRecord.Answer(
      question: played, context: context, given: given, isCorrect: played == given, seconds: 1)
  }

  func testCountsWhatWasHeardAsWhatAndRanksTheWorstPairs() {
    let confusion = EarConfusion(
      Array(repeating: answer("m6", "P5"), count: 7)
        + Array(repeating: answer("m6", "m6"), count: 5)
        + Array(repeating: answer("M3", "m3"), count: 2) + [answer("M3", "M3")]
        + Array(repeating: answer("P4", "P5"), count: 2))
    XCTAssertEqual(confusion.count(played: "m6", given: "P5"), 7)
    XCTAssertEqual(confusion.asked("m6"), 12)
    XCTAssertEqual(confusion.count(played: "P5", given: "m6"), 0, "the grid is not symmetric")
    XCTAssertEqual(
      confusion.worst(limit: 3).map { "\($0.played)>\($0.given) \($0.count)/\($0.asked)" },
      ["m6>P5 7/12", "P4>P5 2/2", "M3>m3 2/3"],
      "most first; on a tie the larger share of its item's questions")
  }

  func testTakesTheEarSessionsAnswersOfOneExerciseOnly() {
    func record(_ module: String, _ answers: [SessionRecord.Answer]) -> SessionRecord {
      SessionRecord(
        module: module, exercise: "x", startedAt: Date(timeIntervalSince1970: 0), duration: 1,
        answers: answers)
    }
    let history = [
      record("ear", [answer("m3", "M3"), answer("maj", "m", context: "chords")]),
      record("fretboard", [answer("m3", "m3")]),
      record("ear", [answer("P5", "P5")]),
    ]
    XCTAssertEqual(
      EarConfusion.answers(in: history, module: "ear", exercise: "intervals").map(\.question),
      ["m3", "P5"])
  }
}
