import Foundation
import SQLKit

public struct PatternShare: Equatable, Sendable {
  public let id: String
  public let owner: String
  /// Nil for a share to everyone.
  public let recipient: String?
  public let patternID: String
  public let name: String
  public let createdAt: Date
}

/// Shared patterns. The file is stored as the server's validator wrote it back; this store
/// does not read it.
public struct PatternShareStore: Sendable {
  public let database: any SQLDatabase
  private let now: @Sendable () -> Date

  public init(database: any SQLDatabase, now: @escaping @Sendable () -> Date = Date.init) {
    self.database = database
    self.now = now
  }

  public func share(
    owner: String, recipient: String?, patternID: String, name: String, file: String
  ) async throws -> PatternShare {
    let share = PatternShare(
      id: Self.newID(), owner: owner, recipient: recipient, patternID: patternID, name: name,
      createdAt: Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down)))
    try await database.insert(into: "pattern_shares")
      .columns("id", "owner", "recipient", "pattern_id", "name", "file", "created_at")
      .values(
        SQLBind(share.id), SQLBind(owner), SQLBind(recipient), SQLBind(patternID), SQLBind(name),
        SQLBind(file), SQLBind(Int64(share.createdAt.timeIntervalSince1970))
      )
      .run()
    try await NewsStore(database: database, now: now).post(
      .init(kind: .pattern, actor: owner, itemID: share.id, title: name),
      to: recipient.map { .player($0) } ?? .everyone)
    return share
  }

  /// The shares recommended to `recipient`, newest first.
  public func inbox(of recipient: String, limit: Int = 200) async throws -> [PatternShare] {
    try await database.select()
      .columns("id", "owner", "recipient", "pattern_id", "name", "created_at")
      .from("pattern_shares")
      .where("recipient", .equal, SQLBind(recipient))
      .orderBy("created_at", .descending)
      .limit(limit)
      .all()
      .map(Self.share(from:))
  }

  /// The share and its file when `reader` may see it: a share to everyone, one recommended to
  /// `reader`, or one `reader` made. Nil otherwise, as for a share that does not exist.
  public func fetch(id: String, reader: String) async throws -> (PatternShare, String)? {
    guard
      let row = try await database.select()
        .columns("id", "owner", "recipient", "pattern_id", "name", "created_at", "file")
        .from("pattern_shares")
        .where("id", .equal, SQLBind(id))
        .first()
    else { return nil }
    let share = try Self.share(from: row)
    guard share.recipient == nil || share.recipient == reader || share.owner == reader else {
      return nil
    }
    return (share, try row.decode(column: "file", as: String.self))
  }

  /// The file of the latest share of each of `patternIDs` that was shared, by pattern id: what
  /// the server knows of a pattern that is not one of the shipped ones, such as its category.
  public func latestFiles(patternIDs: [String]) async throws -> [String: String] {
    guard !patternIDs.isEmpty else { return [:] }
    var files: [String: String] = [:]
    for row in try await database.select().columns("pattern_id", "file").from("pattern_shares")
      .where("pattern_id", .in, SQLBind.group(patternIDs))
      .orderBy("created_at", .descending)
      .orderBy("id")
      .all()
    {
      let id = try row.decode(column: "pattern_id", as: String.self)
      if files[id] == nil { files[id] = try row.decode(column: "file", as: String.self) }
    }
    return files
  }

  /// 16 letters and digits from 32 (no 0, 1, l, o to misread): 80 random bits.
  static func newID() -> String {
    let alphabet = Array("23456789abcdefghijkmnpqrstuvwxyz")
    var generator = SystemRandomNumberGenerator()
    return String((0..<16).map { _ in alphabet[Int.random(in: 0..<32, using: &generator)] })
  }

  private static func share(from row: any SQLRow) throws -> PatternShare {
    PatternShare(
      id: try row.decode(column: "id", as: String.self),
      owner: try row.decode(column: "owner", as: String.self),
      recipient: try row.decode(column: "recipient", as: String?.self),
      patternID: try row.decode(column: "pattern_id", as: String.self),
      name: try row.decode(column: "name", as: String.self),
      createdAt: Date(
        timeIntervalSince1970: TimeInterval(try row.decode(column: "created_at", as: Int64.self))))
  }
}
