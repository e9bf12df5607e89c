import Foundation
import Logging
import SQLKit
import XCTest

@testable import ServerStore

/// The bests a board is read from, on a real SQLite file: kept as games arrive, and made from
/// the games a server recorded before it kept them.
final class PlayerBestsTests: XCTestCase {
  private var folder: URL!
  private var database: ServerDatabase!
  private let start = Date(timeIntervalSince1970: 1_800_000_000)

  override func setUp() async throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-bests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    database = try await ServerDatabase.open(
      .sqlite(path: folder.appendingPathComponent("b.sqlite").path), logger: Logger(label: "t"))
  }

  override func tearDown() async throws {
    await database.shutdown()
    try? FileManager.default.removeItem(at: folder)
  }

  private func accounts(_ names: [String], migrating: Bool = true) async throws {
    let accounts = AccountStore(database: database.sql, bcryptCost: 4)
    if migrating { try await accounts.migrate() }
    for name in names {
      _ = try await accounts.createAccount(name: name, password: "a long password")
    }
  }

  func testTheMigrationRanksTheGamesRecordedBefore() async throws {
    // A server of the schema before the bests, with games on it.
    let sql = database.sql
    try await sql.create(table: "schema_migrations")
      .column("version", type: .bigint, .primaryKey(autoIncrement: false))
      .column("applied_at", type: .bigint, .notNull)
      .run()
    for step in Migrations.steps where step.version < 7 {
      try await step.apply(sql)
      try await sql.insert(into: "schema_migrations").columns("version", "applied_at")
        .values(SQLBind(step.version), SQLBind(0)).run()
    }
    try await accounts(["ada", "bea", "cy"], migrating: false)
    let games: [(String, Int, Int, Int64)] = [
      ("ada", 1, 300, 10), ("ada", 1, 500, 20), ("bea", 1, 500, 15), ("cy", 2, 900, 5),
      ("cy", 1, 100, 30), ("ada", 1, 500, 40),
    ]
    for (player, band, score, started) in games {
      try await sql.insert(into: "interval_scores")
        .columns(
          "player", "started_at", "pattern_id", "band", "level", "score", "record", "submitted_at"
        )
        .values(
          SQLBind(player), SQLBind(started), SQLBind("minor-pentatonic-1"), SQLBind(Int64(band)),
          SQLBind(Int64(band * 2)), SQLBind(Int64(score)), SQLBind("{}"), SQLBind(Int64(0))
        ).run()
    }
    // Rhythm runs of 4 bars and one of 1 bar, on one board before boards named the bars.
    for (player, score, started, bars) in [
      ("ada", 80.5, Int64(1), 4), ("bea", 92.25, 2, 4), ("ada", 99.0, 3, 4), ("cy", 100.0, 4, 1),
    ] {
      let record = #"{"module":"rhythm","figures":{"bpm":90,"bars":"# + "\(bars)}}"
      try await sql.insert(into: "board_scores")
        .columns("player", "game", "started_at", "board", "score", "record", "submitted_at")
        .values(
          SQLBind(player), SQLBind("rhythm"), SQLBind(started), SQLBind("quarter@90"),
          SQLBind(score), SQLBind(record), SQLBind(Int64(0))
        ).run()
    }

    try await AccountStore(database: sql, bcryptCost: 4).migrate()

    let boards = try await IntervalScoreStore(database: sql).boards(
      patternID: "minor-pentatonic-1", player: "cy")
    XCTAssertEqual(boards.map(\.players), [3, 1, 0])
    // Bea's 500 came before ada's best 500 (at 20; her 500 at 40 is no better).
    XCTAssertEqual(boards[0].top.map(\.player), ["bea", "ada", "cy"])
    XCTAssertEqual(boards[0].top.map(\.score), [500, 500, 100])
    XCTAssertEqual(boards[0].top[1].playedAt, Date(timeIntervalSince1970: 20))
    XCTAssertEqual(boards[0].mine?.place, 3)
    XCTAssertEqual(boards[1].mine?.score, 900)
    XCTAssertEqual(boards[1].mine?.level, 4)
    XCTAssertNil(boards[2].mine)

    let rhythm = try await BoardScoreStore(database: sql).board(
      game: "rhythm", board: "quarter@90x4", player: "bea")
    XCTAssertEqual(rhythm.top.map(\.score), [99.0, 92.25])
    XCTAssertEqual(rhythm.mine?.place, 2)
    let oneBar = try await BoardScoreStore(database: sql).board(
      game: "rhythm", board: "quarter@90x1", player: "bea")
    XCTAssertEqual(oneBar.top.map(\.player), ["cy"], "a run of one bar is another board")
    let before = try await BoardScoreStore(database: sql).board(
      game: "rhythm", board: "quarter@90", player: "bea")
    XCTAssertEqual(before.players, 0)
  }

  func testEqualBestsAreRankedByStartThenName() async throws {
    try await accounts(["ann", "bob", "cat", "dan"])
    let scores = IntervalScoreStore(database: database.sql)
    func play(_ player: String, _ score: Int, at seconds: Double) async throws {
      _ = try await scores.record(
        player: player, startedAt: start.addingTimeInterval(seconds), patternID: "major-1",
        band: 1, level: 1, score: score, record: "{}")
    }
    try await play("dan", 400, at: 0)
    try await play("cat", 400, at: 0)
    try await play("bob", 400, at: -5)
    try await play("ann", 300, at: 0)
    // A better game replaces a best, an equal one later or a worse one does not.
    try await play("ann", 450, at: 10)
    try await play("ann", 450, at: 20)
    try await play("bob", 100, at: 30)

    let boards = try await scores.boards(patternID: "major-1", player: "dan")
    XCTAssertEqual(boards[0].top.map(\.player), ["ann", "bob", "cat", "dan"])
    XCTAssertEqual(boards[0].top.map(\.score), [450, 400, 400, 400])
    XCTAssertEqual(boards[0].top[0].playedAt, start.addingTimeInterval(10))
    XCTAssertEqual(boards[0].mine?.place, 4)
    let cat = try await scores.boards(patternID: "major-1", player: "cat")
    XCTAssertEqual(cat[0].mine?.place, 3)
  }
}
