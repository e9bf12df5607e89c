import Foundation
import SQLKit

/// One thing that happened that a player may want to hear of, as that player reads it.
public struct NewsItem: Equatable, Sendable {
  /// Each kind names what `itemID`, `title` and the optional fields hold. Kinds are added as
  /// the server learns of more (friends' records, accepted suggestions); a client shows a kind
  /// it does not know by its `from` and `title` alone.
  public enum Kind: String, CaseIterable, Sendable {
    /// A pattern shared to everyone or to the reader: `itemID` is the share, `title` its name.
    case pattern
    /// A note pack new in the catalogue: `itemID` its id, `title` its name, `from` the
    /// teacher who published it. A new version of a pack is no news.
    case pack
    /// A recommendation to a class of the reader's: `itemID` is the recommendation, `itemKind`
    /// pattern or pack, `title` the pattern's or pack's id, `text` the message, `className`.
    case recommendation
    /// A rating of the reader's own pattern: `itemID` and `title` the pattern's id and name,
    /// `stars`, `text` the comment (empty when there is none or the reader may not read it).
    case rating
    /// A player passed the reader's best on a board: `itemKind` the game (interval, drill,
    /// streak, rhythm), `itemID` the board (the pattern for the interval game, with `band`),
    /// `score` theirs and `yourScore` the reader's best it passed.
    case record
    /// A player the reader follows set a new best on a board, whoever it passed: `itemKind`
    /// the game, `itemID` the board (with `band` for the interval game), `score` theirs.
    case followedRecord
    /// A teacher reviewed the reader's suggestion for the library: `itemID` the pattern's id,
    /// `title` its name, `itemKind` the decision (accepted, changes, declined), `text` the
    /// reason.
    case suggestionReviewed
    /// A pattern joined the school's library: `itemID` its id, `title` its name, `from` the
    /// player who suggested it.
    case libraryPattern
  }

  public let id: String
  public let kind: Kind
  public let at: Date
  /// Who did it: the pattern's owner, the teacher, the rater, the player who passed.
  public let from: String
  public let itemID: String
  public let itemKind: String?
  public let title: String
  public let text: String
  public let className: String?
  public let stars: Int?
  public let score: Double?
  public let yourScore: Double?
  public let band: Int?
  /// Later than the reader's last-read mark.
  public let isNew: Bool
}

/// A page of a reader's news, newest first.
public struct NewsPage: Equatable, Sendable {
  /// The reader's last-read mark: what is later is new.
  public let readUpTo: Date
  public let items: [NewsItem]
  /// How many items of each kind are new, over every page.
  public let newCounts: [NewsItem.Kind: Int]
  /// Where the next page starts, nil on the last.
  public let nextOffset: Int?
}

/// The news feed: each event is written once, when it happens, with its audience (one reader,
/// one class's students, or everyone), and read through the one filter of what the reader may
/// see; nobody hears of what they did themselves. The last-read mark is the server's, one per
/// player, so it is the same on every machine the player uses.
public struct NewsStore: Sendable {
  public let database: any SQLDatabase
  private let now: @Sendable () -> Date

  public static let pageSizes = 1...50
  /// A record tells at most this many of the players it passed, the nearest first: a new
  /// leader of a board of thousands costs a bounded write, and the players it passed by far
  /// hear little from it anyway.
  public static let recordReaders = 500
  /// Rows per insert: a statement's binds stay far below both databases' limits, and no one
  /// statement holds the table for long.
  static let rowsPerStatement = 50

  public init(database: any SQLDatabase, now: @escaping @Sendable () -> Date = Date.init) {
    self.database = database
    self.now = now
  }

  /// Milliseconds: a mark moved through one item must not cover another made the same second.
  private var nowMilliseconds: Int64 { Int64((now().timeIntervalSince1970 * 1000).rounded(.down)) }

