import SQLKit

/// Each player's best on each board, one row per board and player, kept as scores arrive so a
/// board is read in a few indexed queries however many games were played: the board of the
/// ten best and my place, under load, without reading every game. A best is the highest score;
/// of equal scores the one started first, as it was reached first; players of equal bests are
/// ranked by that start, then by name. Scores are kept as DOUBLE PRECISION on both databases.
struct PlayerBests: Sendable {
  let database: any SQLDatabase
  /// The table, with `player`, `score` and `started_at` columns besides the board's key.
  let table: String
  /// The columns that name a board, such as the pattern and level band.
  let boardColumns: [String]

  /// Keeps `columns` (the board's key, `player`, `score`, `started_at` and any other figure of
  /// the game) as the player's best on that board when it beats the one kept.
  func offer(_ columns: [(String, any SQLExpression)]) async throws {
    let names = columns.map(\.0)
    let kept = names.filter { !boardColumns.contains($0) && $0 != "player" }
    try await database.insert(into: table)
      .columns(names)
      .values(columns.map(\.1))
      .onConflict(with: boardColumns + ["player"]) { update in
        var update = update
        for name in kept { update = update.set(excludedValueOf: name) }
        return update.where(
          SQLBinaryExpression(
            SQLExcludedColumn("score"), .greaterThan, SQLColumn("score", table: table))
        ).orWhere(
          SQLBinaryExpression(
            SQLBinaryExpression(
              SQLExcludedColumn("score"), .equal, SQLColumn("score", table: table)),
            .and,
            SQLBinaryExpression(
              SQLExcludedColumn("started_at"), .lessThan, SQLColumn("started_at", table: table))
          ))
      }
      .run()
  }

  /// The board `key` names: how many players it has, the first `length` rows of its ranking
  /// with their `columns`, `player`'s row with its place, if the player has one, and the rows
  /// of up to `around` players just before it and just after it, in board order, with their
  /// places: the players near my level, wherever I stand.
  func ranking(
    key: [(String, any SQLExpression)], columns: [String], length: Int, player: String,
    around: Int
  ) async throws -> (
    players: Int, top: [any SQLRow], mine: (place: Int, row: any SQLRow)?,
    near: [(place: Int, row: any SQLRow)]
  ) {
    let top = try await onBoard(key, database.select().columns(columns).from(table))
      .orderBy("score", .descending)
      .orderBy("started_at", .ascending)
      .orderBy("player", .ascending)
      .limit(length)
      .all()
    let players = try await count(key, above: nil)
    guard
      let mine = try await onBoard(key, database.select().columns(columns).from(table))
        .where("player", .equal, SQLBind(player))
        .first()
    else { return (players, top, nil, []) }
    let best = (
      score: try mine.decode(column: "score", as: Double.self),
      startedAt: try mine.decode(column: "started_at", as: Int64.self), player: player
    )
    let ahead = try await count(key, above: best)
    let before = try await onBoard(key, database.select().columns(columns).from(table))
      .where { Self.ranked($0, before: true, best) }
      .orderBy("score", .ascending)
      .orderBy("started_at", .descending)
      .orderBy("player", .descending)
      .limit(around)
      .all()
    let after = try await onBoard(key, database.select().columns(columns).from(table))
      .where { Self.ranked($0, before: false, best) }
      .orderBy("score", .descending)
      .orderBy("started_at", .ascending)
      .orderBy("player", .ascending)
      .limit(around)
      .all()
    let near =
      before.reversed().enumerated().map { (place: ahead - before.count + 1 + $0, row: $1) }
      + after.enumerated().map { (place: ahead + 2 + $0, row: $1) }
    return (players, top, (ahead + 1, mine), near)
  }

  /// `player`'s best on the board `key` names: its score and start.
  func best(key: [(String, any SQLExpression)], player: String) async throws -> (
    score: Double, startedAt: Int64
  )? {
    guard
      let row = try await onBoard(
        key, database.select().columns("score", "started_at").from(table)
      )
      .where("player", .equal, SQLBind(player))
      .first()
    else { return nil }
    return (
      try row.decode(column: "score", as: Double.self),
      try row.decode(column: "started_at", as: Int64.self)
    )
  }

  /// The players `player` passed with a game of `score`, given their best before it: those who
  /// were ranked before it and whose best is now lower (a tie passes nobody), with their bests;
  /// the nearest first (the highest bests, in board order), at most `limit` of them.
  func passed(
    key: [(String, any SQLExpression)], player: String,
    previous: (score: Double, startedAt: Int64)?, score: Double, limit: Int
  ) async throws -> [(player: String, score: Double)] {
    var query = onBoard(key, database.select().columns("player", "score").from(table))
      .where("player", .notEqual, SQLBind(player))
      .where("score", .lessThan, SQLBind(score))
    if let previous {
      query = query.where { ahead in
        ahead.where("score", .greaterThan, SQLBind(previous.score))
          .orWhere { tie in
            tie.where("score", .equal, SQLBind(previous.score))
              .where("started_at", .lessThan, SQLBind(previous.startedAt))
          }
      }
    }
    return try await query.orderBy("score", .descending)
      .orderBy("started_at", .ascending)
      .orderBy("player", .ascending)
      .limit(limit)
      .all()
      .map {
        (
          try $0.decode(column: "player", as: String.self),
          try $0.decode(column: "score", as: Double.self)
        )
      }
  }

  /// The players on the board, or those ranked before a best.
  private func count(
    _ key: [(String, any SQLExpression)],
    above best: (score: Double, startedAt: Int64, player: String)?
  ) async throws -> Int {
    var query = onBoard(
      key,
      database.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "players").from(
        table))
    if let best {
      query = query.where { Self.ranked($0, before: true, best) }
    }
    let row = try await query.first()
    return Int(try row?.decode(column: "players", as: Int64.self) ?? 0)
  }

  /// The rows ranked before `best`: a higher score, or the same reached earlier, or at the same
  /// start by a name that sorts first; with `before` false, the mirror: those ranked after it.
  private static func ranked(
    _ group: SQLPredicateGroupBuilder, before: Bool,
    _ best: (score: Double, startedAt: Int64, player: String)
  ) -> SQLPredicateGroupBuilder {
    let better: SQLBinaryOperator = before ? .greaterThan : .lessThan
    let sooner: SQLBinaryOperator = before ? .lessThan : .greaterThan
    return group.where("score", better, SQLBind(best.score))
      .orWhere { tie in
        tie.where("score", .equal, SQLBind(best.score))
          .where("started_at", sooner, SQLBind(best.startedAt))
      }
      .orWhere { tie in
        tie.where("score", .equal, SQLBind(best.score))
          .where("started_at", .equal, SQLBind(best.startedAt))
          .where("player", sooner, SQLBind(best.player))
      }
  }

  private func onBoard(_ key: [(String, any SQLExpression)], _ query: SQLSelectBuilder)
    -> SQLSelectBuilder
  {
    key.reduce(query) { $0.where(SQLColumn($1.0), .equal, $1.1) }
  }
}
