import Foundation
import SQLKit

/// Whom each player follows: a followed player's new bests reach their followers' news,
/// whether or not they passed anyone (`NewsItem.Kind.followedRecord`).
public struct FollowStore: Sendable {
  public let database: any SQLDatabase
  private let now: @Sendable () -> Date

  public init(database: any SQLDatabase, now: @escaping @Sendable () -> Date = Date.init) {
    self.database = database
    self.now = now
  }

  /// Follows `name`; following again changes nothing. Throws `noSuchAccount` for a name no
  /// account has.
  public func follow(_ name: String, by follower: String) async throws {
    guard
      try await database.select().column("name").from("accounts")
        .where("name", .equal, SQLBind(name))
        .first() != nil
    else { throw StoreError.noSuchAccount(name) }
    try await database.insert(into: "follows")
      .columns("follower", "followed", "created_at")
      .values(
        SQLBind(follower), SQLBind(name),
        SQLBind(Int64(now().timeIntervalSince1970.rounded(.down)))
      )
      .ignoringConflicts(with: ["follower", "followed"])
      .run()
  }

  /// False when `follower` did not follow `name`.
  public func unfollow(_ name: String, by follower: String) async throws -> Bool {
    let removed = try await database.delete(from: "follows")
      .where("follower", .equal, SQLBind(follower))
      .where("followed", .equal, SQLBind(name))
      .returning("followed")
      .all()
    return !removed.isEmpty
  }

  /// Whom `follower` follows, by name.
  public func following(_ follower: String) async throws -> [String] {
    try await database.select().column("followed").from("follows")
      .where("follower", .equal, SQLBind(follower))
      .orderBy("followed")
      .all()
      .map { try $0.decode(column: "followed", as: String.self) }
  }

  func followers(of name: String) async throws -> [String] {
    try await database.select().column("follower").from("follows")
      .where("followed", .equal, SQLBind(name))
      .orderBy("follower")
      .all()
      .map { try $0.decode(column: "follower", as: String.self) }
  }
}
