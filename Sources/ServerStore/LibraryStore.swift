import Foundation
import SQLKit

/// A player's proposal that one of their patterns shared to everyone join the school's
/// library, and what a reviewer (a teacher) made of it. It holds the file as suggested, so a
/// share changed or gone later does not change what is reviewed.
public struct LibrarySuggestion: Equatable, Sendable {
  public enum State: String, CaseIterable, Sendable {
    case pending
    /// The reviewer asked for changes: the player suggests the pattern again once made.
    case changesAsked = "changes"
    case declined
    case accepted
  }

  public enum Decision: String, CaseIterable, Sendable {
    case accept
    case askChanges = "changes"
    case decline

    var state: State {
      switch self {
      case .accept: .accepted
      case .askChanges: .changesAsked
      case .decline: .declined
      }
    }
  }

  public let id: String
  public let shareID: String
  public let patternID: String
  public let name: String
  public let suggester: String
  public let note: String
  public let state: State
  /// The reviewer's reason; empty while pending, and for an acceptance given none.
  public let reason: String
  public let reviewer: String?
  public let suggestedAt: Date
  public let reviewedAt: Date?
}

/// A pattern of the school's library, at its latest version.
public struct LibraryPattern: Equatable, Sendable {
  /// The pattern's own id, the one it keeps in a player's patterns folder.
  public let id: String
  public let name: String
  /// The player whose suggestion first brought it in.
  public let author: String
  /// 1 when accepted, one more for each edit, withdrawal or return.
  public let version: Int
  /// Withdrawn: no longer listed or fetched, kept by those who have it.
  public let isWithdrawn: Bool
  public let updatedAt: Date
}

/// One change of a library pattern: who made it, when, and why.
public struct LibraryVersion: Equatable, Sendable {
  public enum Change: String, CaseIterable, Sendable {
    case accepted
    case edited
    case withdrawn
  }

  public let version: Int
  public let name: String
  public let change: Change
  public let by: String
  public let note: String
  public let at: Date
}

/// The school's curated library of patterns. Players suggest their shared patterns; teachers
/// accept them, ask for changes or decline them with a reason, and edit or withdraw what is
/// published. Every change is a version that keeps its file, so what a player fetched can
/// always be found again; withdrawing only stops new fetches.
public struct LibraryStore: Sendable {
  public let database: any SQLDatabase
  private let now: @Sendable () -> Date

  public static let longestText = 500

  public init(database: any SQLDatabase, now: @escaping @Sendable () -> Date = Date.init) {
    self.database = database
    self.now = now
  }

