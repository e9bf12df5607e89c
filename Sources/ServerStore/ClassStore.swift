import Foundation
import SQLKit

/// A teacher's class as one of its readers sees it.
public struct SchoolClass: Equatable, Sendable {
  public let id: String
  public let name: String
  public let teacher: String
  public let joinCode: String
  public let students: Int
  public let createdAt: Date
}

/// What a teacher recommended to a class: a pattern or a pack, with a message and, for a
/// pattern, the interval-game level that finishes it.
public struct ClassRecommendation: Equatable, Sendable {
  public enum Kind: String, Sendable {
    case pattern
    case pack
  }

  public let id: String
  public let classID: String
  public let kind: Kind
  public let itemID: String
  public let message: String
  public let level: Int?
  public let createdAt: Date
}

/// One student's state of one recommendation; nil times for what has not happened.
public struct RecommendationState: Equatable, Sendable {
  public let player: String
  public let seenAt: Date?
  public let acceptedAt: Date?
  public let finishedAt: Date?
}

/// A recommendation in a student's inbox.
public struct InboxEntry: Equatable, Sendable {
  public let recommendation: ClassRecommendation
  public let className: String
  public let teacher: String
  /// When it was made, or when the student joined its class if that was later.
  public let receivedAt: Date
  public let state: RecommendationState
}

/// A student accepted or finished a recommendation: the teacher is told once.
public struct ClassNotice: Equatable, Sendable {
  public enum Event: String, Sendable {
    case accepted
    case finished
  }

  public let classID: String
  public let className: String
  public let player: String
  public let recommendationID: String
  public let itemID: String
  public let event: Event
  public let at: Date
}

/// An interval game a student played on a pattern, or a timed drill or streak with a pack, as
/// the server recorded it.
public struct RecordedGame: Equatable, Sendable {
  public let player: String
  /// The level an interval game reached; nil for a drill or a streak.
  public let level: Int?
  public let record: String
}

public enum JoinOutcome: Equatable, Sendable {
  case joined(SchoolClass)
  case noSuchCode
  /// The caller teaches the class.
  case ownClass(SchoolClass)
}

/// Classes, their students, recommendations, each student's state of them and the teacher's
/// notices. Who may do what is the caller's check (`Server`); the store answers the questions
/// those checks ask (`teaching`, `membership`).
public struct ClassStore: Sendable {
  public let database: any SQLDatabase
  private let now: @Sendable () -> Date

  public static let nameLengths = 1...60
  public static let longestMessage = 500
  public static let codeLength = 8
  /// Letters and digits no one misreads: no 0/O, 1/I/L.
  static let codeAlphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")

  public init(database: any SQLDatabase, now: @escaping @Sendable () -> Date = Date.init) {
    self.database = database
    self.now = now
  }

  private var nowSeconds: Int64 { Int64(now().timeIntervalSince1970.rounded(.down)) }

  /// Why `name` cannot name a class, or nil.
  public static func problem(withName name: String) -> String? {
    guard nameLengths.contains(name.count) else {
      return "a class name has \(nameLengths.lowerBound) to \(nameLengths.upperBound) characters"
    }
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    guard !name.unicodeScalars.contains(where: isControl), trimmed == name else {
      return "a class name has no control characters and no spaces at its ends"
    }
    return nil
  }

  /// Why `message` cannot go with a recommendation, or nil.
  public static func problem(withMessage message: String) -> String? {
    message.count > longestMessage ? "a message has at most \(longestMessage) characters" : nil
  }

  /// The code as typed, without case, spaces or hyphens; nil when it cannot be a code.
  public static func normalizedCode(_ typed: String) -> String? {
    let code = typed.uppercased().filter { $0 != "-" && $0 != " " }
    guard code.count == codeLength, code.allSatisfy({ codeAlphabet.contains($0) }) else {
      return nil
    }
    return code
  }

