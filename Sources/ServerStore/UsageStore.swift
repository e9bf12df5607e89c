import Foundation
import SQLKit

/// What the usage statistics are read from, for the server's admin: the accounts, the
/// histories players backed up, the scores they sent and the ratings of shared patterns. Each
/// read is summed in Swift where PostgreSQL would answer a sum of integers as numeric.
public struct UsageStore: Sendable {
  public let database: any SQLDatabase

  public init(database: any SQLDatabase) {
    self.database = database
  }

  public func accountCount() async throws -> Int {
    let row = try await database.select()
      .column(SQLFunction("COUNT", args: SQLLiteral.all), as: "accounts")
      .from("accounts")
      .first()
    return Int(try row?.decode(column: "accounts", as: Int64.self) ?? 0)
  }

  /// The players who backed up a history, whole or in pieces, by name.
  public func playersWithHistory() async throws -> [String] {
    try await database.select().distinct().column("player").from("backup_items")
      .where("path", .equal, SQLBind(Self.wholeHistory))
      .orWhere("path", .equal, SQLBind(HistoryPieces.manifestPath))
      .orderBy("player")
      .all()
      .map { try $0.decode(column: "player", as: String.self) }
  }

  /// `player`'s backed-up history: the pieces its manifest lists, in order, when it was backed
  /// up in pieces, else the file whole; nil when a piece is missing or there is none.
  public func history(of player: String) async throws -> Data? {
    if let manifest = try await content(of: player, path: HistoryPieces.manifestPath) {
      let pieces = try JSONDecoder().decode(HistoryPieces.self, from: manifest)
      var history = Data()
      for index in pieces.pieces.indices {
        guard let piece = try await content(of: player, path: HistoryPieces.path(ofPiece: index))
        else { return nil }
        history += piece
      }
      return history
    }
    return try await content(of: player, path: Self.wholeHistory)
  }

  /// The start of every game, drill, streak and rhythm run sent to the boards at `since` or
  /// later, with its player.
  public func scoredStarts(since: Date) async throws -> [(player: String, startedAt: Date)] {
    var starts: [(player: String, startedAt: Date)] = []
    for table in ["interval_scores", "board_scores"] {
      starts += try await database.select().columns("player", "started_at").from(table)
        .where("started_at", .greaterThanOrEqual, SQLBind(Self.seconds(since)))
        .all()
        .map {
          (
            try $0.decode(column: "player", as: String.self),
            Date(
              timeIntervalSince1970: TimeInterval(
                try $0.decode(column: "started_at", as: Int64.self)))
          )
        }
    }
    return starts
  }

  /// The patterns with the most interval games sent since `since`, with how many players sent
  /// them: most games first, then most players, then by id; at most `limit`.
  public func practisedPatterns(since: Date, limit: Int) async throws -> [(
    patternID: String, games: Int, players: Int
  )] {
    var byPattern: [String: (games: Int, players: Int)] = [:]
    for row in try await database.select()
      .column("pattern_id")
      .column(SQLFunction("COUNT", args: SQLLiteral.all), as: "games")
      .from("interval_scores")
      .where("started_at", .greaterThanOrEqual, SQLBind(Self.seconds(since)))
      .groupBy("pattern_id").groupBy("player")
      .all()
    {
      let pattern = try row.decode(column: "pattern_id", as: String.self)
      let games = Int(try row.decode(column: "games", as: Int64.self))
      byPattern[pattern, default: (0, 0)].games += games
      byPattern[pattern, default: (0, 0)].players += 1
    }
    return byPattern.map { (patternID: $0.key, games: $0.value.games, players: $0.value.players) }
      .sorted { ($1.games, $1.players, $0.patternID) < ($0.games, $0.players, $1.patternID) }
      .prefix(limit).map { $0 }
  }

  /// The shared patterns with the best average rating: highest average first, then the most
  /// ratings, then by owner and id; at most `limit`, each with the name of its latest share.
  public func bestRated(limit: Int) async throws -> [(
    owner: String, patternID: String, name: String, average: Double, ratings: Int
  )] {
    var stars: [[String]: [Int]] = [:]
    for row in try await database.select().columns("owner", "pattern_id", "stars")
      .from("pattern_ratings").all()
    {
      let key = [
        try row.decode(column: "owner", as: String.self),
        try row.decode(column: "pattern_id", as: String.self),
      ]
      stars[key, default: []].append(Int(try row.decode(column: "stars", as: Int64.self)))
    }
    let best = stars.map {
      (
        owner: $0.key[0], patternID: $0.key[1],
        average: Double($0.value.reduce(0, +)) / Double($0.value.count), ratings: $0.value.count
      )
    }
    .sorted {
      ($1.average, $1.ratings, $0.owner, $0.patternID)
        < ($0.average, $0.ratings, $1.owner, $1.patternID)
    }
    .prefix(limit)
    var rated: [(owner: String, patternID: String, name: String, average: Double, ratings: Int)] =
      []
    for pattern in best {
      let name = try await database.select().column("name").from("pattern_shares")
        .where("owner", .equal, SQLBind(pattern.owner))
        .where("pattern_id", .equal, SQLBind(pattern.patternID))
        .orderBy("created_at", .descending)
        .first()
        .map { try $0.decode(column: "name", as: String.self) }
      rated.append(
        (
          pattern.owner, pattern.patternID, name ?? pattern.patternID, pattern.average,
          pattern.ratings
        ))
    }
    return rated
  }

  private static let wholeHistory = "data/history.jsonl"

  private func content(of player: String, path: String) async throws -> Data? {
    try await database.select().column("content").from("backup_items")
      .where("player", .equal, SQLBind(player))
      .where("path", .equal, SQLBind(path))
      .first()
      .map { try $0.decode(column: "content", as: Data.self) }
  }

  private static func seconds(_ date: Date) -> Int64 {
    Int64(date.timeIntervalSince1970.rounded(.down))
  }
}
