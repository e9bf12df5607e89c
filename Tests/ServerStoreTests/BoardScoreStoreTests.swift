import Foundation
import Logging
import XCTest

@testable import ServerStore

/// The drill's, streak's and rhythm trainer's boards on a real SQLite file.
final class BoardScoreStoreTests: XCTestCase {
  private var folder: URL!
  private var database: ServerDatabase!
  private var scores: BoardScoreStore!
  private let start = Date(timeIntervalSince1970: 1_800_000_000)

  override func setUp() async throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-boards-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    database = try await ServerDatabase.open(
      .sqlite(path: folder.appendingPathComponent("b.sqlite").path), logger: Logger(label: "t"))
    let accounts = AccountStore(database: database.sql, bcryptCost: 4)
    try await accounts.migrate()
    for index in 1...12 {
      _ = try await accounts.createAccount(name: Self.name(index), password: "a long password")
    }
    scores = BoardScoreStore(database: database.sql)
  }

  override func tearDown() async throws {
    await database.shutdown()
    try? FileManager.default.removeItem(at: folder)
  }

  private static func name(_ index: Int) -> String { "p\(index < 10 ? "0" : "")\(index)" }

  @discardableResult
  private func record(
    _ index: Int, _ score: Double, minutes: Double, game: String = "drill",
    board: String = "bass-staff,treble-staff"
  ) async throws -> Bool {
    try await scores.record(
      player: Self.name(index), game: game, startedAt: start.addingTimeInterval(minutes * 60),
      board: board, score: score, record: "{}")
  }

  func testABoardRanksEachPlayersBestAndFindsMinePastTheTen() async throws {
    // p01 … p11 score 50 down to 40; p12 scores 5, below the ten.
    for index in 1...11 { try await record(index, Double(51 - index), minutes: Double(index)) }
    try await record(12, 5, minutes: 0)
    // p03's better drill counts once, as p03's best; p11 ties p04 later, so ranks after.
    try await record(3, 49.5, minutes: 20)
    try await record(11, 47, minutes: 30)
    // Another game and another choice of packs are other boards.
    try await record(12, 99, minutes: 1, game: "streak")
    try await record(12, 99, minutes: 2, board: "treble-staff")

    let board = try await scores.board(
      game: "drill", board: "bass-staff,treble-staff", player: "p12")
    XCTAssertEqual(board.players, 12)
    XCTAssertEqual(
      board.top.map(\.player),
      ["p01", "p03", "p02", "p04", "p11", "p05", "p06", "p07", "p08", "p09"])
    XCTAssertEqual(board.top.map(\.score), [50, 49.5, 49, 47, 47, 46, 45, 44, 43, 42])
    XCTAssertEqual(board.top.map(\.place), Array(1...10))
    XCTAssertEqual(board.mine?.place, 12)
    XCTAssertEqual(board.mine?.score, 5)
    XCTAssertEqual(board.mine?.playedAt, start)
  }

  func testThePlayersNearMineAreThoseJustBeforeAndAfterIt() async throws {
    for index in 1...11 { try await record(index, Double(51 - index), minutes: Double(index)) }
    try await record(12, 5, minutes: 0)
    // p11 ties p04 later, so ranks just after it.
    try await record(11, 47, minutes: 30)

    let last = try await scores.board(
      game: "drill", board: "bass-staff,treble-staff", player: "p12")
    XCTAssertEqual(last.near.map(\.player), ["p08", "p09", "p10"], "below the ten, none after")
    XCTAssertEqual(last.near.map(\.place), [9, 10, 11])
    let tied = try await scores.board(
      game: "drill", board: "bass-staff,treble-staff", player: "p04")
    XCTAssertEqual(tied.mine?.place, 4)
    XCTAssertEqual(tied.near.map(\.player), ["p01", "p02", "p03", "p11", "p05", "p06"])
    XCTAssertEqual(tied.near.map(\.place), [1, 2, 3, 5, 6, 7])
    let leader = try await scores.board(
      game: "drill", board: "bass-staff,treble-staff", player: "p01")
    XCTAssertEqual(leader.near.map(\.place), [2, 3, 4], "none before the first")
    let absent = try await scores.board(
      game: "drill", board: "bass-staff,treble-staff", player: "nobody")
    XCTAssertEqual(absent.near, [], "no row of mine, no one near it")
  }

  func testASessionSentAgainIsKeptOnce() async throws {
    let first = try await record(1, 30, minutes: 0)
    let again = try await record(1, 30, minutes: 0)
    let rhythm = try await record(1, 88.5, minutes: 0, game: "rhythm", board: "quarter@90x4")
    XCTAssertEqual([first, again, rhythm], [true, false, true], "the same start in another game")
    let board = try await scores.board(
      game: "drill", board: "bass-staff,treble-staff", player: "p01")
    XCTAssertEqual(board.players, 1)
    let accuracy = try await scores.board(game: "rhythm", board: "quarter@90x4", player: "p01")
    XCTAssertEqual(accuracy.mine?.score, 88.5, "a fraction comes back as it went")
  }
}