  public func create(name: String, teacher: String) async throws -> SchoolClass {
    let created = nowSeconds
    // A code has 40 random bits: a clash is rare, and answered with another code. The name is
    // looked at again each time, as a failed insert may be the same name made meanwhile.
    for _ in 0..<5 {
      let candidate = SchoolClass(
        id: PatternShareStore.newID(), name: name, teacher: teacher, joinCode: Self.newCode(),
        students: 0, createdAt: Self.date(created))
      if try await teaching(named: name, teacher: teacher) != nil {
        throw StoreError.classTaken(name)
      }
      let inserted = try await database.insert(into: "classes")
        .columns("id", "name", "teacher", "join_code", "created_at")
        .values(
          SQLBind(candidate.id), SQLBind(name), SQLBind(teacher), SQLBind(candidate.joinCode),
          SQLBind(created)
        )
        .ignoringConflicts()
        .returning("id")
        .all()
      if !inserted.isEmpty { return candidate }
    }
    throw StoreError.classTaken(name)
  }

  /// The class `teacher` teaches under `name`.
  public func teaching(named name: String, teacher: String) async throws -> SchoolClass? {
    try await classes(where: [("teacher", teacher), ("name", name)]).first
  }

  public func schoolClass(id: String) async throws -> SchoolClass? {
    try await classes(where: [("id", id)]).first
  }

  /// The classes `player` teaches, then those they belong to, each by name.
  public func classes(of player: String) async throws -> (
    teaching: [SchoolClass], member: [SchoolClass]
  ) {
    let teaching = try await classes(where: [("teacher", player)])
    let ids = try await database.select().column("class_id").from("class_members")
      .where("player", .equal, SQLBind(player))
      .all()
      .map { try $0.decode(column: "class_id", as: String.self) }
    var member: [SchoolClass] = []
    for id in ids {
      if let found = try await schoolClass(id: id) { member.append(found) }
    }
    return (teaching, member.sorted { ($0.name, $0.id) < ($1.name, $1.id) })
  }

  /// Whether `player` is a student of the class.
  public func isMember(_ player: String, of classID: String) async throws -> Bool {
    try await database.select().column("player").from("class_members")
      .where("class_id", .equal, SQLBind(classID))
      .where("player", .equal, SQLBind(player))
      .first() != nil
  }

  /// Joins the class with `code` (already normalized); joining again changes nothing.
  public func join(code: String, player: String) async throws -> JoinOutcome {
    guard let found = try await classes(where: [("join_code", code)]).first else {
      return .noSuchCode
    }
    guard found.teacher != player else { return .ownClass(found) }
    try await database.insert(into: "class_members")
      .columns("class_id", "player", "joined_at")
      .values(SQLBind(found.id), SQLBind(player), SQLBind(nowSeconds))
      .ignoringConflicts(with: ["class_id", "player"])
      .run()
    return .joined(try await schoolClass(id: found.id) ?? found)
  }

  public func recommend(
    classID: String, kind: ClassRecommendation.Kind, itemID: String, message: String,
    level: Int?
  ) async throws -> ClassRecommendation {
    let recommendation = ClassRecommendation(
      id: PatternShareStore.newID(), classID: classID, kind: kind, itemID: itemID,
      message: message, level: level, createdAt: Self.date(nowSeconds))
    try await database.insert(into: "class_recommendations")
      .columns("id", "class_id", "kind", "item_id", "message", "level", "created_at")
      .values(
        SQLBind(recommendation.id), SQLBind(classID), SQLBind(kind.rawValue), SQLBind(itemID),
        SQLBind(message), SQLBind(level.map(Int64.init)),
        SQLBind(Int64(recommendation.createdAt.timeIntervalSince1970))
      )
      .run()
    if let found = try await schoolClass(id: classID) {
      try await NewsStore(database: database, now: now).post(
        .init(
          kind: .recommendation, actor: found.teacher, itemID: recommendation.id,
          itemKind: kind.rawValue, title: itemID, text: message, className: found.name),
        to: .classMembers(classID))
    }
    return recommendation
  }

