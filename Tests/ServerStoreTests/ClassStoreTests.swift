import Foundation
import Logging
import XCTest

@testable import ServerStore

/// The class store on a real SQLite file: codes, names, and who a recommendation reaches.
final class ClassStoreTests: XCTestCase {
  func testACodeIsReadWithoutCaseSpacesOrHyphensAndHasNoLookAlikes() {
    XCTAssertEqual(ClassStore.normalizedCode("ab3d-ef4h"), "AB3DEF4H")
    XCTAssertEqual(ClassStore.normalizedCode(" AB3D EF4H "), "AB3DEF4H")
    XCTAssertNil(ClassStore.normalizedCode("AB3DEF4"), "seven characters")
    XCTAssertNil(ClassStore.normalizedCode("AB3DEF4O"), "O is never in a code: it reads as 0")
    for _ in 0..<50 {
      let code = ClassStore.newCode()
      XCTAssertEqual(ClassStore.normalizedCode(code), code)
      XCTAssertFalse(code.contains { "01OIL".contains($0) }, code)
    }
  }

  func testANameIsOneLineOfReadableText() {
    XCTAssertNil(ClassStore.problem(withName: "Tuesday guitar"))
    XCTAssertNotNil(ClassStore.problem(withName: ""))
    XCTAssertNotNil(ClassStore.problem(withName: String(repeating: "a", count: 61)))
    XCTAssertNotNil(ClassStore.problem(withName: "Tuesday\u{1b}[2J"))
    XCTAssertNotNil(ClassStore.problem(withName: " padded"))
  }

  func testARecommendationReachesStudentsJoinedLaterAndNotifiesOnce() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-classes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try await ServerDatabase.open(
      .sqlite(path: folder.appendingPathComponent("s.sqlite").path), logger: Logger(label: "t"))
    let clock = TestClock()
    let accounts = AccountStore(database: database.sql, bcryptCost: 4, now: { clock.now })
    let store = ClassStore(database: database.sql, now: { clock.now })
    do {
      try await accounts.migrate()
      for name in ["tia", "bea", "cy"] {
        _ = try await accounts.createAccount(name: name, password: "a long password")
      }
      let made = try await store.create(name: "Guitar", teacher: "tia")
      let joined = try await store.join(code: made.joinCode, player: "bea")
      let withBea = try await store.schoolClass(id: made.id)
      XCTAssertEqual(withBea?.students, 1)
      XCTAssertEqual(joined, .joined(try XCTUnwrap(withBea)))
      let own = try await store.join(code: made.joinCode, player: "tia")
      XCTAssertEqual(own, .ownClass(try XCTUnwrap(withBea)))
      let recommendation = try await store.recommend(
        classID: made.id, kind: .pattern, itemID: "minor-pentatonic-1", message: "go", level: 3)
      clock.advance(60)
      _ = try await store.join(code: made.joinCode, player: "cy")
      let cysInbox = try await store.inbox(of: "cy")
      XCTAssertEqual(cysInbox.map(\.recommendation), [recommendation])
      XCTAssertEqual(cysInbox.first?.receivedAt, clock.now, "received when cy joined")

      try await store.gameReached(level: 2, patternID: "minor-pentatonic-1", player: "bea")
      let unfinished = try await store.inbox(of: "bea")
      XCTAssertNil(unfinished.first?.state.finishedAt, "level 2 is short of the 3 asked")
      try await store.gameReached(level: 3, patternID: "minor-pentatonic-1", player: "bea")
      try await store.gameReached(level: 4, patternID: "minor-pentatonic-1", player: "bea")
      let notices = try await store.readNotices(teacher: "tia")
      XCTAssertEqual(notices.map(\.event), [.accepted, .finished], "finishing accepts, once")
      let again = try await store.readNotices(teacher: "tia")
      XCTAssertEqual(again, [])
      let notMine = try await store.mark(
        .accepted, recommendationID: recommendation.id, player: "tia")
      XCTAssertNil(notMine, "the teacher is no student of the class")
    } catch {
      await database.shutdown()
      throw error
    }
    await database.shutdown()
  }
}
