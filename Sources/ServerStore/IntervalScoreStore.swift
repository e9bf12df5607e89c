import Foundation
import SQLKit

/// One player's best game on a board.
public struct BoardEntry: Equatable, Sendable {
  public let place: Int
  public let player: String
  public let score: Int
  public let level: Int
  public let playedAt: Date
}

/// A pattern's board for one level band: the ten best players' best games, and mine.
public struct IntervalBoard: Equatable, Sendable {
  public let band: Int
  public let players: Int
  public let top: [BoardEntry]
  public let mine: BoardEntry?
  /// The players just before and just after mine, in board order, wherever I stand.
  public let near: [BoardEntry]
}

/// Interval-game scores, checked by the server before they come here. A player's game is
/// known by its start: a game sent again is kept once.
public struct IntervalScoreStore: Sendable {
  public let database: any SQLDatabase
  private let now: @Sendable () -> Date

  public static let bands = 1...3
  public static let boardLength = 10
  /// How many players each side of mine a board shows: those near my level.
  public static let nearPlayers = 3

  public init(database: any SQLDatabase, now: @escaping @Sendable () -> Date = Date.init) {
    self.database = database
    self.now = now
  }

  /// Records a game; false when this player's game with that start is recorded already.
  public func record(
    player: String, startedAt: Date, patternID: String, band: Int, level: Int, score: Int,
    record: String
  ) async throws -> Bool {
    let started = Int64(startedAt.timeIntervalSince1970.rounded(.down))
    let inserted = try await database.insert(into: "interval_scores")
      .columns(
        "player", "started_at", "pattern_id", "band", "level", "score", "record", "submitted_at"
      )
      .values(
        SQLBind(player), SQLBind(started), SQLBind(patternID), SQLBind(Int64(band)),
        SQLBind(Int64(level)), SQLBind(Int64(score)), SQLBind(record),
        SQLBind(Int64(now().timeIntervalSince1970.rounded(.down)))
      )
      .ignoringConflicts(with: ["player", "started_at"])
      .returning("player")
      .all()
    // A game sent again may claim another score: only the one recorded counts.
    guard !inserted.isEmpty else { return false }
    let key: [(String, any SQLExpression)] = [
      ("pattern_id", SQLBind(patternID)), ("band", SQLBind(Int64(band))),
    ]
    let previous = try await bests.best(key: key, player: player)
    try await bests.offer(
      key + [
        ("player", SQLBind(player)), ("score", SQLBind(Double(score))),
        ("started_at", SQLBind(started)), ("level", SQLBind(Int64(level))),
      ])
    let passed = try await bests.passed(
      key: key, player: player, previous: previous, score: Double(score),
      limit: NewsStore.recordReaders)
    try await NewsStore(database: database, now: now).tell(
      of: NewsStore.Event(
        kind: .record, actor: player, itemID: patternID, itemKind: "interval", title: patternID,
        score: Double(score), band: band),
      passed: passed, isNewBest: previous.map { Double(score) > $0.score } ?? true)
    return true
  }

  /// The boards of `patternID`, one per band, with `player`'s place on each.
  public func boards(patternID: String, player: String) async throws -> [IntervalBoard] {
    var boards: [IntervalBoard] = []
    for band in Self.bands {
      let ranking = try await bests.ranking(
        key: [("pattern_id", SQLBind(patternID)), ("band", SQLBind(Int64(band)))],
        columns: ["player", "score", "level", "started_at"], length: Self.boardLength,
        player: player, around: IntervalScoreStore.nearPlayers)
      boards.append(
        IntervalBoard(
          band: band, players: ranking.players,
          top: try ranking.top.enumerated().map { try Self.entry($1, place: $0 + 1) },
          mine: try ranking.mine.map { try Self.entry($0.row, place: $0.place) },
          near: try ranking.near.map { try Self.entry($0.row, place: $0.place) }))
    }
    return boards
  }

  private var bests: PlayerBests {
    PlayerBests(database: database, table: "interval_bests", boardColumns: ["pattern_id", "band"])
  }

  private static func entry(_ row: any SQLRow, place: Int) throws -> BoardEntry {
    BoardEntry(
      place: place, player: try row.decode(column: "player", as: String.self),
      score: Int(try row.decode(column: "score", as: Double.self).rounded()),
      level: Int(try row.decode(column: "level", as: Int64.self)),
      playedAt: Date(
        timeIntervalSince1970: TimeInterval(try row.decode(column: "started_at", as: Int64.self))))
  }
}
