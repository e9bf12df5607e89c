import Foundation
import SQLKit

/// One player's row on a board of a family of patterns: the sum of their bests on its patterns,
/// how many of them they played, the highest level of those bests and when the latest was set.
public struct FamilyBoardEntry: Equatable, Sendable {
  public let place: Int
  public let player: String
  public let score: Int
  public let patterns: Int
  public let level: Int
  public let playedAt: Date
}

/// A family's board for one level band, as a pattern's board: the ten best, mine and the
/// players near mine.
public struct FamilyBoard: Equatable, Sendable {
  public let band: Int
  public let players: Int
  public let top: [FamilyBoardEntry]
  public let mine: FamilyBoardEntry?
  public let near: [FamilyBoardEntry]
}

/// Boards over several patterns (a family such as the scales or the dorian positions, a class's
/// students), read from each player's best per pattern and band (`interval_bests`). A player
/// ranks by the sum of their bests on the family's patterns: a pattern not played adds nothing,
/// so the board rewards covering the family as well as playing each pattern well, as a
/// teacher's plan asks. Of equal sums, the player who needed fewer patterns for it ranks first
/// (they played each better), then by name.
extension IntervalScoreStore {
  /// Every pattern id with a best on some board.
  public func playedPatternIDs() async throws -> [String] {
    try await database.select().distinct().column("pattern_id").from("interval_bests")
      .orderBy("pattern_id")
      .all()
      .map { try $0.decode(column: "pattern_id", as: String.self) }
  }

  /// The boards over `patternIDs` (every pattern when nil), one per band, of every player or
  /// only of `members`, with `player`'s place on each.
  public func familyBoards(patternIDs: [String]?, members: [String]? = nil, player: String)
    async throws -> [FamilyBoard]
  {
    var boards: [FamilyBoard] = []
    for band in Self.bands {
      let ranked = try await totals(band: band, patternIDs: patternIDs, members: members)
        .sorted {
          ($0.score, $1.patterns, $1.player) > ($1.score, $0.patterns, $0.player)
        }
        .enumerated()
        .map {
          FamilyBoardEntry(
            place: $0 + 1, player: $1.player, score: $1.score, patterns: $1.patterns,
            level: $1.level, playedAt: $1.playedAt)
        }
      let mine = ranked.first { $0.player == player }
      let near = mine.map { mine in
        ranked.filter {
          $0.place != mine.place && abs($0.place - mine.place) <= Self.nearPlayers
        }
      }
      boards.append(
        FamilyBoard(
          band: band, players: ranked.count, top: Array(ranked.prefix(Self.boardLength)),
          mine: mine, near: near ?? []))
    }
    return boards
  }

  /// Each player's sum of bests in `band` over `patternIDs`, one row per player: the database
  /// adds them up, so a board reads one row per player, never their games.
  private func totals(band: Int, patternIDs: [String]?, members: [String]?) async throws -> [(
    player: String, score: Int, patterns: Int, level: Int, playedAt: Date
  )] {
    guard patternIDs.map({ !$0.isEmpty }) ?? true, members.map({ !$0.isEmpty }) ?? true else {
      return []
    }
    var query = database.select()
      .column("player")
      .column(SQLFunction("SUM", args: SQLColumn("score")), as: "total")
      .column(SQLFunction("COUNT", args: SQLLiteral.all), as: "patterns")
      .column(SQLFunction("MAX", args: SQLColumn("level")), as: "level")
      .column(SQLFunction("MAX", args: SQLColumn("started_at")), as: "latest")
      .from("interval_bests")
      .where("band", .equal, SQLBind(Int64(band)))
    if let patternIDs { query = query.where("pattern_id", .in, SQLBind.group(patternIDs)) }
    if let members { query = query.where("player", .in, SQLBind.group(members)) }
    return try await query.groupBy("player").all().map {
      (
        try $0.decode(column: "player", as: String.self),
        Int(try $0.decode(column: "total", as: Double.self).rounded()),
        Int(try $0.decode(column: "patterns", as: Int64.self)),
        Int(try $0.decode(column: "level", as: Int64.self)),
        Date(timeIntervalSince1970: TimeInterval(try $0.decode(column: "latest", as: Int64.self)))
      )
    }
  }
}
