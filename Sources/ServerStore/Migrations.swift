import Foundation
import SQLKit

/// The schema, one numbered step at a time. A later slice appends a step with the next version;
/// a step already applied is never changed.
enum Migrations {
  struct Step: Sendable {
    let version: Int
    let apply: @Sendable (any SQLDatabase) async throws -> Void
  }

  static let steps: [Step] = [
    Step(version: 1, apply: accounts), Step(version: 2, apply: patternShares),
    Step(version: 3, apply: packs), Step(version: 4, apply: intervalScores),
    Step(version: 5, apply: backupItems), Step(version: 6, apply: boardScores),
    Step(version: 7, apply: playerBests), Step(version: 8, apply: rhythmBoardsByBars),
    Step(version: 9, apply: classes), Step(version: 10, apply: patternRatings),
    Step(version: 11, apply: news), Step(version: 12, apply: invitations),
    Step(version: 13, apply: follows), Step(version: 14, apply: library),
    Step(version: 15, apply: chains),
  ]

  static var latestVersion: Int { steps.map(\.version).max() ?? 0 }

  /// Applies every step past the database's version, each recorded in `schema_migrations`.
  /// SQLKit has no transactions: two processes migrating one empty PostgreSQL at the same
  /// moment may see one of them fail on an index the other made; started again, it finds the
  /// schema done.
  static func run(on database: any SQLDatabase, now: Int64) async throws {
    try await database.create(table: "schema_migrations").ifNotExists()
      .column("version", type: .bigint, .primaryKey(autoIncrement: false))
      .column("applied_at", type: .bigint, .notNull)
      .run()
    let applied = try await appliedVersion(on: database)
    guard applied <= latestVersion else {
      throw StoreError.newerSchema(found: applied, known: latestVersion)
    }
    for step in steps where step.version > applied {
      try await step.apply(database)
      try await database.insert(into: "schema_migrations")
        .columns("version", "applied_at")
        .values(SQLBind(step.version), SQLBind(now))
        .ignoringConflicts(with: "version")
        .run()
    }
  }

  static func appliedVersion(on database: any SQLDatabase) async throws -> Int {
    let row = try await database.select()
      .column(SQLFunction("MAX", args: SQLColumn("version")), as: "version")
      .from("schema_migrations")
      .first()
    return try row?.decode(column: "version", as: Int?.self) ?? 0
  }

  /// Accounts, the digests of their bearer tokens, and failed logins for the rate limit.
  private static func accounts(_ database: any SQLDatabase) async throws {
    try await database.create(table: "accounts").ifNotExists()
      .column("name", type: .text, .primaryKey(autoIncrement: false))
      .column("password_hash", type: .text, .notNull)
      .column("role", type: .text, .notNull)
      .column("created_at", type: .bigint, .notNull)
      .run()
    try await database.create(table: "tokens").ifNotExists()
      .column("token_hash", type: .text, .primaryKey(autoIncrement: false))
      .column("account_name", type: .text, .notNull, .references("accounts", "name"))
      .column("created_at", type: .bigint, .notNull)
      .column("expires_at", type: .bigint, .notNull)
      .run()
    try await database.create(index: "tokens_by_account").on("tokens").column("account_name")
      .run()
    try await database.create(table: "login_failures").ifNotExists()
      .column("scope", type: .text, .notNull)
      .column("failed_at", type: .bigint, .notNull)
      .run()
    try await database.create(index: "login_failures_by_scope").on("login_failures")
      .column("scope").column("failed_at")
      .run()
  }

  /// Patterns published to everyone (`recipient` NULL) or recommended to one player.
  private static func patternShares(_ database: any SQLDatabase) async throws {
    try await database.create(table: "pattern_shares").ifNotExists()
      .column("id", type: .text, .primaryKey(autoIncrement: false))
      .column("owner", type: .text, .notNull, .references("accounts", "name"))
      .column("recipient", type: .text, .references("accounts", "name"))
      .column("pattern_id", type: .text, .notNull)
      .column("name", type: .text, .notNull)
      .column("file", type: .text, .notNull)
      .column("created_at", type: .bigint, .notNull)
      .run()
    try await database.create(index: "pattern_shares_by_recipient").on("pattern_shares")
      .column("recipient").column("created_at")
      .run()
  }

