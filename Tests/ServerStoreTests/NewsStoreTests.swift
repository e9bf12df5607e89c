import Foundation
import Logging
import XCTest

@testable import ServerStore

/// The news feed on a real SQLite file: each event reaches only who may read it, a record
/// tells only the players it passed, and the mark moves through what was read.
final class NewsStoreTests: XCTestCase {
  func testEachItemReachesOnlyItsReaders() async throws {
    try await withStores { clock, stores in
      clock.advance(60)
      let everyone = try await stores.shares.share(
        owner: "ada", recipient: nil, patternID: "tuesday-box", name: "Tuesday box", file: "{}")
      clock.advance(1)
      _ = try await stores.shares.share(
        owner: "ada", recipient: "bea", patternID: "secret", name: "For bea", file: "{}")
      let made = try await stores.classes.create(name: "Guitar 1", teacher: "tia")
      guard case .joined = try await stores.classes.join(code: made.joinCode, player: "bea")
      else { return XCTFail("bea joins") }
      clock.advance(1)
      _ = try await stores.classes.recommend(
        classID: made.id, kind: .pattern, itemID: "tuesday-box", message: "Slowly", level: 3)
      clock.advance(1)
      _ = try await stores.ratings.rate(
        RatedPattern(everyone), player: "bea", stars: 4, comment: "Nice")
      clock.advance(1)
      _ = try await stores.ratings.rate(
        RatedPattern(everyone), player: "bea", stars: 5, comment: "Great")

      let bea = try await stores.news.feed(of: "bea", all: false, limit: 50, offset: 0)
      XCTAssertEqual(bea.items.map(\.kind), [.recommendation, .pattern, .pattern])
      XCTAssertEqual(bea.items.map(\.title), ["tuesday-box", "For bea", "Tuesday box"])
      XCTAssertEqual(bea.items.first?.text, "Slowly")
      XCTAssertEqual(bea.items.first?.className, "Guitar 1")
      XCTAssertEqual(bea.newCounts, [.recommendation: 1, .pattern: 2])
      let cy = try await stores.news.feed(of: "cy", all: false, limit: 50, offset: 0)
      XCTAssertEqual(cy.items.map(\.title), ["Tuesday box"], "not bea's share, not bea's class")
      let ada = try await stores.news.feed(of: "ada", all: false, limit: 50, offset: 0)
      XCTAssertEqual(ada.items.map(\.kind), [.rating], "one line per rating, as it is now")
      XCTAssertEqual(ada.items.first?.stars, 5)
      XCTAssertEqual(ada.items.first?.text, "Great")
      XCTAssertEqual(ada.items.first?.title, "Tuesday box")
      let tia = try await stores.news.feed(of: "tia", all: false, limit: 50, offset: 0)
      XCTAssertEqual(tia.items.map(\.title), ["Tuesday box"], "not her own recommendation")

      _ = try await stores.ratings.remove(RatedPattern(everyone), player: "bea")
      let afterRemoval = try await stores.news.feed(of: "ada", all: true, limit: 50, offset: 0)
      XCTAssertEqual(afterRemoval.items, [])
    }
  }

  func testARecordTellsThePlayersItPassed() async throws {
    try await withStores { clock, stores in
      clock.advance(60)
      let start = clock.now
      for (player, score) in [("ada", 30), ("bea", 20), ("cy", 10)] {
        _ = try await stores.scores.record(
          player: player, startedAt: start, patternID: "p", band: 1, level: 3, score: score,
          record: "{}")
      }
      clock.advance(1)
      let cyBeatsBea = try await stores.scores.record(
        player: "cy", startedAt: start.addingTimeInterval(1), patternID: "p", band: 1, level: 3,
        score: 25, record: "{}")
      XCTAssertTrue(cyBeatsBea)
      let bea = try await stores.news.feed(of: "bea", all: false, limit: 50, offset: 0)
      XCTAssertEqual(bea.items.map(\.from), ["cy"])
      XCTAssertEqual(bea.items.first?.score, 25)
      XCTAssertEqual(bea.items.first?.yourScore, 20)
      XCTAssertEqual(bea.items.first?.band, 1)
      XCTAssertEqual(bea.items.first?.itemKind, "interval")
      let ada = try await stores.news.feed(of: "ada", all: false, limit: 50, offset: 0)
      XCTAssertEqual(ada.items, [], "ada is still ahead")
      let adaEver = try await stores.news.feed(of: "ada", all: true, limit: 50, offset: 0)
      XCTAssertEqual(adaEver.items, [], "a first game passes nobody ranked before it")

      clock.advance(1)
      _ = try await stores.boardScores.record(
        player: "ada", game: "rhythm", startedAt: start, board: "quarter@90x8", score: 80,
        record: "{}")
      _ = try await stores.boardScores.record(
        player: "bea", game: "rhythm", startedAt: start, board: "quarter@90x8", score: 80,
        record: "{}")
      clock.advance(1)
      _ = try await stores.boardScores.record(
        player: "cy", game: "rhythm", startedAt: start, board: "quarter@90x8", score: 95.5,
        record: "{}")
      let passedOnRhythm = try await stores.news.feed(of: "ada", all: false, limit: 50, offset: 0)
      XCTAssertEqual(passedOnRhythm.items.map(\.itemKind), ["rhythm"])
      XCTAssertEqual(passedOnRhythm.items.first?.title, "quarter@90x8")
      XCTAssertEqual(passedOnRhythm.items.first?.score, 95.5)
    }
  }