  /// The recommendations of `player`'s classes in the order they reached them; each is marked
  /// seen by this reading.
  public func inbox(of player: String) async throws -> [InboxEntry] {
    let memberships = try await database.select().columns("class_id", "joined_at")
      .from("class_members")
      .where("player", .equal, SQLBind(player))
      .all()
    var entries: [InboxEntry] = []
    for membership in memberships {
      let classID = try membership.decode(column: "class_id", as: String.self)
      let joined = try membership.decode(column: "joined_at", as: Int64.self)
      guard let found = try await schoolClass(id: classID) else { continue }
      for recommendation in try await recommendations(of: classID) {
        let created = Int64(recommendation.createdAt.timeIntervalSince1970)
        entries.append(
          InboxEntry(
            recommendation: recommendation, className: found.name, teacher: found.teacher,
            receivedAt: Self.date(max(created, joined)),
            state: try await state(of: recommendation.id, player: player)))
      }
    }
    entries.sort {
      ($0.receivedAt, $0.recommendation.createdAt, $0.recommendation.id)
        < ($1.receivedAt, $1.recommendation.createdAt, $1.recommendation.id)
    }
    let seen = nowSeconds
    for entry in entries where entry.state.seenAt == nil {
      try await ensureState(entry.recommendation.id, player: player)
      try await database.update("recommendation_states")
        .set("seen_at", to: SQLBind(seen))
        .where("recommendation_id", .equal, SQLBind(entry.recommendation.id))
        .where("player", .equal, SQLBind(player))
        .where("seen_at", .is, SQLLiteral.null)
        .run()
    }
    return entries
  }

  /// Accepts or finishes a recommendation of one of `player`'s classes, telling the teacher the
  /// first time; nil when it is not for `player`. Finishing accepts too.
  public func mark(
    _ event: ClassNotice.Event, recommendationID: String, player: String
  ) async throws -> InboxEntry? {
    guard
      let entry = try await inbox(of: player).first(where: {
        $0.recommendation.id == recommendationID
      })
    else { return nil }
    try await record(event, entry.recommendation, teacher: entry.teacher, player: player)
    return try await inbox(of: player).first { $0.recommendation.id == recommendationID }
  }

  /// Finishes every recommendation of `patternID` asking for `level` or less in `player`'s
  /// classes, after a game of theirs reached `level`.
  public func gameReached(level: Int, patternID: String, player: String) async throws {
    let classIDs = try await database.select().column("class_id").from("class_members")
      .where("player", .equal, SQLBind(player))
      .all()
      .map { try $0.decode(column: "class_id", as: String.self) }
    for classID in classIDs {
      guard let found = try await schoolClass(id: classID) else { continue }
      for recommendation in try await recommendations(of: classID)
      where recommendation.kind == .pattern && recommendation.itemID == patternID
        && (recommendation.level ?? Int.max) <= level
      {
        try await record(.finished, recommendation, teacher: found.teacher, player: player)
      }
    }
  }

  /// The class's recommendations, newest first, with every student's state of each.
  public func progress(of classID: String) async throws -> [(
    ClassRecommendation, [RecommendationState]
  )] {
    let students = try await members(of: classID)
    var result: [(ClassRecommendation, [RecommendationState])] = []
    for recommendation in try await recommendations(of: classID).reversed() {
      var states: [RecommendationState] = []
      for student in students {
        states.append(try await state(of: recommendation.id, player: student))
      }
      result.append((recommendation, states))
    }
    return result
  }

  /// The class's students, by name.
  public func members(of classID: String) async throws -> [String] {
    try await database.select().column("player").from("class_members")
      .where("class_id", .equal, SQLBind(classID))
      .orderBy("player")
      .all()
      .map { try $0.decode(column: "player", as: String.self) }
  }

