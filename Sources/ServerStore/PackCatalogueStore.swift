import Foundation
import SQLKit

/// One pack of the catalogue, without its file.
public struct CataloguedPack: Equatable, Sendable {
  /// The pack's own id, the one it keeps in a player's packs folder.
  public let id: String
  public let name: String
  public let description: String
  public let noteCount: Int
  public let publisher: String
  public let publishedAt: Date
}

/// The note-pack catalogue. The file is stored as the server's validator wrote it back; this
/// store does not read it. A pack id is published once: a second pack with that id is refused
/// rather than replacing the one players may already have fetched.
public struct PackCatalogueStore: Sendable {
  public let database: any SQLDatabase
  private let now: @Sendable () -> Date

  public init(database: any SQLDatabase, now: @escaping @Sendable () -> Date = Date.init) {
    self.database = database
    self.now = now
  }

  public func publish(
    id: String, name: String, description: String, noteCount: Int, publisher: String,
    file: String
  ) async throws -> CataloguedPack {
    let pack = CataloguedPack(
      id: id, name: name, description: description, noteCount: noteCount, publisher: publisher,
      publishedAt: Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down)))
    let inserted = try await database.insert(into: "packs")
      .columns(
        "id", "name", "description", "note_count", "publisher", "file", "published_at"
      )
      .values(
        SQLBind(id), SQLBind(name), SQLBind(description), SQLBind(Int64(noteCount)),
        SQLBind(publisher), SQLBind(file), SQLBind(Int64(pack.publishedAt.timeIntervalSince1970))
      )
      .ignoringConflicts(with: "id")
      .returning("id")
      .all()
    guard !inserted.isEmpty else { throw StoreError.packTaken(id) }
    return pack
  }

  /// The catalogue, newest first.
  public func catalogue(limit: Int = 500) async throws -> [CataloguedPack] {
    try await database.select()
      .columns("id", "name", "description", "note_count", "publisher", "published_at")
      .from("packs")
      .orderBy("published_at", .descending)
      .orderBy("id")
      .limit(limit)
      .all()
      .map(Self.pack(from:))
  }

  /// The pack and its file, or nil when the catalogue has no pack with that id.
  public func fetch(id: String) async throws -> (CataloguedPack, String)? {
    guard
      let row = try await database.select()
        .columns(
          "id", "name", "description", "note_count", "publisher", "published_at", "file"
        )
        .from("packs")
        .where("id", .equal, SQLBind(id))
        .first()
    else { return nil }
    return (try Self.pack(from: row), try row.decode(column: "file", as: String.self))
  }

  private static func pack(from row: any SQLRow) throws -> CataloguedPack {
    CataloguedPack(
      id: try row.decode(column: "id", as: String.self),
      name: try row.decode(column: "name", as: String.self),
      description: try row.decode(column: "description", as: String.self),
      noteCount: Int(try row.decode(column: "note_count", as: Int64.self)),
      publisher: try row.decode(column: "publisher", as: String.self),
      publishedAt: Date(
        timeIntervalSince1970: TimeInterval(
          try row.decode(column: "published_at", as: Int64.self))))
  }
}