  /// The note-pack catalogue, one row per pack id: a teacher publishes, every account reads;
  /// the publisher may replace the file, and each replacement counts a version.
  private static func packs(_ database: any SQLDatabase) async throws {
    try await database.create(table: "packs").ifNotExists()
      .column("id", type: .text, .primaryKey(autoIncrement: false))
      .column("name", type: .text, .notNull)
      .column("description", type: .text, .notNull)
      .column("note_count", type: .bigint, .notNull)
      .column("publisher", type: .text, .notNull, .references("accounts", "name"))
      .column("file", type: .text, .notNull)
      .column("version", type: .bigint, .notNull)
      .column("published_at", type: .bigint, .notNull)
      .column("updated_at", type: .bigint, .notNull)
      .run()
  }

  /// Interval-game scores, one row per game: a player's game is known by its start, so a game
  /// sent twice is kept once. The record is kept as sent, for a teacher to look into.
  private static func intervalScores(_ database: any SQLDatabase) async throws {
    try await database.create(table: "interval_scores").ifNotExists()
      .column("player", type: .text, .notNull, .references("accounts", "name"))
      .column("started_at", type: .bigint, .notNull)
      .column("pattern_id", type: .text, .notNull)
      .column("band", type: .bigint, .notNull)
      .column("level", type: .bigint, .notNull)
      .column("score", type: .bigint, .notNull)
      .column("record", type: .text, .notNull)
      .column("submitted_at", type: .bigint, .notNull)
      .run()
    try await database.create(index: "interval_scores_by_game").unique().on("interval_scores")
      .column("player").column("started_at")
      .run()
    try await database.create(index: "interval_scores_by_board").on("interval_scores")
      .column("pattern_id").column("band").column("score")
      .run()
  }

  /// The latest version of each file a player backs up (`woodshed sync`), one row per player
  /// and path; `updated_at` is the file's modification time where it was sent from.
  private static func backupItems(_ database: any SQLDatabase) async throws {
    try await database.create(table: "backup_items").ifNotExists()
      .column("player", type: .text, .notNull, .references("accounts", "name"))
      .column("path", type: .text, .notNull)
      .column("sha256", type: .text, .notNull)
      .column("content", type: .blob, .notNull)
      .column("size", type: .bigint, .notNull)
      .column("updated_at", type: .bigint, .notNull)
      .run()
    try await database.create(index: "backup_items_by_path").unique().on("backup_items")
      .column("player").column("path")
      .run()
  }

  /// The drill's, the streak's and the rhythm trainer's bests, one row per session: `game` is
  /// drill, streak or rhythm, `board` the choice of packs or the line and tempo, `score` the
  /// cards right or the accuracy. A player's session is known by its game and start.
  private static func boardScores(_ database: any SQLDatabase) async throws {
    try await database.create(table: "board_scores").ifNotExists()
      .column("player", type: .text, .notNull, .references("accounts", "name"))
      .column("game", type: .text, .notNull)
      .column("started_at", type: .bigint, .notNull)
      .column("board", type: .text, .notNull)
      // Eight bytes on both databases: PostgreSQL's REAL has four, and an accuracy would not
      // come back as it was sent. SQLite gives the name REAL affinity.
      .column("score", type: .custom(SQLRaw("DOUBLE PRECISION")), .notNull)
      .column("record", type: .text, .notNull)
      .column("submitted_at", type: .bigint, .notNull)
      .run()
    try await database.create(index: "board_scores_by_session").unique().on("board_scores")
      .column("player").column("game").column("started_at")
      .run()
    try await database.create(index: "board_scores_by_board").on("board_scores")
      .column("game").column("board").column("score")
      .run()
  }

  /// Each player's best per board (`PlayerBests`), filled from the games recorded so far: a
  /// board read no longer ranks every game.
  private static func playerBests(_ database: any SQLDatabase) async throws {
    for (table, key) in [
      ("interval_bests", ["pattern_id", "band"]), ("board_bests", ["game", "board"]),
    ] {
      var create = database.create(table: table).ifNotExists()
      for column in key {
        create = create.column(column, type: column == "band" ? .bigint : .text, .notNull)
      }
      create = create.column("player", type: .text, .notNull, .references("accounts", "name"))
        .column("score", type: .custom(SQLRaw("DOUBLE PRECISION")), .notNull)
        .column("started_at", type: .bigint, .notNull)
      if table == "interval_bests" { create = create.column("level", type: .bigint, .notNull) }
      try await create.run()
      try await (key + ["player"]).reduce(
        database.create(index: "\(table)_by_player").unique().on(table)
      ) { $0.column($1) }.run()
      try await (key + ["score", "started_at"]).reduce(
        database.create(index: "\(table)_by_rank").on(table)
      ) { $0.column($1) }.run()
    }
    try await fillBests(
      from: "interval_scores", into: "interval_bests", key: ["pattern_id", "band"],
      others: ["level"], scoresAreWhole: true, on: database)
    try await fillBests(
      from: "board_scores", into: "board_bests", key: ["game", "board"], others: [],
      scoresAreWhole: false, on: database)
  }

