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
}

/// Interval-game scores, checked by the server before they come here. A player's game is
/// known by its start: a game sent again is kept once.
public struct IntervalScoreStore: Sendable {
  public let database: any SQLDatabase
  private let now: @Sendable () -> Date

  public static let bands = 1...3
  public static let boardLength = 10

  public init(database: any SQLDatabase, now: @escaping @Sendable () -> Date = Date.init) {
    self.database = database
    self.now = now
  }

  /// Records a game; false when this player's game with that start is recorded already.
  public func record(
    player: String, startedAt: Date, patternID: String, band: Int, level: Int, score: Int,
    record: String
  ) async throws -> Bool {
    let inserted = try await database.insert(into: "interval_scores")
      .columns(
        "player", "started_at", "pattern_id", "band", "level", "score", "record", "submitted_at"
      )
      .values(
        SQLBind(player), SQLBind(Int64(startedAt.timeIntervalSince1970.rounded(.down))),
        SQLBind(patternID), SQLBind(Int64(band)), SQLBind(Int64(level)), SQLBind(Int64(score)),
        SQLBind(record), SQLBind(Int64(now().timeIntervalSince1970.rounded(.down)))
      )
      .ignoringConflicts(with: ["player", "started_at"])
      .returning("player")
      .all()
    return !inserted.isEmpty
  }

  /// The boards of `patternID`, one per band, with `player`'s place on each.
  public func boards(patternID: String, player: String) async throws -> [IntervalBoard] {
    var boards: [IntervalBoard] = []
    for band in Self.bands {
      boards.append(try await board(patternID: patternID, band: band, player: player))
    }
    return boards
  }

  /// Each player's best game, best first; of equal scores the one played first leads, as it
  /// was reached first.
  private func board(patternID: String, band: Int, player: String) async throws -> IntervalBoard {
    let rows = try await database.select()
      .columns("player", "score", "level", "started_at")
      .from("interval_scores")
      .where("pattern_id", .equal, SQLBind(patternID))
      .where("band", .equal, SQLBind(Int64(band)))
      .orderBy("score", .descending)
      .orderBy("started_at", .ascending)
      .orderBy("player", .ascending)
      .all()
    var seen: Set<String> = []
    var ranked: [BoardEntry] = []
    for row in rows {
      let name = try row.decode(column: "player", as: String.self)
      guard seen.insert(name).inserted else { continue }
      ranked.append(
        BoardEntry(
          place: ranked.count + 1, player: name,
          score: Int(try row.decode(column: "score", as: Int64.self)),
          level: Int(try row.decode(column: "level", as: Int64.self)),
          playedAt: Date(
            timeIntervalSince1970: TimeInterval(
              try row.decode(column: "started_at", as: Int64.self)))))
    }
    return IntervalBoard(
      band: band, players: ranked.count, top: Array(ranked.prefix(Self.boardLength)),
      mine: ranked.first { $0.player == player })
  }
}