  /// Why `text` cannot be a note or a reason: too long, or holding control characters (it is
  /// shown on terminals).
  public static func problem(withText text: String) -> String? {
    if text.count > longestText { return "a note or reason has at most \(longestText) characters" }
    if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return "a note or reason is one line of text, without control characters"
    }
    return nil
  }

  private var seconds: Int64 { Int64(now().timeIntervalSince1970.rounded(.down)) }

  /// Suggests `share` (with its file) by `suggester`. Throws `alreadySuggested` while a
  /// suggestion of the same pattern by the same player waits for review.
  public func suggest(
    _ share: PatternShare, file: String, by suggester: String, note: String
  ) async throws -> LibrarySuggestion {
    let waiting = try await suggestions(by: suggester).first {
      $0.patternID == share.patternID && $0.state == .pending
    }
    if let waiting { throw StoreError.alreadySuggested(share.patternID, id: waiting.id) }
    let id = PatternShareStore.newID()
    let at = seconds
    try await database.insert(into: "library_suggestions")
      .columns(
        "id", "share_id", "pattern_id", "name", "file", "suggester", "note", "state", "reason",
        "suggested_at"
      )
      .values(
        SQLBind(id), SQLBind(share.id), SQLBind(share.patternID), SQLBind(share.name),
        SQLBind(file), SQLBind(suggester), SQLBind(note),
        SQLBind(LibrarySuggestion.State.pending.rawValue), SQLBind(""), SQLBind(at)
      )
      .run()
    return try await suggestion(id: id)!
  }

  public func suggestion(id: String) async throws -> LibrarySuggestion? {
    try await suggestionQuery().where("id", .equal, SQLBind(id)).first().map(Self.suggestion)
  }

  /// `suggester`'s suggestions, the latest first.
  public func suggestions(by suggester: String) async throws -> [LibrarySuggestion] {
    try await suggestionQuery().where("suggester", .equal, SQLBind(suggester))
      .orderBy("suggested_at", .descending).orderBy("id").all().map(Self.suggestion)
  }

  /// The suggestions waiting for review, the oldest first: the order a reviewer takes them.
  public func pending() async throws -> [LibrarySuggestion] {
    try await suggestionQuery()
      .where("state", .equal, SQLBind(LibrarySuggestion.State.pending.rawValue))
      .orderBy("suggested_at").orderBy("id").all().map(Self.suggestion)
  }

  /// Reviews a pending suggestion; an acceptance publishes its file as the library's next
  /// version of the pattern (the first, or a return of a withdrawn one). The suggester hears
  /// of the decision in their news, and everyone of a pattern new in the library. Throws
  /// `notPending` for a suggestion already reviewed; nil for none with that id.
  public func review(
    _ id: String, decision: LibrarySuggestion.Decision, reason: String, by reviewer: String
  ) async throws -> (LibrarySuggestion, LibraryPattern?)? {
    guard
      let row = try await suggestionQuery().column("file").where("id", .equal, SQLBind(id))
        .first()
    else { return nil }
    let suggestion = try Self.suggestion(from: row)
    guard suggestion.state == .pending else {
      throw StoreError.notPending(id, state: suggestion.state.rawValue)
    }
    let at = seconds
    let updated = try await database.update("library_suggestions")
      .set("state", to: SQLBind(decision.state.rawValue))
      .set("reason", to: SQLBind(reason))
      .set("reviewer", to: SQLBind(reviewer))
      .set("reviewed_at", to: SQLBind(at))
      .where("id", .equal, SQLBind(id))
      .where("state", .equal, SQLBind(LibrarySuggestion.State.pending.rawValue))
      .returning("id")
      .all()
    // Two reviewers at once: only the first decision counts.
    guard !updated.isEmpty else { throw StoreError.notPending(id, state: "reviewed") }
    var published: LibraryPattern?
    if decision == .accept {
      published = try await addVersion(
        of: suggestion.patternID, name: suggestion.name,
        file: try row.decode(column: "file", as: String.self), change: .accepted,
        by: reviewer, note: reason, author: suggestion.suggester, at: at)
    }
    let news = NewsStore(database: database, now: now)
    try await news.post(
      .init(
        kind: .suggestionReviewed, actor: reviewer, itemID: suggestion.patternID,
        itemKind: decision.state.rawValue, title: suggestion.name, text: reason),
      to: .player(suggestion.suggester))
    if let published, published.version == 1 {
      try await news.post(
        .init(
          kind: .libraryPattern, actor: suggestion.suggester, itemID: published.id,
          title: published.name),
        to: .everyone)
    }
    return (try await self.suggestion(id: id)!, published)
  }

  /// The library's patterns by name; withdrawn ones too when asked (for reviewers).
  public func patterns(includingWithdrawn: Bool = false) async throws -> [LibraryPattern] {
    var query = database.select().columns(Self.patternColumns).from("library_patterns")
    if !includingWithdrawn { query = query.where("withdrawn", .equal, SQLBind(Int64(0))) }
    return try await query.orderBy("name").orderBy("id").all().map(Self.pattern)
  }

  /// A pattern and the file of its latest version, or of `version`.
  public func pattern(_ id: String, version: Int? = nil) async throws -> (
    LibraryPattern, LibraryVersion, String
  )? {
    guard
      let row = try await database.select().columns(Self.patternColumns)
        .from("library_patterns").where("id", .equal, SQLBind(id)).first()
    else { return nil }
    let pattern = try Self.pattern(from: row)
    // A withdrawal keeps no file of its own: the file is the last one published.
    guard
      let fileRow = try await database.select().columns(Self.versionColumns).column("file")
        .from("library_versions").where("pattern_id", .equal, SQLBind(id))
        .where("version", .lessThanOrEqual, SQLBind(Int64(version ?? pattern.version)))
        .where("file", .isNot, SQLLiteral.null)
        .orderBy("version", .descending).limit(1).first()
    else { return nil }
    return (
      pattern, try Self.version(from: fileRow), try fileRow.decode(column: "file", as: String.self)
    )
  }

  /// Every change of a pattern, the first first.
  public func versions(of id: String) async throws -> [LibraryVersion] {
    try await database.select().columns(Self.versionColumns).from("library_versions")
      .where("pattern_id", .equal, SQLBind(id)).orderBy("version").all().map(Self.version)
  }

  /// A new version of a library pattern with `file`: published again if it was withdrawn.
  /// Nil when the library has no pattern `id`.
  public func edit(_ id: String, name: String, file: String, by editor: String, note: String)
    async throws -> LibraryPattern?
  {
    guard let (existing, _, _) = try await pattern(id) else { return nil }
    return try await addVersion(
      of: id, name: name, file: file, change: .edited, by: editor, note: note,
      author: existing.author, at: seconds)
  }

  /// Withdraws a pattern: no longer listed nor fetched; those who have it keep it. Nil when
  /// the library has no pattern `id`; the pattern as it was when it was withdrawn already.
  public func withdraw(_ id: String, by editor: String, reason: String) async throws
    -> LibraryPattern?
  {
    guard let (existing, _, _) = try await pattern(id) else { return nil }
    guard !existing.isWithdrawn else { return existing }
    return try await addVersion(
      of: id, name: existing.name, file: nil, change: .withdrawn, by: editor, note: reason,
      author: existing.author, at: seconds)
  }

  /// Appends the next version and moves the pattern to it. The version's key is the pattern
  /// and its number: of two changes at once, the second fails rather than sharing a number.
  private func addVersion(
    of id: String, name: String, file: String?, change: LibraryVersion.Change, by editor: String,
    note: String, author: String, at: Int64
  ) async throws -> LibraryPattern {
    let last = try await database.select()
      .column(SQLFunction("MAX", args: SQLColumn("version")), as: "version")
      .from("library_versions").where("pattern_id", .equal, SQLBind(id)).first()
    let version = (try last?.decode(column: "version", as: Int?.self) ?? 0) + 1
    try await database.insert(into: "library_versions")
      .columns(
        "pattern_id", "version", "name", "file", "change", "changed_by", "note", "changed_at"
      )
      .values(
        SQLBind(id), SQLBind(Int64(version)), SQLBind(name), SQLBind(file),
        SQLBind(change.rawValue), SQLBind(editor), SQLBind(note), SQLBind(at)
      )
      .run()
    let withdrawn = change == .withdrawn
    try await database.insert(into: "library_patterns")
      .columns("id", "name", "author", "version", "withdrawn", "updated_at")
      .values(
        SQLBind(id), SQLBind(name), SQLBind(author), SQLBind(Int64(version)),
        SQLBind(Int64(withdrawn ? 1 : 0)),
        SQLBind(at)
      )
      .onConflict(with: ["id"]) {
        $0.set(excludedValueOf: "name").set(excludedValueOf: "version")
          .set(excludedValueOf: "withdrawn").set(excludedValueOf: "updated_at")
      }
      .run()
    return LibraryPattern(
      id: id, name: name, author: author, version: version, isWithdrawn: withdrawn,
      updatedAt: Date(timeIntervalSince1970: TimeInterval(at)))
  }

  private static let suggestionColumns = [
    "id", "share_id", "pattern_id", "name", "suggester", "note", "state", "reason", "reviewer",
    "suggested_at", "reviewed_at",
  ]
  private static let patternColumns = [
    "id", "name", "author", "version", "withdrawn", "updated_at",
  ]
  private static let versionColumns = [
    "version", "name", "change", "changed_by", "note", "changed_at",
  ]

  private func suggestionQuery() -> SQLSelectBuilder {
    database.select().columns(Self.suggestionColumns).from("library_suggestions")
  }

  private static func date(_ seconds: Int64) -> Date {
    Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  private static func suggestion(from row: any SQLRow) throws -> LibrarySuggestion {
    LibrarySuggestion(
      id: try row.decode(column: "id", as: String.self),
      shareID: try row.decode(column: "share_id", as: String.self),
      patternID: try row.decode(column: "pattern_id", as: String.self),
      name: try row.decode(column: "name", as: String.self),
      suggester: try row.decode(column: "suggester", as: String.self),
      note: try row.decode(column: "note", as: String.self),
      state: LibrarySuggestion.State(rawValue: try row.decode(column: "state", as: String.self))
        ?? .pending,
      reason: try row.decode(column: "reason", as: String.self),
      reviewer: try row.decode(column: "reviewer", as: String?.self),
      suggestedAt: date(try row.decode(column: "suggested_at", as: Int64.self)),
      reviewedAt: try row.decode(column: "reviewed_at", as: Int64?.self).map(date))
  }

  private static func pattern(from row: any SQLRow) throws -> LibraryPattern {
    LibraryPattern(
      id: try row.decode(column: "id", as: String.self),
      name: try row.decode(column: "name", as: String.self),
      author: try row.decode(column: "author", as: String.self),
      version: try row.decode(column: "version", as: Int.self),
      isWithdrawn: try row.decode(column: "withdrawn", as: Int64.self) != 0,
      updatedAt: date(try row.decode(column: "updated_at", as: Int64.self)))
  }

  private static func version(from row: any SQLRow) throws -> LibraryVersion {
    LibraryVersion(
      version: try row.decode(column: "version", as: Int.self),
      name: try row.decode(column: "name", as: String.self),
      change: LibraryVersion.Change(rawValue: try row.decode(column: "change", as: String.self))
        ?? .edited,
      by: try row.decode(column: "changed_by", as: String.self),
      note: try row.decode(column: "note", as: String.self),
      at: date(try row.decode(column: "changed_at", as: Int64.self)))
  }
}