  /// Every player's best per board of the games in `source`, read in the boards' order.
  /// PostgreSQL decodes a BIGINT only as an integer: the interval game's scores are whole.
  private static func fillBests(
    from source: String, into table: String, key: [String], others: [String],
    scoresAreWhole: Bool, only filter: (column: String, value: String)? = nil,
    on database: any SQLDatabase
  ) async throws {
    let columns = key + ["player", "score", "started_at"] + others
    var query = database.select().columns(columns).from(source)
    if let filter { query = query.where(SQLColumn(filter.column), .equal, SQLBind(filter.value)) }
    let rows = try await query.orderBy("score", .descending).orderBy("started_at", .ascending)
      .all()
    var seen: Set<[String]> = []
    for row in rows {
      var values: [any SQLExpression] = []
      var identity: [String] = []
      for column in key + ["player"] {
        if column == "band" {
          let band = try row.decode(column: column, as: Int64.self)
          values.append(SQLBind(band))
          identity.append(String(band))
        } else {
          let text = try row.decode(column: column, as: String.self)
          values.append(SQLBind(text))
          identity.append(text)
        }
      }
      guard seen.insert(identity).inserted else { continue }
      values.append(
        SQLBind(
          scoresAreWhole
            ? Double(try row.decode(column: "score", as: Int64.self))
            : try row.decode(column: "score", as: Double.self)))
      for column in ["started_at"] + others {
        values.append(SQLBind(try row.decode(column: column, as: Int64.self)))
      }
      try await database.insert(into: table).columns(columns).values(values).run()
    }
  }

  /// A rhythm run's board names its length in bars too ("quarter@90x8"): each run recorded
  /// before is moved to the board of the bars its record gives, and the bests made again.
  private static func rhythmBoardsByBars(_ database: any SQLDatabase) async throws {
    let runs = try await database.select()
      .columns("player", "started_at", "board", "record")
      .from("board_scores")
      .where("game", .equal, SQLBind("rhythm"))
      .all()
    struct Record: Decodable { let figures: [String: Double] }
    for run in runs {
      let record = try run.decode(column: "record", as: String.self)
      guard
        let bars = (try? JSONDecoder().decode(Record.self, from: Data(record.utf8)))?
          .figures["bars"].map({ Int($0.rounded()) })
      else { continue }
      try await database.update("board_scores")
        .set("board", to: SQLBind(try run.decode(column: "board", as: String.self) + "x\(bars)"))
        .where("player", .equal, SQLBind(try run.decode(column: "player", as: String.self)))
        .where("game", .equal, SQLBind("rhythm"))
        .where("started_at", .equal, SQLBind(try run.decode(column: "started_at", as: Int64.self)))
        .run()
    }
    try await database.delete(from: "board_bests").where("game", .equal, SQLBind("rhythm")).run()
    try await fillBests(
      from: "board_scores", into: "board_bests", key: ["game", "board"], others: [],
      scoresAreWhole: false, only: ("game", "rhythm"), on: database)
  }

