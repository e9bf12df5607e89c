import Foundation
import SQLKit

/// One file of a player's backup, without its content.
public struct BackupItemInfo: Equatable, Sendable {
  public let path: String
  public let sha256: String
  public let size: Int
  /// The file's modification time where it was backed up, to the second.
  public let modifiedAt: Date
}

/// The latest version of each file a player backed up, one row per player and path. Paths and
/// contents are checked by the server (`BackupRules`) before they come here; every query names
/// the player, so a player reaches only their own files.
public struct BackupStore: Sendable {
  public let database: any SQLDatabase

  public init(database: any SQLDatabase) {
    self.database = database
  }

  public func list(player: String) async throws -> [BackupItemInfo] {
    try await database.select()
      .columns("path", "sha256", "size", "updated_at")
      .from("backup_items")
      .where("player", .equal, SQLBind(player))
      .orderBy("path")
      .all()
      .map(Self.info(from:))
  }

  /// Keeps `content` as `player`'s `path`, replacing the version before; refused when the
  /// player's backup would pass `BackupRules.maximumPlayerBytes`.
  public func put(
    player: String, path: String, content: Data, sha256: String, modifiedAt: Date
  ) async throws -> BackupItemInfo {
    // Summed here rather than with SUM, which PostgreSQL answers as numeric: a player has a
    // few hundred files at most.
    let othersBytes = try await database.select()
      .column("size")
      .from("backup_items")
      .where("player", .equal, SQLBind(player))
      .where("path", .notEqual, SQLBind(path))
      .all()
      .reduce(Int64(0)) { $0 + (try $1.decode(column: "size", as: Int64.self)) }
    guard Int(othersBytes) + content.count <= BackupRules.maximumPlayerBytes else {
      throw StoreError.backupFull(limit: BackupRules.maximumPlayerBytes)
    }
    let item = BackupItemInfo(
      path: path, sha256: sha256, size: content.count,
      modifiedAt: Date(timeIntervalSince1970: modifiedAt.timeIntervalSince1970.rounded(.down)))
    try await database.insert(into: "backup_items")
      .columns("player", "path", "sha256", "content", "size", "updated_at")
      .values(
        SQLBind(player), SQLBind(path), SQLBind(sha256), SQLBind(content),
        SQLBind(Int64(content.count)), SQLBind(Int64(item.modifiedAt.timeIntervalSince1970))
      )
      .onConflict(with: ["player", "path"]) {
        $0.set(excludedValueOf: "sha256").set(excludedValueOf: "content")
          .set(excludedValueOf: "size").set(excludedValueOf: "updated_at")
      }
      .run()
    return item
  }

  /// `player`'s file at `path` and its content, or nil when the player kept none there.
  public func fetch(player: String, path: String) async throws -> (BackupItemInfo, Data)? {
    guard
      let row = try await database.select()
        .columns("path", "sha256", "size", "updated_at", "content")
        .from("backup_items")
        .where("player", .equal, SQLBind(player))
        .where("path", .equal, SQLBind(path))
        .first()
    else { return nil }
    return (try Self.info(from: row), try row.decode(column: "content", as: Data.self))
  }

  /// Removes `player`'s file at `path`; false when the player kept none there.
  public func delete(player: String, path: String) async throws -> Bool {
    let removed = try await database.delete(from: "backup_items")
      .where("player", .equal, SQLBind(player))
      .where("path", .equal, SQLBind(path))
      .returning("path")
      .all()
    return !removed.isEmpty
  }

  private static func info(from row: any SQLRow) throws -> BackupItemInfo {
    BackupItemInfo(
      path: try row.decode(column: "path", as: String.self),
      sha256: try row.decode(column: "sha256", as: String.self),
      size: Int(try row.decode(column: "size", as: Int64.self)),
      modifiedAt: Date(
        timeIntervalSince1970: TimeInterval(try row.decode(column: "updated_at", as: Int64.self))))
  }
}
