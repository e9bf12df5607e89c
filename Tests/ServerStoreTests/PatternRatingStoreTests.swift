import Foundation
import Logging
import XCTest

@testable import ServerStore

/// Ratings and comments on a real SQLite file: one per player, an edit keeps its first time,
/// the average follows, and a teacher's hide reaches only that class's students.
final class PatternRatingStoreTests: XCTestCase {
  func testStarsAndCommentsAreCheckedBeforeTheDatabase() {
    XCTAssertNil(PatternRatingStore.problem(withStars: 1))
    XCTAssertNil(PatternRatingStore.problem(withStars: 5))
    XCTAssertEqual(PatternRatingStore.problem(withStars: 0), "a rating has 1 to 5 stars")
    XCTAssertNotNil(PatternRatingStore.problem(withStars: 6))
    XCTAssertNil(PatternRatingStore.problem(withComment: ""))
    XCTAssertNil(PatternRatingStore.problem(withComment: "Ñice – очень хорошо ★"))
    XCTAssertNil(PatternRatingStore.problem(withComment: String(repeating: "é", count: 500)))
    XCTAssertEqual(
      PatternRatingStore.problem(withComment: String(repeating: "a", count: 501)),
      "a comment has at most 500 characters")
    for unprintable in [
      "\u{1b}]0;pwned\u{07}", "two\nlines", "tab\there", "\u{9b}2J", "\u{202e}txt",
    ] {
      XCTAssertEqual(
        PatternRatingStore.problem(withComment: unprintable),
        "a comment is one line of text without control characters", unprintable)
    }
  }

  func testARatingIsOnePerPlayerAndTheAverageFollowsEdits() async throws {
    try await withStores { clock, _, _, ratings in
      let pattern = RatedPattern(owner: "ada", patternID: "tuesday-box")
      let first = try await ratings.rate(pattern, player: "bea", stars: 4, comment: "Nice")
      _ = try await ratings.rate(pattern, player: "cy", stars: 2, comment: "")
      let other = RatedPattern(owner: "tia", patternID: "tuesday-box")
      _ = try await ratings.rate(other, player: "bea", stars: 1, comment: "another owner's")
      var summary = try await ratings.summary(of: pattern)
      XCTAssertEqual(summary, RatingSummary(count: 2, average: 3))

      clock.advance(90)
      let edited = try await ratings.rate(pattern, player: "bea", stars: 5, comment: "Great")
      XCTAssertEqual(edited.createdAt, first.createdAt, "an edit keeps when it was first given")
      XCTAssertEqual(edited.updatedAt, first.updatedAt.addingTimeInterval(90))
      summary = try await ratings.summary(of: pattern)
      XCTAssertEqual(summary, RatingSummary(count: 2, average: 3.5))

      let page = try await ratings.comments(on: pattern, reader: "cy", limit: 1, offset: 0)
      XCTAssertEqual(page.comments.map(\.player), ["bea"], "the latest written first")
      XCTAssertEqual(page.nextOffset, 1)
      let last = try await ratings.comments(on: pattern, reader: "cy", limit: 1, offset: 1)
      XCTAssertEqual(last.comments.map(\.player), ["cy"])
      XCTAssertNil(last.nextOffset)

      let removed = try await ratings.remove(pattern, player: "cy")
      XCTAssertTrue(removed)
      let removedAgain = try await ratings.remove(pattern, player: "cy")
      XCTAssertFalse(removedAgain)
      summary = try await ratings.summary(of: pattern)
      XCTAssertEqual(summary, RatingSummary(count: 1, average: 5))
      let none = try await ratings.summary(of: RatedPattern(owner: "ada", patternID: "other"))
      XCTAssertEqual(none, .none)
    }
  }

  func testAHiddenCommentLeavesOnlyThatClassesStudents() async throws {
    try await withStores { clock, accounts, classes, ratings in
      _ = try await accounts.createAccount(name: "dee", password: "a long password")
      let made = try await classes.create(name: "Guitar", teacher: "tia")
      for student in ["bea", "cy"] {
        _ = try await classes.join(code: made.joinCode, player: student)
      }
      let pattern = RatedPattern(owner: "ada", patternID: "tuesday-box")
      _ = try await ratings.rate(pattern, player: "bea", stars: 1, comment: "Rude words")
      clock.advance(10)
      _ = try await ratings.rate(pattern, player: "cy", stars: 4, comment: "Good")
      try await ratings.hide(pattern, player: "bea", classID: made.id, by: "tia")
      try await ratings.hide(pattern, player: "bea", classID: made.id, by: "tia")

      func seen(by reader: String) async throws -> [String] {
        try await ratings.comments(on: pattern, reader: reader, limit: 10, offset: 0).comments
          .map { "\($0.player)\($0.isHidden ? " (hidden)" : "")" }
      }
      let byClassmate = try await seen(by: "cy")
      XCTAssertEqual(byClassmate, ["cy"])
      let byTeacher = try await seen(by: "tia")
      XCTAssertEqual(byTeacher, ["cy", "bea (hidden)"])
      let byAuthor = try await seen(by: "bea")
      XCTAssertEqual(byAuthor, ["cy", "bea (hidden)"])
      let byOutsider = try await seen(by: "dee")
      XCTAssertEqual(byOutsider, ["cy", "bea"], "the hide is the class's, not everyone's")
      let summary = try await ratings.comments(on: pattern, reader: "cy", limit: 10, offset: 0)
        .summary
      XCTAssertEqual(summary, RatingSummary(count: 2, average: 2.5), "hidden words, counted stars")

      // Written again, the comment stays hidden: the hide is on the player's comment here.
      let removed = try await ratings.remove(pattern, player: "bea")
      XCTAssertTrue(removed)
      clock.advance(10)
      let again = try await ratings.rate(pattern, player: "bea", stars: 1, comment: "Again")
      XCTAssertTrue(again.isHidden)
      let stillHidden = try await seen(by: "cy")
      XCTAssertEqual(stillHidden, ["cy"])

      let unhidden = try await ratings.unhide(pattern, player: "bea", classID: made.id)
      XCTAssertTrue(unhidden)
      let unhiddenAgain = try await ratings.unhide(pattern, player: "bea", classID: made.id)
      XCTAssertFalse(unhiddenAgain, "it was not hidden any more")
      let shownAgain = try await seen(by: "cy")
      XCTAssertEqual(shownAgain, ["bea", "cy"])
    }
  }

  private func withStores(
    _ body: (TestClock, AccountStore, ClassStore, PatternRatingStore) async throws -> Void
  ) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-ratings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try await ServerDatabase.open(
      .sqlite(path: folder.appendingPathComponent("s.sqlite").path), logger: Logger(label: "t"))
    let clock = TestClock()
    let accounts = AccountStore(database: database.sql, bcryptCost: 4, now: { clock.now })
    do {
      try await accounts.migrate()
      for name in ["ada", "tia", "bea", "cy"] {
        _ = try await accounts.createAccount(name: name, password: "a long password")
      }
      try await body(
        clock, accounts, ClassStore(database: database.sql, now: { clock.now }),
        PatternRatingStore(database: database.sql, now: { clock.now }))
    } catch {
      await database.shutdown()
      throw error
    }
    await database.shutdown()
  }
}
