import Foundation
import Hummingbird
import Logging
import NetAPI
import OpenAPIHummingbird
import ServerStore

/// What `woodshed serve` was asked for.
public struct ServerConfiguration: Sendable {
  public var host: String
  /// 0 asks the system for a free port; the first log line names it.
  public var port: Int
  public var database: DatabaseLocation
  public var tokenLifetimeSeconds: Int
  public var limits: LoginLimits
  public var maxBodyBytes: Int
  /// Accounts are made only with an unused invitation code.
  public var inviteOnly: Bool

  public init(
    host: String, port: Int, database: DatabaseLocation, tokenLifetimeSeconds: Int,
    limits: LoginLimits, maxBodyBytes: Int, inviteOnly: Bool = false
  ) {
    self.host = host
    self.port = port
    self.database = database
    self.tokenLifetimeSeconds = tokenLifetimeSeconds
    self.limits = limits
    self.maxBodyBytes = maxBodyBytes
    self.inviteOnly = inviteOnly
  }
}

public enum PracticeRoomServer {
  /// Migrates the database, serves until SIGTERM or SIGINT, lets running requests finish, then
  /// closes the database.
  public static func run(_ configuration: ServerConfiguration, logger: Logger) async throws {
    let database = try await ServerDatabase.open(configuration.database, logger: logger)
    do {
      let accounts = AccountStore(
        database: database.sql, tokenLifetimeSeconds: configuration.tokenLifetimeSeconds,
        limits: configuration.limits)
      try await accounts.migrate()
      let router = Router(context: RoomRequestContext.self)
      router.add(middleware: ErrorResponseMiddleware(maxBodyBytes: configuration.maxBodyBytes))
      router.add(middleware: RequestFactsMiddleware())
      let api = PracticeRoomAPI(
        database: database, accounts: accounts,
        shares: PatternShareStore(database: database.sql),
        scores: IntervalScoreStore(database: database.sql),
        boardScores: BoardScoreStore(database: database.sql),
        packs: PackCatalogueStore(database: database.sql),
        backups: BackupStore(database: database.sql),
        classes: ClassStore(database: database.sql),
        ratings: PatternRatingStore(database: database.sql),
        news: NewsStore(database: database.sql),
        invitations: InvitationStore(database: database.sql),
        follows: FollowStore(database: database.sql), library: LibraryStore(database: database.sql),
        chains: ChainStore(database: database.sql),
        inviteOnly: configuration.inviteOnly, logger: logger)
      try api.registerHandlers(on: router)
      let schema = try await accounts.schemaVersion()
      let app = Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
        onServerRunning: { channel in
          let port = channel.localAddress?.port ?? configuration.port
          logger.info(
            "listening on http://\(configuration.host):\(port)",
            metadata: [
              "port": "\(port)", "database": "\(configuration.database)", "schema": "\(schema)",
            ])
        },
        // Hummingbird's own start-up line would come before ours, which tests and scripts read.
        logger: Self.quieter(logger))
      try await app.runService()
      logger.info("stopped")
    } catch {
      await database.shutdown()
      throw error
    }
    await database.shutdown()
  }

  private static func quieter(_ logger: Logger) -> Logger {
    var logger = logger
    logger.logLevel = max(logger.logLevel, .notice)
    return logger
  }
}
