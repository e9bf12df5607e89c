import Foundation
import Logging
import SQLKit
import ServerStore
import Synchronization
import XCTest

/// A record's news on a crowded board, through the stores on the scenario's own database: the
/// write it costs is bounded however many players it passed.
extension ServerScenarios {
  /// 520 players on a board, then a new leader: the 500 it passed nearest are told, the 20
  /// furthest are not, and the items go in statements of at most 50 rows.
  func aRecordTellsOnlyTheNearestPlayersItPassed() async throws {
    let home = try NetHome()
    defer { home.remove() }
    let inserts = NewsInserts()
    var logger = Logger(label: "news-fan-out") { _ in NewsInsertLog(inserts: inserts) }
    logger.logLevel = .trace
    let opened = try await ServerDatabase.open(
      try DatabaseLocation(parsing: try await makeDatabase(home)), logger: logger)
    do {
      let accounts = AccountStore(database: opened.sql, bcryptCost: 4)
      try await accounts.migrate()
      let players = (1...520).map { "p" + String(1000 + $0).dropFirst() }
      // Every news row names its reader's account: the accounts come before any game.
      for name in players + ["zed"] {
        _ = try await accounts.createAccount(name: name, password: Self.password)
      }
      let scores = BoardScoreStore(database: opened.sql)
      let start = Date(timeIntervalSince1970: 1_800_000_000)
      // Best first, so that each first game passes nobody and the board is built quietly.
      for (index, name) in players.enumerated() {
        _ = try await scores.record(
          player: name, game: "rhythm", startedAt: start, board: "quarter@90x8",
          score: Double(players.count - index), record: "{}")
      }
      XCTAssertEqual(inserts.rows, [], "a board built best first passes nobody")

      let leads = try await scores.record(
        player: "zed", game: "rhythm", startedAt: start, board: "quarter@90x8", score: 1000,
        record: "{}")
      XCTAssertTrue(leads)
      XCTAssertEqual(inserts.rows, Array(repeating: 50, count: 10))

      let told = try await opened.sql.select().column("reader").from("news_items")
        .where("actor", .equal, SQLBind("zed"))
        .all()
        .map { try $0.decode(column: "reader", as: String.self) }
      XCTAssertEqual(Set(told), Set(players.prefix(500)), "the nearest 500, each once")
      XCTAssertEqual(told.count, 500)

      let news = NewsStore(database: opened.sql)
      let nearest = try await news.feed(of: "p001", all: true, limit: 50, offset: 0)
      XCTAssertEqual(nearest.items.map(\.yourScore), [520])
      let lastTold = try await news.feed(of: "p500", all: true, limit: 50, offset: 0)
      XCTAssertEqual(lastTold.items.map(\.yourScore), [21])
      let furthest = try await news.feed(of: "p501", all: true, limit: 50, offset: 0)
      XCTAssertEqual(furthest.items, [], "passed by far, and past the 500 nearest")
    } catch {
      await opened.shutdown()
      throw error
    }
    await opened.shutdown()
  }
}

/// The rows of each insert into `news_items`, in order, as the database driver logs them.
final class NewsInserts: Sendable {
  private let counted = Mutex<[Int]>([])

  var rows: [Int] { counted.withLock { $0 } }

  func add(_ rows: Int) { counted.withLock { $0.append(rows) } }
}

/// Reads the statements the drivers log at trace level: an insert's binds are its rows times
/// the item's columns.
struct NewsInsertLog: LogHandler {
  let inserts: NewsInserts
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  private static let columns = 15

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(
    level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String,
    file: String, function: String, line: UInt
  ) {
    guard case .string(let sql) = metadata?["sql"], sql.hasPrefix("INSERT INTO \"news_items\""),
      case .array(let binds) = metadata?["binds"]
    else { return }
    inserts.add(binds.count / Self.columns)
  }
}
