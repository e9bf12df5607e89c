import Foundation
import Practice
import XCTest

final class SessionRecordTests: XCTestCase {
  func testRoundTripsThroughJSON() throws {
    let record = SessionRecord(
      module: "notes", exercise: "treble-flashcards",
      startedAt: Date(timeIntervalSince1970: 1_800_000_000), duration: 312.5, score: 0.85,
      figures: ["answers": 40, "medianMs": 1450])
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let decoded = try decoder.decode(SessionRecord.self, from: encoder.encode(record))
    XCTAssertEqual(decoded, record)
  }

  func testScoreIsClampedToAFraction() {
    let start = Date(timeIntervalSince1970: 0)
    XCTAssertEqual(SessionRecord(module: "m", exercise: "e", startedAt: start, duration: 1, score: 1.7).score, 1)
    XCTAssertEqual(SessionRecord(module: "m", exercise: "e", startedAt: start, duration: 1, score: -0.2).score, 0)
    XCTAssertNil(SessionRecord(module: "m", exercise: "e", startedAt: start, duration: 1).score)
  }
}