  /// A teacher's classes (`ClassStore`): the class and its join code, its students, what the
  /// teacher recommends to it, each student's state of each recommendation, and the notices
  /// the teacher has not read yet.
  private static func classes(_ database: any SQLDatabase) async throws {
    try await database.create(table: "classes").ifNotExists()
      .column("id", type: .text, .primaryKey(autoIncrement: false))
      .column("name", type: .text, .notNull)
      .column("teacher", type: .text, .notNull, .references("accounts", "name"))
      .column("join_code", type: .text, .notNull)
      .column("created_at", type: .bigint, .notNull)
      .run()
    try await database.create(index: "classes_by_code").unique().on("classes").column("join_code")
      .run()
    try await database.create(index: "classes_by_teacher").unique().on("classes")
      .column("teacher").column("name")
      .run()
    try await database.create(table: "class_members").ifNotExists()
      .column("class_id", type: .text, .notNull, .references("classes", "id"))
      .column("player", type: .text, .notNull, .references("accounts", "name"))
      .column("joined_at", type: .bigint, .notNull)
      .run()
    try await database.create(index: "class_members_by_class").unique().on("class_members")
      .column("class_id").column("player")
      .run()
    try await database.create(index: "class_members_by_player").on("class_members")
      .column("player")
      .run()
    try await database.create(table: "class_recommendations").ifNotExists()
      .column("id", type: .text, .primaryKey(autoIncrement: false))
      .column("class_id", type: .text, .notNull, .references("classes", "id"))
      .column("kind", type: .text, .notNull)
      .column("item_id", type: .text, .notNull)
      .column("message", type: .text, .notNull)
      .column("level", type: .bigint)
      .column("created_at", type: .bigint, .notNull)
      .run()
    try await database.create(index: "class_recommendations_by_class").on("class_recommendations")
      .column("class_id").column("created_at")
      .run()
    try await database.create(table: "recommendation_states").ifNotExists()
      .column(
        "recommendation_id", type: .text, .notNull, .references("class_recommendations", "id")
      )
      .column("player", type: .text, .notNull, .references("accounts", "name"))
      .column("seen_at", type: .bigint)
      .column("accepted_at", type: .bigint)
      .column("finished_at", type: .bigint)
      .run()
    try await database.create(index: "recommendation_states_by_player").unique()
      .on("recommendation_states").column("recommendation_id").column("player")
      .run()
    try await database.create(table: "class_notices").ifNotExists()
      .column("id", type: .text, .primaryKey(autoIncrement: false))
      .column("teacher", type: .text, .notNull, .references("accounts", "name"))
      .column(
        "recommendation_id", type: .text, .notNull, .references("class_recommendations", "id")
      )
      .column("player", type: .text, .notNull, .references("accounts", "name"))
      .column("event", type: .text, .notNull)
      .column("at", type: .bigint, .notNull)
      .column("read_at", type: .bigint)
      .run()
    try await database.create(index: "class_notices_by_teacher").on("class_notices")
      .column("teacher").column("read_at")
      .run()
  }

  /// Ratings and comments on shared patterns (`PatternRatingStore`), one per player per
  /// pattern, which is its owner's pattern id: every share of it gathers the same ratings. A
  /// teacher's hide keeps a player's comment on a pattern from one class's students, and
  /// outlives an edit or a deletion of it, so a comment cannot come back by being written again.
  private static func patternRatings(_ database: any SQLDatabase) async throws {
    try await database.create(table: "pattern_ratings").ifNotExists()
      .column("owner", type: .text, .notNull, .references("accounts", "name"))
      .column("pattern_id", type: .text, .notNull)
      .column("player", type: .text, .notNull, .references("accounts", "name"))
      .column("stars", type: .bigint, .notNull)
      .column("comment", type: .text, .notNull)
      .column("created_at", type: .bigint, .notNull)
      .column("updated_at", type: .bigint, .notNull)
      .run()
    try await database.create(index: "pattern_ratings_by_player").unique().on("pattern_ratings")
      .column("owner").column("pattern_id").column("player")
      .run()
    try await database.create(index: "pattern_ratings_by_time").on("pattern_ratings")
      .column("owner").column("pattern_id").column("updated_at")
      .run()
    try await database.create(table: "comment_hides").ifNotExists()
      .column("owner", type: .text, .notNull, .references("accounts", "name"))
      .column("pattern_id", type: .text, .notNull)
      .column("player", type: .text, .notNull, .references("accounts", "name"))
      .column("class_id", type: .text, .notNull, .references("classes", "id"))
      .column("hidden_by", type: .text, .notNull, .references("accounts", "name"))
      .column("hidden_at", type: .bigint, .notNull)
      .run()
    try await database.create(index: "comment_hides_by_class").unique().on("comment_hides")
      .column("owner").column("pattern_id").column("player").column("class_id")
      .run()
  }

  /// The news feed (`NewsStore`): an item per event, for one reader (`reader`), the students of
  /// one class (`class_id`) or everyone (both NULL), at a time in milliseconds; and each
  /// player's last-read mark, in milliseconds too.
  private static func news(_ database: any SQLDatabase) async throws {
    try await database.create(table: "news_items").ifNotExists()
      .column("id", type: .text, .primaryKey(autoIncrement: false))
      .column("kind", type: .text, .notNull)
      .column("reader", type: .text, .references("accounts", "name"))
      .column("class_id", type: .text, .references("classes", "id"))
      .column("actor", type: .text, .notNull, .references("accounts", "name"))
      .column("created_at", type: .bigint, .notNull)
      .column("item_id", type: .text, .notNull)
      .column("item_kind", type: .text)
      .column("title", type: .text, .notNull)
      .column("text", type: .text, .notNull)
      .column("class_name", type: .text)
      .column("stars", type: .bigint)
      .column("score", type: .custom(SQLRaw("DOUBLE PRECISION")))
      .column("your_score", type: .custom(SQLRaw("DOUBLE PRECISION")))
      .column("band", type: .bigint)
      .run()
    for (index, column) in [
      ("news_items_by_reader", "reader"), ("news_items_by_class", "class_id"),
      ("news_items_by_actor", "actor"),
    ] {
      try await database.create(index: index).on("news_items").column(column)
        .column("created_at")
        .run()
    }
    try await database.create(index: "news_items_by_time").on("news_items").column("created_at")
      .run()
    try await database.create(table: "news_marks").ifNotExists()
      .column(
        "player", type: .text, .primaryKey(autoIncrement: false), .references("accounts", "name")
      )
      .column("read_up_to", type: .bigint, .notNull)
      .run()
  }

