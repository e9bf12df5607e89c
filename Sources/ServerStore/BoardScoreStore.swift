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
    let inserted = try await database.insert(into: "board_scores")
      .columns(
        "player", "game", "started_at", "board", "score", "record", "submitted_at"
      )
      .values(
        SQLBind(player), SQLBind(game),
        SQLBind(Int64(startedAt.timeIntervalSince1970.rounded(.down))), SQLBind(board),
        SQLBind(score), SQLBind(record),
        SQLBind(Int64(now().timeIntervalSince1970.rounded(.down)))
      )
      .ignoringConflicts(with: ["player", "game", "started_at"])
      .returning("player")
      .all()
    return !inserted.isEmpty
  }

  /// Each player's best session on `board` of `game`, best first, with `player`'s place; of
  /// equal scores the one played first leads, as it was reached first.
  public func board(game: String, board: String, player: String) async throws -> ScoreBoard {
    let rows = try await database.select()
      .columns("player", "score", "started_at")
      .from("board_scores")
      .where("game", .equal, SQLBind(game))
      .where("board", .equal, SQLBind(board))
      .orderBy("score", .descending)
      .orderBy("started_at", .ascending)
      .orderBy("player", .ascending)
      .all()
    var seen: Set<String> = []
    var ranked: [BoardScoreEntry] = []
    for row in rows {
      let name = try row.decode(column: "player", as: String.self)
      guard seen.insert(name).inserted else { continue }
      ranked.append(
        BoardScoreEntry(
          place: ranked.count + 1, player: name,
          score: try row.decode(column: "score", as: Double.self),
          playedAt: Date(
            timeIntervalSince1970: TimeInterval(
              try row.decode(column: "started_at", as: Int64.self)))))
    }
    return ScoreBoard(
      players: ranked.count, top: Array(ranked.prefix(IntervalScoreStore.boardLength)),
      mine: ranked.first { $0.player == player })
  }
}
