import Foundation
import Logging
import XCTest

@testable import ServerStore

/// The library store on a real SQLite file: one decision per suggestion, every version's file
/// kept, and a withdrawn pattern brought back by an edit.
final class LibraryStoreTests: XCTestCase {
  func testANoteOrReasonIsOneLineOfBoundedText() {
    XCTAssertNil(LibraryStore.problem(withText: ""))
    XCTAssertNil(LibraryStore.problem(withText: "Name the fingers, please"))
    XCTAssertNotNil(LibraryStore.problem(withText: "two\nlines"))
    XCTAssertNotNil(LibraryStore.problem(withText: "\u{1b}[2J"))
    XCTAssertNotNil(
      LibraryStore.problem(withText: String(repeating: "a", count: LibraryStore.longestText + 1)))
  }

  func testASuggestionIsDecidedOnceAndEveryVersionKeepsItsFile() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-library-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try await ServerDatabase.open(
      .sqlite(path: folder.appendingPathComponent("s.sqlite").path), logger: Logger(label: "t"))
    let clock = TestClock()
    let accounts = AccountStore(database: database.sql, bcryptCost: 4, now: { clock.now })
    let store = LibraryStore(database: database.sql, now: { clock.now })
    do {
      try await accounts.migrate()
      for name in ["ada", "tia", "tom"] {
        _ = try await accounts.createAccount(name: name, password: "a long password")
      }
      let share = PatternShare(
        id: "s1", owner: "ada", recipient: nil, patternID: "box", name: "Box",
        createdAt: clock.now)
      let suggestion = try await store.suggest(share, file: "{v1}", by: "ada", note: "")
      // Two teachers accept at once: one decision counts, the other is told it came late.
      async let first = try? store.review(
        suggestion.id, decision: .accept, reason: "", by: "tia")
      async let second = try? store.review(
        suggestion.id, decision: .decline, reason: "no", by: "tom")
      let decided = await [first, second].compactMap { $0 }
      XCTAssertEqual(decided.count, 1)
      let published = try await store.patterns()
      XCTAssertEqual(published.count, decided.first?.1 == nil ? 0 : 1)
      let pending = try await store.pending()
      XCTAssertEqual(pending, [])

      clock.advance(60)
      let accepted = try await store.suggest(share, file: "{v1}", by: "ada", note: "again")
      if published.isEmpty {
        _ = try await store.review(accepted.id, decision: .accept, reason: "", by: "tia")
      }
      _ = try await store.edit("box", name: "Box 2", file: "{v2}", by: "tia", note: "fingers")
      let withdrawn = try await store.withdraw("box", by: "tia", reason: "old")
      XCTAssertEqual(withdrawn?.isWithdrawn, true)
      let listed = try await store.patterns()
      XCTAssertEqual(listed, [], "no longer listed")
      let all = try await store.patterns(includingWithdrawn: true)
      XCTAssertEqual(all.count, 1)
      let latest = try await store.pattern("box")
      XCTAssertEqual(latest?.2, "{v2}", "a withdrawal keeps the last file published")
      let firstVersion = try await store.pattern("box", version: 1)
      XCTAssertEqual(firstVersion?.2, "{v1}")
      let back = try await store.edit("box", name: "Box 3", file: "{v3}", by: "tia", note: "")
      XCTAssertEqual(back?.isWithdrawn, false)
      let changes = try await store.versions(of: "box").map(\.change)
      XCTAssertEqual(changes, [.accepted, .edited, .withdrawn, .edited])
      let none = try await store.edit("nope", name: "x", file: "{}", by: "tia", note: "")
      XCTAssertNil(none)
      await database.shutdown()
    } catch {
      await database.shutdown()
      throw error
    }
  }
}