  /// The interval games `player` played on `patternID` that the server recorded.
  public func games(of player: String, patternID: String) async throws -> [RecordedGame] {
    try await database.select().columns("player", "level", "record").from("interval_scores")
      .where("player", .equal, SQLBind(player))
      .where("pattern_id", .equal, SQLBind(patternID))
      .orderBy("started_at")
      .all()
      .map {
        RecordedGame(
          player: try $0.decode(column: "player", as: String.self),
          level: Int(try $0.decode(column: "level", as: Int64.self)),
          record: try $0.decode(column: "record", as: String.self))
      }
  }

  /// The timed drills and streaks `player` played with `packID` among their packs that the
  /// server recorded.
  public func sessions(of player: String, packID: String) async throws -> [RecordedGame] {
    try await database.select().columns("player", "board", "record").from("board_scores")
      .where("player", .equal, SQLBind(player))
      .where("game", .notEqual, SQLBind("rhythm"))
      .orderBy("started_at")
      .all()
      .filter {
        try $0.decode(column: "board", as: String.self).split(separator: ",").contains(
          Substring(packID))
      }
      .map {
        RecordedGame(
          player: try $0.decode(column: "player", as: String.self), level: nil,
          record: try $0.decode(column: "record", as: String.self))
      }
  }

  /// The notices of `teacher`'s classes not read yet, oldest first, now marked read.
  public func readNotices(teacher: String) async throws -> [ClassNotice] {
    let rows = try await database.select()
      .columns("id", "recommendation_id", "player", "event", "at")
      .from("class_notices")
      .where("teacher", .equal, SQLBind(teacher))
      .where("read_at", .is, SQLLiteral.null)
      // Within a second, a student's acceptance comes before their finishing it.
      .orderBy("at").orderBy("event").orderBy("player").orderBy("id")
      .all()
    var notices: [ClassNotice] = []
    let read = nowSeconds
    for row in rows {
      let id = try row.decode(column: "id", as: String.self)
      let recommendationID = try row.decode(column: "recommendation_id", as: String.self)
      if let recommendation = try await recommendation(id: recommendationID),
        let found = try await schoolClass(id: recommendation.classID),
        let event = ClassNotice.Event(rawValue: try row.decode(column: "event", as: String.self))
      {
        notices.append(
          ClassNotice(
            classID: found.id, className: found.name,
            player: try row.decode(column: "player", as: String.self),
            recommendationID: recommendationID, itemID: recommendation.itemID, event: event,
            at: Self.date(try row.decode(column: "at", as: Int64.self))))
      }
      // Only the notices handed over are marked: one made meanwhile waits for the next read.
      try await database.update("class_notices").set("read_at", to: SQLBind(read))
        .where("id", .equal, SQLBind(id))
        .run()
    }
    return notices
  }

  private func record(
    _ event: ClassNotice.Event, _ recommendation: ClassRecommendation, teacher: String,
    player: String
  ) async throws {
    try await ensureState(recommendation.id, player: player)
    let at = nowSeconds
    let events: [ClassNotice.Event] = event == .finished ? [.accepted, .finished] : [.accepted]
    for step in events {
      let column = step == .accepted ? "accepted_at" : "finished_at"
      // Only the update that sets the time tells the teacher, so each event is told once.
      let changed = try await database.update("recommendation_states")
        .set(column, to: SQLBind(at))
        .where("recommendation_id", .equal, SQLBind(recommendation.id))
        .where("player", .equal, SQLBind(player))
        .where(column, .is, SQLLiteral.null)
        .returning("player")
        .all()
      guard !changed.isEmpty else { continue }
      try await database.insert(into: "class_notices")
        .columns("id", "teacher", "recommendation_id", "player", "event", "at")
        .values(
          SQLBind(PatternShareStore.newID()), SQLBind(teacher), SQLBind(recommendation.id),
          SQLBind(player), SQLBind(step.rawValue), SQLBind(at)
        )
        .run()
    }
  }