  /// The items `reader` may read, newest first: only the new ones, or with `all` the read ones
  /// too.
  public func feed(of reader: String, all: Bool, limit: Int, offset: Int) async throws
    -> NewsPage
  {
    let classIDs = try await memberships(of: reader)
    let mark = try await readMark(of: reader)
    var query = visible(
      database.select().columns(Self.columns).from("news_items"), reader: reader,
      classIDs: classIDs)
    if !all { query = query.where("created_at", .greaterThan, SQLBind(mark)) }
    // One more than asked tells whether another page follows.
    let rows = try await query.orderBy("created_at", .descending).orderBy("id")
      .limit(limit + 1).offset(offset)
      .all()
    var items: [NewsItem] = []
    for row in rows.prefix(limit) {
      if let item = try await item(from: row, reader: reader, classIDs: classIDs, mark: mark) {
        items.append(item)
      }
    }
    let counted = try await visible(
      database.select().column("kind")
        .column(SQLFunction("COUNT", args: SQLLiteral.all), as: "count")
        .from("news_items"), reader: reader, classIDs: classIDs
    )
    .where("created_at", .greaterThan, SQLBind(mark))
    .groupBy("kind")
    .all()
    var counts: [NewsItem.Kind: Int] = [:]
    for row in counted {
      if let kind = NewsItem.Kind(rawValue: try row.decode(column: "kind", as: String.self)) {
        counts[kind] = try row.decode(column: "count", as: Int.self)
      }
    }
    return NewsPage(
      readUpTo: Self.date(mark), items: items, newCounts: counts,
      nextOffset: rows.count > limit ? offset + limit : nil)
  }

  /// Moves `reader`'s mark up to the item `itemID` (everything listed up to it is read), or up
  /// to now; a mark never moves back. False when `reader` may not read that item.
  public func markRead(_ reader: String, through itemID: String?) async throws -> Bool {
    var upTo = nowMilliseconds
    if let itemID {
      guard
        let row = try await visible(
          database.select().column("created_at").from("news_items"), reader: reader,
          classIDs: try await memberships(of: reader)
        )
        .where("id", .equal, SQLBind(itemID))
        .first()
      else { return false }
      upTo = try row.decode(column: "created_at", as: Int64.self)
    }
    try await database.insert(into: "news_marks")
      .columns("player", "read_up_to")
      .values(SQLBind(reader), SQLBind(upTo))
      .onConflict(with: ["player"]) {
        $0.set(excludedValueOf: "read_up_to")
          .where(
            SQLBinaryExpression(
              SQLExcludedColumn("read_up_to"), .greaterThan,
              SQLColumn("read_up_to", table: "news_marks")))
      }
      .run()
    return true
  }

  // MARK: Writing, from the stores where each event happens

  /// Where an item goes: one player, the students of one class, or every player.
  enum Audience {
    case player(String)
    case classMembers(String)
    case everyone
  }

  struct Event {
    var kind: NewsItem.Kind
    var actor: String
    var itemID: String
    var itemKind: String? = nil
    var title: String
    var text = ""
    var className: String? = nil
    var stars: Int? = nil
    var score: Double? = nil
    var yourScore: Double? = nil
    var band: Int? = nil
  }

  func post(_ event: Event, to audience: Audience) async throws {
    try await post([(event, audience)])
  }

  /// Posts several items, all at one time, in statements of at most `rowsPerStatement` rows (a
  /// record may pass many players at once).
  func post(_ events: [(Event, Audience)]) async throws {
    let at = nowMilliseconds
    for start in stride(from: 0, to: events.count, by: Self.rowsPerStatement) {
      try await insert(events[start..<min(start + Self.rowsPerStatement, events.count)], at: at)
    }
  }

  private func insert(_ events: ArraySlice<(Event, Audience)>, at: Int64) async throws {
    var insert = database.insert(into: "news_items").columns(Self.writtenColumns)
    for (event, audience) in events {
      var reader: String?
      var classID: String?
      switch audience {
      case .player(let name): reader = name
      case .classMembers(let id): classID = id
      case .everyone: break
      }
      insert = insert.values(
        SQLBind(PatternShareStore.newID()), SQLBind(event.kind.rawValue), SQLBind(reader),
        SQLBind(classID), SQLBind(event.actor), SQLBind(at), SQLBind(event.itemID),
        SQLBind(event.itemKind), SQLBind(event.title), SQLBind(event.text),
        SQLBind(event.className), SQLBind(event.stars.map(Int64.init)), SQLBind(event.score),
        SQLBind(event.yourScore), SQLBind(event.band.map(Int64.init)))
    }
    try await insert.run()
  }

  /// Tells of a best set on a board (`best`, a `record` without `yourScore`): each player it
  /// passed (`passed`, with the best it passed) as a `record`, and, when it is the player's
  /// new best, their followers not told already as a `followedRecord`: a follower hears of
  /// every new best, however far below it they stand.
  func tell(
    of best: Event, passed: [(player: String, score: Double)], isNewBest: Bool
  ) async throws {
    try await post(
      passed.map { passed in
        var record = best
        record.yourScore = passed.score
        return (record, .player(passed.player))
      })
    guard isNewBest else { return }
    let told = Set(passed.map(\.player))
    var followed = best
    followed.kind = .followedRecord
    try await post(
      try await FollowStore(database: database, now: now).followers(of: best.actor)
        .filter { !told.contains($0) }
        .map { (followed, .player($0)) })
  }

