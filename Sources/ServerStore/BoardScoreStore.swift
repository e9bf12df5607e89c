import Foundation
import SQLKit

/// One player's best session on a drill's, a streak's or a rhythm line's board.
public struct BoardScoreEntry: Equatable, Sendable {
  public let place: Int
  public let player: String
  /// Cards right, or the accuracy in percent.
  public let score: Double
  public let playedAt: Date
}

/// A board's ten best players' best sessions, and mine.
public struct ScoreBoard: Equatable, Sendable {
  public let players: Int
  public let top: [BoardScoreEntry]
  public let mine: BoardScoreEntry?
  /// The players just before and just after mine, in board order, wherever I stand.
  public let near: [BoardScoreEntry]
}

/// The drill's, the streak's and the rhythm trainer's scores, checked by the server before
/// they come here. A player's session is known by its game and start: one sent again is kept
/// once.
public struct BoardScoreStore: Sendable {
  public let database: any SQLDatabase
  private let now: @Sendable () -> Date

  public init(database: any SQLDatabase, now: @escaping @Sendable () -> Date = Date.init) {
    self.database = database
    self.now = now
  }

  /// Records a session; false when this player's session of `game` with that start is
  /// recorded already.
  public func record(
    player: String, game: String, startedAt: Date, board: String, score: Double, record: String
  ) async throws -> Bool {
    let started = Int64(startedAt.timeIntervalSince1970.rounded(.down))
    let inserted = try await database.insert(into: "board_scores")
      .columns(
        "player", "game", "started_at", "board", "score", "record", "submitted_at"
      )
      .values(
        SQLBind(player), SQLBind(game), SQLBind(started), SQLBind(board), SQLBind(score),
        SQLBind(record), SQLBind(Int64(now().timeIntervalSince1970.rounded(.down)))
      )
      .ignoringConflicts(with: ["player", "game", "started_at"])
      .returning("player")
      .all()
    // A game sent again may claim another score: only the one recorded counts.
    guard !inserted.isEmpty else { return false }
    let key: [(String, any SQLExpression)] = [("game", SQLBind(game)), ("board", SQLBind(board))]
    let previous = try await bests.best(key: key, player: player)
    try await bests.offer(
      key + [
        ("player", SQLBind(player)), ("score", SQLBind(score)), ("started_at", SQLBind(started)),
      ])
    let passed = try await bests.passed(
      key: key, player: player, previous: previous, score: score,
      limit: NewsStore.recordReaders)
    try await NewsStore(database: database, now: now).tell(
      of: NewsStore.Event(
        kind: .record, actor: player, itemID: board, itemKind: game, title: board, score: score),
      passed: passed, isNewBest: previous.map { score > $0.score } ?? true)
    return true
  }

  /// Each player's best session on `board` of `game`, best first, with `player`'s place.
  public func board(game: String, board: String, player: String) async throws -> ScoreBoard {
    let ranking = try await bests.ranking(
      key: [("game", SQLBind(game)), ("board", SQLBind(board))],
      columns: ["player", "score", "started_at"], length: IntervalScoreStore.boardLength,
      player: player, around: IntervalScoreStore.nearPlayers)
    return ScoreBoard(
      players: ranking.players,
      top: try ranking.top.enumerated().map { try Self.entry($1, place: $0 + 1) },
      mine: try ranking.mine.map { try Self.entry($0.row, place: $0.place) },
      near: try ranking.near.map { try Self.entry($0.row, place: $0.place) })
  }

  /// `player`'s best score on `board` of `game`, nil before their first session there.
  public func best(game: String, board: String, player: String) async throws -> Double? {
    try await bests.best(
      key: [("game", SQLBind(game)), ("board", SQLBind(board))], player: player)?
      .score
  }

  private var bests: PlayerBests {
    PlayerBests(database: database, table: "board_bests", boardColumns: ["game", "board"])
  }

  private static func entry(_ row: any SQLRow, place: Int) throws -> BoardScoreEntry {
    BoardScoreEntry(
      place: place, player: try row.decode(column: "player", as: String.self),
      score: try row.decode(column: "score", as: Double.self),
      playedAt: Date(
        timeIntervalSince1970: TimeInterval(try row.decode(column: "started_at", as: Int64.self))))
  }
}
