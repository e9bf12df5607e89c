import Foundation
import SQLKit

/// The pattern a rating is about: its owner's pattern id. Every share of it (to everyone, to
/// one player) gathers the same ratings.
public struct RatedPattern: Hashable, Sendable {
  public let owner: String
  public let patternID: String

  public init(owner: String, patternID: String) {
    self.owner = owner
    self.patternID = patternID
  }

  public init(_ share: PatternShare) {
    self.init(owner: share.owner, patternID: share.patternID)
  }
}

/// One player's stars and comment on a pattern.
public struct PatternRating: Equatable, Sendable {
  public let player: String
  public let stars: Int
  /// Empty when the player gave stars only.
  public let comment: String
  public let createdAt: Date
  public let updatedAt: Date
  /// Hidden in a class the reader teaches, or, for the player's own, in any class.
  public let isHidden: Bool
}

/// A pattern's ratings: how many and their average, counted over every rating, hidden
/// comments too (a teacher hides words, not stars).
public struct RatingSummary: Equatable, Sendable {
  public let count: Int
  /// Nil when nobody rated it.
  public let average: Double?

  public static let none = RatingSummary(count: 0, average: nil)
}

/// A page of a pattern's comments, newest first, with the summary of all its ratings.
public struct CommentPage: Equatable, Sendable {
  public let summary: RatingSummary
  public let comments: [PatternRating]
  /// Where the next page starts, nil on the last.
  public let nextOffset: Int?
}

/// Ratings and comments on shared patterns, and the teachers' hides. Who may read, rate and
/// hide is the caller's check (`Server`); this store keeps the text as given, after
/// `problem(withComment:)` accepted it.
public struct PatternRatingStore: Sendable {
  public let database: any SQLDatabase
  private let now: @Sendable () -> Date

  public static let stars = 1...5
  public static let longestComment = 500
  public static let pageSizes = 1...50

  public init(database: any SQLDatabase, now: @escaping @Sendable () -> Date = Date.init) {
    self.database = database
    self.now = now
  }

  private var nowSeconds: Int64 { Int64(now().timeIntervalSince1970.rounded(.down)) }

  /// Why `stars` cannot be a rating, or nil.
  public static func problem(withStars stars: Int) -> String? {
    Self.stars.contains(stars)
      ? nil : "a rating has \(Self.stars.lowerBound) to \(Self.stars.upperBound) stars"
  }

  /// Why `comment` cannot be kept, or nil: a comment is printed in other players' terminals,
  /// so it is one line of text with no control character (no escape, no newline) and no
  /// character that turns the direction of what follows it.
  public static func problem(withComment comment: String) -> String? {
    if comment.count > longestComment {
      return "a comment has at most \(longestComment) characters"
    }
    if comment.unicodeScalars.contains(where: isUnprintable) {
      return "a comment is one line of text without control characters"
    }
    return nil
  }

  /// Rates `pattern` for `player`, replacing the rating they gave before but keeping when it
  /// was first given.
  public func rate(
    _ pattern: RatedPattern, player: String, stars: Int, comment: String
  ) async throws -> PatternRating {
    let at = nowSeconds
    try await database.insert(into: "pattern_ratings")
      .columns(
        "owner", "pattern_id", "player", "stars", "comment", "created_at", "updated_at"
      )
      .values(
        SQLBind(pattern.owner), SQLBind(pattern.patternID), SQLBind(player),
        SQLBind(Int64(stars)), SQLBind(comment), SQLBind(at), SQLBind(at)
      )
      .onConflict(with: ["owner", "pattern_id", "player"]) {
        $0.set(excludedValueOf: "stars").set(excludedValueOf: "comment")
          .set(excludedValueOf: "updated_at")
      }
      .run()
    // The owner hears of the rating as it is now, once however often it was rewritten.
    let news = NewsStore(database: database, now: now)
    try await news.withdraw(
      .rating, itemID: pattern.patternID, actor: player, reader: pattern.owner)
    try await news.post(
      .init(
        kind: .rating, actor: player, itemID: pattern.patternID,
        title: try await name(of: pattern) ?? pattern.patternID, text: comment, stars: stars),
      to: .player(pattern.owner))
    return PatternRating(
      player: player, stars: stars, comment: comment,
      createdAt: try await createdAt(pattern, player: player) ?? Self.date(at),
      updatedAt: Self.date(at), isHidden: try await !hidingClasses(pattern, player: player).isEmpty
    )
  }

  /// Removes `player`'s rating; false when there was none.
  public func remove(_ pattern: RatedPattern, player: String) async throws -> Bool {
    try await NewsStore(database: database, now: now).withdraw(
      .rating, itemID: pattern.patternID, actor: player, reader: pattern.owner)
    return try await !database.delete(from: "pattern_ratings")
      .where("owner", .equal, SQLBind(pattern.owner))
      .where("pattern_id", .equal, SQLBind(pattern.patternID))
      .where("player", .equal, SQLBind(player))
      .returning("player")
      .all()
      .isEmpty
  }

  /// The name the owner last shared `pattern` under.
  private func name(of pattern: RatedPattern) async throws -> String? {
    try await database.select().column("name").from("pattern_shares")
      .where("owner", .equal, SQLBind(pattern.owner))
      .where("pattern_id", .equal, SQLBind(pattern.patternID))
      .orderBy("created_at", .descending)
      .first()
      .map { try $0.decode(column: "name", as: String.self) }
  }

  /// Whether `player` rated `pattern`.
  public func hasRated(_ pattern: RatedPattern, player: String) async throws -> Bool {
    try await createdAt(pattern, player: player) != nil
  }