  /// Takes back the items of `kind` about `itemID` that `actor` made for `reader`: a rating
  /// written again or removed leaves only what is true now.
  func withdraw(_ kind: NewsItem.Kind, itemID: String, actor: String, reader: String)
    async throws
  {
    try await database.delete(from: "news_items")
      .where("kind", .equal, SQLBind(kind.rawValue))
      .where("item_id", .equal, SQLBind(itemID))
      .where("actor", .equal, SQLBind(actor))
      .where("reader", .equal, SQLBind(reader))
      .run()
  }

  // MARK: Reading

  private static let writtenColumns = [
    "id", "kind", "reader", "class_id", "actor", "created_at", "item_id", "item_kind", "title",
    "text", "class_name", "stars", "score", "your_score", "band",
  ]
  private static let columns = writtenColumns.filter { $0 != "reader" && $0 != "class_id" }

  /// The one filter of what `reader` may read: items for them, for a class they are a student
  /// of now, or for everyone; never their own doing.
  private func visible(_ query: SQLSelectBuilder, reader: String, classIDs: [String])
    -> SQLSelectBuilder
  {
    query.where { group in
      let mine = group.where("reader", .equal, SQLBind(reader))
        .orWhere { everyone in
          everyone.where("reader", .is, SQLLiteral.null).where("class_id", .is, SQLLiteral.null)
        }
      return classIDs.isEmpty ? mine : mine.orWhere("class_id", .in, SQLBind.group(classIDs))
    }
    .where("actor", .notEqual, SQLBind(reader))
  }

  private func memberships(of player: String) async throws -> [String] {
    try await database.select().column("class_id").from("class_members")
      .where("player", .equal, SQLBind(player))
      .all()
      .map { try $0.decode(column: "class_id", as: String.self) }
  }

  /// The reader's mark; before they marked anything, when their account was made: a new
  /// player is not told everything that ever happened.
  private func readMark(of reader: String) async throws -> Int64 {
    if let row = try await database.select().column("read_up_to").from("news_marks")
      .where("player", .equal, SQLBind(reader))
      .first()
    {
      return try row.decode(column: "read_up_to", as: Int64.self)
    }
    let created = try await database.select().column("created_at").from("accounts")
      .where("name", .equal, SQLBind(reader))
      .first()
    return (try created?.decode(column: "created_at", as: Int64.self) ?? 0) * 1000
  }

  /// Nil for a kind this server does not know (written by a newer one sharing the database).
  private func item(from row: any SQLRow, reader: String, classIDs: [String], mark: Int64)
    async throws -> NewsItem?
  {
    guard let kind = NewsItem.Kind(rawValue: try row.decode(column: "kind", as: String.self))
    else { return nil }
    let actor = try row.decode(column: "actor", as: String.self)
    let itemID = try row.decode(column: "item_id", as: String.self)
    var text = try row.decode(column: "text", as: String.self)
    // The owner of a pattern reads a comment on it as the comments list shows it to them: not
    // one a teacher hid from a class they are a student of.
    if kind == .rating, !text.isEmpty, !classIDs.isEmpty,
      try await database.select().column("player").from("comment_hides")
        .where("owner", .equal, SQLBind(reader))
        .where("pattern_id", .equal, SQLBind(itemID))
        .where("player", .equal, SQLBind(actor))
        .where("class_id", .in, SQLBind.group(classIDs))
        .first() != nil
    {
      text = ""
    }
    let at = try row.decode(column: "created_at", as: Int64.self)
    return NewsItem(
      id: try row.decode(column: "id", as: String.self), kind: kind,
      at: Self.date(at), from: actor, itemID: itemID,
      itemKind: try row.decode(column: "item_kind", as: String?.self),
      title: try row.decode(column: "title", as: String.self), text: text,
      className: try row.decode(column: "class_name", as: String?.self),
      stars: try row.decode(column: "stars", as: Int64?.self).map(Int.init),
      score: try row.decode(column: "score", as: Double?.self),
      yourScore: try row.decode(column: "your_score", as: Double?.self),
      band: try row.decode(column: "band", as: Int64?.self).map(Int.init), isNew: at > mark)
  }

  private static func date(_ milliseconds: Int64) -> Date {
    Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
  }
}
