import Foundation
import Practice
import XCTest

final class SessionRecordTests: XCTestCase {
  private let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = .sortedKeys
    return encoder
  }()
  private let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }()

  func testRoundTripsThroughJSON() throws {
    let record = SessionRecord(
      module: "notes", exercise: "flashcards",
      startedAt: Date(timeIntervalSince1970: 1_800_000_000), duration: 312.5, score: 0.5,
      figures: ["rounds": 2, "right": 1], content: ["treble-c4-b4"],
      answers: [
        .init(question: "C4", context: "treble", given: "C", isCorrect: true, seconds: 1.25),
        .init(question: "A4", context: "treble", given: "G", isCorrect: false, seconds: 2.5),
      ], isCutShort: true)
    let decoded = try decoder.decode(SessionRecord.self, from: encoder.encode(record))
    XCTAssertEqual(decoded, record)
  }

  func testALineFromBeforeContentAndAnswersStillReads() throws {
    let line =
      #"{"duration":60,"exercise":"e","figures":{},"module":"m","startedAt":"2026-11-01T10:00:00Z"}"#
    let record = try decoder.decode(SessionRecord.self, from: Data(line.utf8))
    XCTAssertEqual(record.content, [])
    XCTAssertEqual(record.answers, [])
    XCTAssertFalse(record.isCutShort)
    XCTAssertNil(record.score)
  }

  func testEmptyListsAreLeftOutOfTheLine() throws {
    let record = SessionRecord(
      module: "m", exercise: "e", startedAt: Date(timeIntervalSince1970: 0), duration: 1)
    let line = String(decoding: try encoder.encode(record), as: UTF8.self)
    XCTAssertFalse(line.contains("answers"))
    XCTAssertFalse(line.contains("content"))
    XCTAssertFalse(line.contains("cutShort"))
  }

  func testMissedListsEachWrongQuestionOnceInOrder() {
    let answers: [SessionRecord.Answer] = [
      ("E4", false), ("C4", true), ("G4", false), ("E4", false),
    ]
    .map { .init(question: $0.0, context: "treble", given: "C", isCorrect: $0.1, seconds: 1) }
    let record = SessionRecord(
      module: "notes", exercise: "flashcards", startedAt: Date(timeIntervalSince1970: 0),
      duration: 4, answers: answers)
    XCTAssertEqual(record.missed, ["E4", "G4"])
  }

  func testScoreIsClampedToAFraction() {
    let start = Date(timeIntervalSince1970: 0)
    XCTAssertEqual(
      SessionRecord(module: "m", exercise: "e", startedAt: start, duration: 1, score: 1.7).score, 1)
    XCTAssertEqual(
      SessionRecord(module: "m", exercise: "e", startedAt: start, duration: 1, score: -0.2).score, 0
    )
    XCTAssertNil(SessionRecord(module: "m", exercise: "e", startedAt: start, duration: 1).score)
  }
}