  /// The count and average of every rating of `pattern`.
  public func summary(of pattern: RatedPattern) async throws -> RatingSummary {
    // Counted per number of stars: a COUNT decodes alike on both databases, where an AVG or a
    // SUM of integers is a NUMERIC on PostgreSQL.
    let rows = try await database.select()
      .column("stars")
      .column(SQLFunction("COUNT", args: SQLLiteral.all), as: "count")
      .from("pattern_ratings")
      .where("owner", .equal, SQLBind(pattern.owner))
      .where("pattern_id", .equal, SQLBind(pattern.patternID))
      .groupBy("stars")
      .all()
    var count = 0
    var total = 0
    for row in rows {
      let times = try row.decode(column: "count", as: Int.self)
      count += times
      total += times * Int(try row.decode(column: "stars", as: Int64.self))
    }
    return count == 0 ? .none : RatingSummary(count: count, average: Double(total) / Double(count))
  }

  /// A page of `pattern`'s ratings as `reader` sees them, the latest written first: a comment
  /// hidden in a class `reader` is a student of is left out, unless it is the reader's own; one
  /// hidden in a class `reader` teaches is listed, marked hidden, so it can be shown again.
  public func comments(
    on pattern: RatedPattern, reader: String, limit: Int, offset: Int
  ) async throws -> CommentPage {
    let studentOf = try await database.select().column("class_id").from("class_members")
      .where("player", .equal, SQLBind(reader))
      .all()
      .map { try $0.decode(column: "class_id", as: String.self) }
    let teaches = try await database.select().column("id").from("classes")
      .where("teacher", .equal, SQLBind(reader))
      .all()
      .map { try $0.decode(column: "id", as: String.self) }
    var leftOut: Set<String> = []
    var markedHidden: Set<String> = []
    for (player, classID) in try await hides(of: pattern) {
      if player == reader || teaches.contains(classID) {
        markedHidden.insert(player)
      } else if studentOf.contains(classID) {
        leftOut.insert(player)
      }
    }
    var query = database.select()
      .columns("player", "stars", "comment", "created_at", "updated_at")
      .from("pattern_ratings")
      .where("owner", .equal, SQLBind(pattern.owner))
      .where("pattern_id", .equal, SQLBind(pattern.patternID))
    if !leftOut.isEmpty {
      query = query.where("player", .notIn, SQLBind.group(leftOut.sorted()))
    }
    // One more than asked tells whether another page follows.
    let rows = try await query.orderBy("updated_at", .descending).orderBy("player")
      .limit(limit + 1).offset(offset)
      .all()
    let comments = try rows.prefix(limit).map { row in
      let player = try row.decode(column: "player", as: String.self)
      return PatternRating(
        player: player, stars: Int(try row.decode(column: "stars", as: Int64.self)),
        comment: try row.decode(column: "comment", as: String.self),
        createdAt: Self.date(try row.decode(column: "created_at", as: Int64.self)),
        updatedAt: Self.date(try row.decode(column: "updated_at", as: Int64.self)),
        isHidden: markedHidden.contains(player))
    }
    return CommentPage(
      summary: try await summary(of: pattern), comments: comments,
      nextOffset: rows.count > limit ? offset + limit : nil)
  }

  /// Hides `player`'s comment on `pattern` from the students of `classID`; hiding again
  /// changes nothing.
  public func hide(
    _ pattern: RatedPattern, player: String, classID: String, by teacher: String
  ) async throws {
    try await database.insert(into: "comment_hides")
      .columns("owner", "pattern_id", "player", "class_id", "hidden_by", "hidden_at")
      .values(
        SQLBind(pattern.owner), SQLBind(pattern.patternID), SQLBind(player), SQLBind(classID),
        SQLBind(teacher), SQLBind(nowSeconds)
      )
      .ignoringConflicts(with: ["owner", "pattern_id", "player", "class_id"])
      .run()
  }

  /// Shows `player`'s comment to the students of `classID` again; false when it was not hidden
  /// there.
  public func unhide(_ pattern: RatedPattern, player: String, classID: String) async throws
    -> Bool
  {
    try await !database.delete(from: "comment_hides")
      .where("owner", .equal, SQLBind(pattern.owner))
      .where("pattern_id", .equal, SQLBind(pattern.patternID))
      .where("player", .equal, SQLBind(player))
      .where("class_id", .equal, SQLBind(classID))
      .returning("player")
      .all()
      .isEmpty
  }

  private func hides(of pattern: RatedPattern) async throws -> [(String, String)] {
    try await database.select().columns("player", "class_id").from("comment_hides")
      .where("owner", .equal, SQLBind(pattern.owner))
      .where("pattern_id", .equal, SQLBind(pattern.patternID))
      .all()
      .map {
        (
          try $0.decode(column: "player", as: String.self),
          try $0.decode(column: "class_id", as: String.self)
        )
      }
  }

  private func hidingClasses(_ pattern: RatedPattern, player: String) async throws -> [String] {
    try await hides(of: pattern).filter { $0.0 == player }.map(\.1)
  }

  private func createdAt(_ pattern: RatedPattern, player: String) async throws -> Date? {
    try await database.select().column("created_at").from("pattern_ratings")
      .where("owner", .equal, SQLBind(pattern.owner))
      .where("pattern_id", .equal, SQLBind(pattern.patternID))
      .where("player", .equal, SQLBind(player))
      .first()
      .map { Self.date(try $0.decode(column: "created_at", as: Int64.self)) }
  }

  /// C0 and C1 controls, DEL, and the bidirectional overrides and isolates, which would
  /// reorder what the terminal prints after them.
  private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
      || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
  }

  private static func date(_ seconds: Int64) -> Date {
    Date(timeIntervalSince1970: TimeInterval(seconds))
  }
}