  func testTheMarkMovesThroughWhatWasReadAndNeverBack() async throws {
    try await withStores { clock, stores in
      clock.advance(60)
      var shared: [PatternShare] = []
      for index in 1...3 {
        shared.append(
          try await stores.shares.share(
            owner: "ada", recipient: nil, patternID: "p\(index)", name: "P\(index)", file: "{}"))
        clock.advance(0.25)
      }
      let page = try await stores.news.feed(of: "bea", all: false, limit: 2, offset: 0)
      XCTAssertEqual(page.items.map(\.title), ["P3", "P2"])
      XCTAssertEqual(page.nextOffset, 2)
      XCTAssertEqual(page.newCounts, [.pattern: 3])

      let marked = try await stores.news.markRead("bea", through: page.items[1].id)
      XCTAssertTrue(marked)
      let rest = try await stores.news.feed(of: "bea", all: false, limit: 50, offset: 0)
      XCTAssertEqual(rest.items.map(\.title), ["P3"], "a mark within one second")
      let all = try await stores.news.feed(of: "bea", all: true, limit: 50, offset: 0)
      XCTAssertEqual(all.items.map(\.isNew), [true, false, false])
      XCTAssertEqual(all.items.last?.itemID, shared.first?.id)
      let back = try await stores.news.markRead("bea", through: all.items.last?.id)
      XCTAssertTrue(back)
      let stillRest = try await stores.news.feed(of: "bea", all: false, limit: 50, offset: 0)
      XCTAssertEqual(stillRest.items.map(\.title), ["P3"], "a mark never moves back")

      let private1 = try await stores.shares.share(
        owner: "ada", recipient: "cy", patternID: "c", name: "C", file: "{}")
      let cysItem = try await stores.news.feed(of: "cy", all: false, limit: 1, offset: 0).items
      XCTAssertEqual(cysItem.first?.itemID, private1.id)
      let notBeas = try await stores.news.markRead("bea", through: cysItem.first?.id)
      XCTAssertFalse(notBeas, "an item bea may not read moves nothing")

      _ = try await stores.news.markRead("bea", through: nil)
      let none = try await stores.news.feed(of: "bea", all: false, limit: 50, offset: 0)
      XCTAssertEqual(none.items, [])
      XCTAssertEqual(none.newCounts, [:])
    }
  }

  private struct Stores {
    let shares: PatternShareStore
    let classes: ClassStore
    let ratings: PatternRatingStore
    let scores: IntervalScoreStore
    let boardScores: BoardScoreStore
    let news: NewsStore
  }

  private func withStores(_ body: (TestClock, Stores) async throws -> Void) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-news-\(UUID().uuidString)")
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
      let now: @Sendable () -> Date = { clock.now }
      try await body(
        clock,
        Stores(
          shares: PatternShareStore(database: database.sql, now: now),
          classes: ClassStore(database: database.sql, now: now),
          ratings: PatternRatingStore(database: database.sql, now: now),
          scores: IntervalScoreStore(database: database.sql, now: now),
          boardScores: BoardScoreStore(database: database.sql, now: now),
          news: NewsStore(database: database.sql, now: now)))
    } catch {
      await database.shutdown()
      throw error
    }
    await database.shutdown()
  }
}
