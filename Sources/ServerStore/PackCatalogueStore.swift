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
  /// 1 when first published, one more each time the publisher replaces the file.
  public let version: Int
  public let publishedAt: Date
  public let updatedAt: Date
}

/// The note-pack catalogue. The file is stored as the server's validator wrote it back; this
/// store does not read it. A pack id belongs to the teacher who first published it: only they
/// may replace its file, and only when they ask to, so nobody overwrites a pack by accident.
public struct PackCatalogueStore: Sendable {
  public let database: any SQLDatabase
  private let now: @Sendable () -> Date

  public init(database: any SQLDatabase, now: @escaping @Sendable () -> Date = Date.init) {
    self.database = database
    self.now = now
  }

  /// Publishes version 1 of a new id, or, with `replacing`, the next version of the
  /// publisher's own. Throws `packTaken` for another publisher's id and `packIsYours` for
  /// the publisher's own without `replacing`.
  public func publish(
    id: String, name: String, description: String, noteCount: Int, publisher: String,
    file: String, replacing: Bool = false
  ) async throws -> CataloguedPack {
    let seconds = Int64(now().timeIntervalSince1970.rounded(.down))
    let inserted = try await database.insert(into: "packs")
      .columns(
        "id", "name", "description", "note_count", "publisher", "file", "version",
        "published_at", "updated_at"
      )
      .values(
        SQLBind(id), SQLBind(name), SQLBind(description), SQLBind(Int64(noteCount)),
        SQLBind(publisher), SQLBind(file), SQLBind(Int64(1)), SQLBind(seconds), SQLBind(seconds)
      )
      .ignoringConflicts(with: "id")
      .returning("id")
      .all()
    if inserted.isEmpty {
      return try await replace(
        id: id, name: name, description: description, noteCount: noteCount,
        publisher: publisher, file: file, replacing: replacing, at: seconds)
    }
    try await NewsStore(database: database, now: now).post(
      .init(kind: .pack, actor: publisher, itemID: id, title: name), to: .everyone)
    let date = Date(timeIntervalSince1970: TimeInterval(seconds))
    return CataloguedPack(
      id: id, name: name, description: description, noteCount: noteCount, publisher: publisher,
      version: 1, publishedAt: date, updatedAt: date)
  }

  /// The next version of a pack the catalogue has. The update names the publisher, so a pack
  /// that changed hands between the read and the write is not replaced.
  private func replace(
    id: String, name: String, description: String, noteCount: Int, publisher: String,
    file: String, replacing: Bool, at seconds: Int64
  ) async throws -> CataloguedPack {
    guard let (existing, _) = try await fetch(id: id) else {
      throw StoreError.packTaken(id, publisher: "another teacher")
    }
    guard existing.publisher == publisher else {
      throw StoreError.packTaken(id, publisher: existing.publisher)
    }
    guard replacing else { throw StoreError.packIsYours(id, version: existing.version) }
    let updated = try await database.update("packs")
      .set("name", to: SQLBind(name))
      .set("description", to: SQLBind(description))
      .set("note_count", to: SQLBind(Int64(noteCount)))
      .set("file", to: SQLBind(file))
      .set("version", to: SQLBinaryExpression(SQLColumn("version"), .add, SQLLiteral.numeric("1")))
      .set("updated_at", to: SQLBind(seconds))
      .where("id", .equal, SQLBind(id))
      .where("publisher", .equal, SQLBind(publisher))
      .returning("id")
      .all()
    guard !updated.isEmpty, let (pack, _) = try await fetch(id: id) else {
      throw StoreError.packTaken(id, publisher: "another teacher")
    }
    return pack
  }

  /// The catalogue, most recently updated first.
  public func catalogue(limit: Int = 500) async throws -> [CataloguedPack] {
    try await database.select()
      .columns(Self.columns)
      .from("packs")
      .orderBy("updated_at", .descending)
      .orderBy("id")
      .limit(limit)
      .all()
      .map(Self.pack(from:))
  }

  /// The pack and its file, or nil when the catalogue has no pack with that id.
  public func fetch(id: String) async throws -> (CataloguedPack, String)? {
    guard
      let row = try await database.select()
        .columns(Self.columns + ["file"])
        .from("packs")
        .where("id", .equal, SQLBind(id))
        .first()
    else { return nil }
    return (try Self.pack(from: row), try row.decode(column: "file", as: String.self))
  }

  private static let columns = [
    "id", "name", "description", "note_count", "publisher", "version", "published_at",
    "updated_at",
  ]

  private static func pack(from row: any SQLRow) throws -> CataloguedPack {
    func date(_ column: String) throws -> Date {
      Date(timeIntervalSince1970: TimeInterval(try row.decode(column: column, as: Int64.self)))
    }
    return CataloguedPack(
      id: try row.decode(column: "id", as: String.self),
      name: try row.decode(column: "name", as: String.self),
      description: try row.decode(column: "description", as: String.self),
      noteCount: Int(try row.decode(column: "note_count", as: Int64.self)),
      publisher: try row.decode(column: "publisher", as: String.self),
      version: Int(try row.decode(column: "version", as: Int64.self)),
      publishedAt: try date("published_at"), updatedAt: try date("updated_at"))
  }
}