  private func ensureState(_ recommendationID: String, player: String) async throws {
    try await database.insert(into: "recommendation_states")
      .columns("recommendation_id", "player")
      .values(SQLBind(recommendationID), SQLBind(player))
      .ignoringConflicts(with: ["recommendation_id", "player"])
      .run()
  }

  private func state(of recommendationID: String, player: String) async throws
    -> RecommendationState
  {
    let row = try await database.select()
      .columns("seen_at", "accepted_at", "finished_at")
      .from("recommendation_states")
      .where("recommendation_id", .equal, SQLBind(recommendationID))
      .where("player", .equal, SQLBind(player))
      .first()
    func time(_ column: String) throws -> Date? {
      try row?.decode(column: column, as: Int64?.self).map(Self.date)
    }
    return RecommendationState(
      player: player, seenAt: try time("seen_at"), acceptedAt: try time("accepted_at"),
      finishedAt: try time("finished_at"))
  }

  private static let recommendationColumns = [
    "id", "class_id", "kind", "item_id", "message", "level", "created_at",
  ]

  /// The class's recommendations, oldest first.
  private func recommendations(of classID: String) async throws -> [ClassRecommendation] {
    try await database.select().columns(Self.recommendationColumns)
      .from("class_recommendations")
      .where("class_id", .equal, SQLBind(classID))
      .orderBy("created_at").orderBy("id")
      .all()
      .map(Self.recommendation(from:))
  }

  private func recommendation(id: String) async throws -> ClassRecommendation? {
    try await database.select().columns(Self.recommendationColumns)
      .from("class_recommendations")
      .where("id", .equal, SQLBind(id))
      .first()
      .map(Self.recommendation(from:))
  }

  private func classes(where filters: [(String, String)]) async throws -> [SchoolClass] {
    var query = database.select()
      .columns("id", "name", "teacher", "join_code", "created_at")
      .from("classes")
    for (column, value) in filters {
      query = query.where(SQLColumn(column), .equal, SQLBind(value))
    }
    var found: [SchoolClass] = []
    for row in try await query.orderBy("name").orderBy("id").all() {
      let id = try row.decode(column: "id", as: String.self)
      let count = try await database.select()
        .column(SQLFunction("COUNT", args: SQLLiteral.all), as: "count")
        .from("class_members")
        .where("class_id", .equal, SQLBind(id))
        .first()
      found.append(
        SchoolClass(
          id: id, name: try row.decode(column: "name", as: String.self),
          teacher: try row.decode(column: "teacher", as: String.self),
          joinCode: try row.decode(column: "join_code", as: String.self),
          students: try count?.decode(column: "count", as: Int.self) ?? 0,
          createdAt: Self.date(try row.decode(column: "created_at", as: Int64.self))))
    }
    return found
  }

  private static func recommendation(from row: any SQLRow) throws -> ClassRecommendation {
    ClassRecommendation(
      id: try row.decode(column: "id", as: String.self),
      classID: try row.decode(column: "class_id", as: String.self),
      kind: ClassRecommendation.Kind(rawValue: try row.decode(column: "kind", as: String.self))
        ?? .pattern,
      itemID: try row.decode(column: "item_id", as: String.self),
      message: try row.decode(column: "message", as: String.self),
      level: try row.decode(column: "level", as: Int64?.self).map(Int.init),
      createdAt: date(try row.decode(column: "created_at", as: Int64.self)))
  }

  static func newCode() -> String {
    var generator = SystemRandomNumberGenerator()
    return String(
      (0..<codeLength).map { _ in
        codeAlphabet[Int.random(in: 0..<codeAlphabet.count, using: &generator)]
      })
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  private static func date(_ seconds: Int64) -> Date {
    Date(timeIntervalSince1970: TimeInterval(seconds))
  }
}
