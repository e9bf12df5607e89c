// AsyncKit's pool predates Sendable; it is shared only to shut it down once, at the end.
@preconcurrency import AsyncKit
import Logging
import NIOCore
import NIOPosix
import PostgresKit
import SQLKit
import SQLiteKit

/// An open database behind one `SQLDatabase`: every query and migration is written once with
/// SQLKit's builders and runs the same on SQLite and PostgreSQL.
public final class ServerDatabase: Sendable {
  public let location: DatabaseLocation
  public let sql: any SQLDatabase
  private let close: @Sendable () async throws -> Void

  private init(
    location: DatabaseLocation, sql: any SQLDatabase,
    close: @escaping @Sendable () async throws -> Void
  ) {
    self.location = location
    self.sql = sql
    self.close = close
  }

  /// Opens the database; SQLite's file and folder are made if missing.
  public static func open(_ location: DatabaseLocation, logger: Logger) async throws
    -> ServerDatabase
  {
    switch location {
    case .sqlite(let path):
      // One connection: SQLite runs one writer at a time anyway, and WAL lets other processes
      // (a second `serve`, `serve role`) read while it writes.
      let connection = try await SQLiteConnection.open(
        storage: .file(path: path), threadPool: .singleton, logger: logger,
        on: MultiThreadedEventLoopGroup.singleton.any()
      ).get()
      let sql = connection.sql(queryLogLevel: .trace)
      do {
        // Pragmas have no builder: they are SQLite's own settings, not queries.
        try await sql.raw("PRAGMA journal_mode = WAL").run()
        try await sql.raw("PRAGMA busy_timeout = 5000").run()
        try await sql.raw("PRAGMA foreign_keys = ON").run()
      } catch {
        try? await connection.close()
        throw error
      }
      return ServerDatabase(location: location, sql: sql) { try await connection.close() }
    case .postgres(let url):
      let configuration: SQLPostgresConfiguration
      do {
        configuration = try SQLPostgresConfiguration(url: url)
      } catch {
        throw StoreError.badLocation(location.description)
      }
      let pool = EventLoopGroupConnectionPool(
        source: PostgresConnectionSource(sqlConfiguration: configuration),
        maxConnectionsPerEventLoop: 4, pruneInterval: .seconds(60), logger: logger,
        on: MultiThreadedEventLoopGroup.singleton)
      let sql = pool.database(logger: logger).sql(queryLogLevel: .trace)
      return ServerDatabase(location: location, sql: sql) { try await pool.shutdownAsync() }
    }
  }

  /// Answers whether a trivial query goes through, for `/health`.
  public func isReachable() async -> Bool {
    do {
      _ = try await sql.select().column(SQLLiteral.numeric("1"), as: "one").all()
      return true
    } catch {
      return false
    }
  }

  public func shutdown() async {
    try? await close()
  }
}
