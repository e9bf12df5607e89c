import ArgumentParser
import Foundation
import Logging
import Server
import ServerStore

struct DatabaseOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "sqlite:PATH, or postgres://USER:PASSWORD@HOST:PORT/DATABASE for several processes.",
      discussion: "Without it, server.sqlite in the data folder.",
      valueName: "location"))
  var database: String?

  func location() throws -> DatabaseLocation {
    if let database { return try DatabaseLocation(parsing: database) }
    let folder = WoodshedNet.paths.dataFolder
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return .sqlite(path: folder.appendingPathComponent("server.sqlite").path)
  }
}

struct Serve: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run the practice-room server.",
    discussion: """
      Stops on SIGTERM or SIGINT after the requests under way. TLS is left to a reverse proxy \
      (README, "Practice-room server").
      """,
    subcommands: [RoleCommand.self, InviteCommand.self, ServeStatsCommand.self])

  @Option(help: "HOST:PORT to listen on; port 0 picks a free one, named in the first log line.")
  var listen = "127.0.0.1:8420"

  @OptionGroup var database: DatabaseOption

  @Option(help: "How long a login's token lasts, in seconds (30 days).")
  var tokenLifetime = 30 * 24 * 3600

  @Option(help: "Failed logins let through per account within the window.")
  var loginLimitAccount = LoginLimits().perAccount

  @Option(help: "Failed logins let through per client address within the window.")
  var loginLimitAddress = LoginLimits().perAddress

  @Option(help: "The window failed logins are counted in, in seconds.")
  var loginWindow = LoginLimits().windowSeconds

  @Option(help: "Ratings and comments one account may write within the window.")
  var ratingLimit = LoginLimits().ratingsPerAccount

  @Option(help: "The largest request body taken, in bytes.")
  var maxBodyBytes = 1 << 20

  @Flag(help: "Make accounts only with an invitation code (woodshed invite, serve invite).")
  var inviteOnly = false

  func validate() throws {
    _ = try listenAddress()
    guard tokenLifetime > 0, loginLimitAccount > 0, loginLimitAddress > 0, loginWindow > 0,
      ratingLimit > 0, maxBodyBytes > 0
    else { throw ValidationError("limits and lifetimes are positive numbers") }
  }

  func run() async throws {
    let (host, port) = try listenAddress()
    LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
    var logger = Logger(label: "woodshed-serve")
    logger.logLevel = .info
    let configuration = ServerConfiguration(
      host: host, port: port, database: try database.location(),
      tokenLifetimeSeconds: tokenLifetime,
      limits: LoginLimits(
        perAccount: loginLimitAccount, perAddress: loginLimitAddress, windowSeconds: loginWindow,
        ratingsPerAccount: ratingLimit),
      maxBodyBytes: maxBodyBytes, inviteOnly: inviteOnly)
    try await PracticeRoomServer.run(configuration, logger: logger)
  }

  private func listenAddress() throws -> (String, Int) {
    guard let colon = listen.lastIndex(of: ":"),
      let port = Int(listen[listen.index(after: colon)...]),
      (0...65535).contains(port), colon != listen.startIndex
    else { throw ValidationError("--listen takes HOST:PORT, such as 127.0.0.1:8420") }
    let host = listen[..<colon]
    // An IPv6 address is written in brackets, [::1]:8420, as in a URL.
    if host.hasPrefix("["), host.hasSuffix("]") {
      return (String(host.dropFirst().dropLast()), port)
    }
    return (String(host), port)
  }
}

/// The box's admin gives a role on the server's machine, straight in the database: there is no
/// admin API to attack over the network.
struct RoleCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "role", abstract: "Give an account a role (player, teacher or admin).")

  @Argument(help: "The account's name.") var name: String
  @Argument(help: "player, teacher or admin.") var role: String
  @OptionGroup var database: DatabaseOption

  func run() async throws {
    guard let role = Role(rawValue: role) else {
      throw ValidationError("a role is player, teacher or admin, not \(role)")
    }
    let location = try database.location()
    let logger = Logger(label: "woodshed-serve-role")
    let opened = try await ServerDatabase.open(location, logger: logger)
    do {
      let accounts = AccountStore(database: opened.sql)
      try await accounts.migrate()
      try await accounts.setRole(role, forAccount: name)
      await opened.shutdown()
    } catch {
      await opened.shutdown()
      throw error
    }
    print("\(name) is now \(role == .admin ? "an" : "a") \(role.rawValue)")
  }
}

/// The admin invites on the server's machine, straight in the database: the first teacher of a
/// server that makes accounts only by invitation has no one else to ask.
struct InviteCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "invite", abstract: "Print a one-time code someone makes an account with.")

  @Argument(help: "Whom it is for: an e-mail address or a name, a note for you.")
  var invitee: String
  @OptionGroup var database: DatabaseOption

  func validate() throws {
    if let problem = InvitationStore.problem(withInvitee: invitee) {
      throw ValidationError(problem)
    }
  }

  func run() async throws {
    let opened = try await ServerDatabase.open(
      try database.location(), logger: Logger(label: "woodshed-serve-invite"))
    let made: Invitation
    do {
      let accounts = AccountStore(database: opened.sql)
      try await accounts.migrate()
      made = try await InvitationStore(database: opened.sql).invite(invitee, by: nil)
      await opened.shutdown()
    } catch {
      await opened.shutdown()
      throw error
    }
    print("invitation for \(made.invitee): \(made.displayCode) (one use)")
  }
}