  /// One-time invitations (`InvitationStore`): `used_by` is the name the account was made with,
  /// written just before the account, so it references nothing.
  private static func invitations(_ database: any SQLDatabase) async throws {
    try await database.create(table: "invitations").ifNotExists()
      .column("code", type: .text, .primaryKey(autoIncrement: false))
      .column("invitee", type: .text, .notNull)
      .column("invited_by", type: .text, .references("accounts", "name"))
      .column("created_at", type: .bigint, .notNull)
      .column("used_by", type: .text)
      .column("used_at", type: .bigint)
      .run()
  }

  /// Who follows whom (`FollowStore`), found by the followed player when a new best is told.
  private static func follows(_ database: any SQLDatabase) async throws {
    try await database.create(table: "follows").ifNotExists()
      .column("follower", type: .text, .notNull, .references("accounts", "name"))
      .column("followed", type: .text, .notNull, .references("accounts", "name"))
      .column("created_at", type: .bigint, .notNull)
      .primaryKey("follower", "followed")
      .run()
    try await database.create(index: "follows_by_followed").on("follows").column("followed")
      .run()
  }

  /// The school's library (`LibraryStore`): suggestions with the file as suggested, every
  /// version of a published pattern (a withdrawal has no file), and each pattern's latest.
  private static func library(_ database: any SQLDatabase) async throws {
    try await database.create(table: "library_suggestions").ifNotExists()
      .column("id", type: .text, .primaryKey(autoIncrement: false))
      .column("share_id", type: .text, .notNull)
      .column("pattern_id", type: .text, .notNull)
      .column("name", type: .text, .notNull)
      .column("file", type: .text, .notNull)
      .column("suggester", type: .text, .notNull, .references("accounts", "name"))
      .column("note", type: .text, .notNull)
      .column("state", type: .text, .notNull)
      .column("reason", type: .text, .notNull)
      .column("reviewer", type: .text)
      .column("suggested_at", type: .bigint, .notNull)
      .column("reviewed_at", type: .bigint)
      .run()
    try await database.create(index: "library_suggestions_by_state").on("library_suggestions")
      .column("state").run()
    try await database.create(table: "library_versions").ifNotExists()
      .column("pattern_id", type: .text, .notNull)
      .column("version", type: .bigint, .notNull)
      .column("name", type: .text, .notNull)
      .column("file", type: .text)
      .column("change", type: .text, .notNull)
      .column("changed_by", type: .text, .notNull)
      .column("note", type: .text, .notNull)
      .column("changed_at", type: .bigint, .notNull)
      .primaryKey("pattern_id", "version")
      .run()
    try await database.create(table: "library_patterns").ifNotExists()
      .column("id", type: .text, .primaryKey(autoIncrement: false))
      .column("name", type: .text, .notNull)
      .column("author", type: .text, .notNull)
      .column("version", type: .bigint, .notNull)
      .column("withdrawn", type: .bigint, .notNull)
      .column("updated_at", type: .bigint, .notNull)
      .run()
  }

  /// Each class's achievement chain (`ChainStore`), one row per step in its order.
  private static func chains(_ database: any SQLDatabase) async throws {
    try await database.create(table: "class_chain_steps").ifNotExists()
      .column("class_id", type: .text, .notNull, .references("classes", "id"))
      .column("position", type: .bigint, .notNull)
      .column("kind", type: .text, .notNull)
      .column("items", type: .text, .notNull)
      .column("level", type: .bigint)
      .column("bpm", type: .bigint)
      .column("bars", type: .bigint)
      .column("threshold", type: .custom(SQLRaw("DOUBLE PRECISION")), .notNull)
      .primaryKey("class_id", "position")
      .run()
  }
}
