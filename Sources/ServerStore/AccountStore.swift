import Crypto
import Foundation
import HummingbirdBcrypt
import NIOPosix
import SQLKit

/// Accounts, tokens and the login limit, kept entirely in the database so that several `serve`
/// processes on one PostgreSQL agree. Time comes from `now` (tests move it).
public struct AccountStore: Sendable {
  public let database: any SQLDatabase
  public let tokenLifetimeSeconds: Int
  public let limits: LoginLimits
  public let bcryptCost: UInt8
  private let now: @Sendable () -> Date

  public init(
    database: any SQLDatabase, tokenLifetimeSeconds: Int = 30 * 24 * 3600,
    limits: LoginLimits = LoginLimits(), bcryptCost: UInt8 = 12,
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.database = database
    self.tokenLifetimeSeconds = tokenLifetimeSeconds
    self.limits = limits
    self.bcryptCost = bcryptCost
    self.now = now
  }

  private var nowSeconds: Int64 { Int64(now().timeIntervalSince1970.rounded(.down)) }

  public func migrate() async throws {
    try await Migrations.run(on: database, now: nowSeconds)
  }

  public func schemaVersion() async throws -> Int {
    try await Migrations.appliedVersion(on: database)
  }

  /// Makes a player account. The caller has checked the name and password with `AccountRules`.
  public func createAccount(name: String, password: String) async throws -> Account {
    let hash = try await Self.offEventLoop { [bcryptCost] in
      Bcrypt.hash(password, cost: bcryptCost)
    }
    let created = nowSeconds
    let inserted = try await database.insert(into: "accounts")
      .columns("name", "password_hash", "role", "created_at")
      .values(SQLBind(name), SQLBind(hash), SQLBind(Role.player.rawValue), SQLBind(created))
      .ignoringConflicts(with: "name")
      .returning("name")
      .all()
    guard !inserted.isEmpty else { throw StoreError.nameTaken(name) }
    return Account(name: name, role: .player, createdAt: Self.date(created))
  }

  public func account(named name: String) async throws -> Account? {
    try await database.select()
      .columns("name", "role", "created_at")
      .from("accounts")
      .where("name", .equal, SQLBind(name))
      .first()
      .map(Self.account(from:))
  }

  /// Gives `name` a role; for the box's admin, who works on the database directly.
  public func setRole(_ role: Role, forAccount name: String) async throws {
    guard try await account(named: name) != nil else { throw StoreError.noSuchAccount(name) }
    try await database.update("accounts")
      .set("role", to: SQLBind(role.rawValue))
      .where("name", .equal, SQLBind(name))
      .run()
  }

  /// Checks the limit first, then the password; a failure counts against both the account and
  /// the address, whether or not the account exists.
  public func login(name: String, password: String, address: String) async throws -> LoginOutcome {
    let scopes = [
      ("account:" + name, limits.perAccount), ("address:" + address, limits.perAddress),
    ]
    var retryAfter = 0
    for (scope, limit) in scopes {
      if let wait = try await secondsUntilAllowed(scope: scope, limit: limit) {
        retryAfter = max(retryAfter, wait)
      }
    }
    if retryAfter > 0 { return .limited(retryAfterSeconds: retryAfter) }

    let row = try await database.select()
      .columns("name", "role", "created_at", "password_hash")
      .from("accounts")
      .where("name", .equal, SQLBind(name))
      .first()
    let hash = try row?.decode(column: "password_hash", as: String.self)
    // An unknown name costs the same bcrypt time as a wrong password, so timing does not tell
    // which names exist.
    let matches = try await Self.offEventLoop {
      Bcrypt.verify(password, hash: hash ?? Self.standInHash)
    }
    guard matches, hash != nil, let row else {
      for (scope, _) in scopes { try await recordFailure(scope: scope) }
      return .refused
    }
    return .loggedIn(try await issueToken(for: Self.account(from: row)))
  }

  /// Seconds before `account` may try another class code from `address`, or nil. Wrong codes
  /// count as failed logins do, in scopes of their own, so a code cannot be guessed.
  public func secondsUntilJoinAllowed(account: String, address: String) async throws -> Int? {
    var wait: Int?
    for (scope, limit) in joinScopes(account: account, address: address) {
      if let seconds = try await secondsUntilAllowed(scope: scope, limit: limit) {
        wait = max(wait ?? 0, seconds)
      }
    }
    return wait
  }

  public func recordWrongJoinCode(account: String, address: String) async throws {
    for (scope, _) in joinScopes(account: account, address: address) {
      try await recordFailure(scope: scope)
    }
  }

  private func joinScopes(account: String, address: String) -> [(String, Int)] {
    [
      ("join-account:" + account, limits.perAccount),
      ("join-address:" + address, limits.perAddress),
    ]
  }

  /// Seconds before `address` may try another invitation code, or nil. Wrong codes count as
  /// failed logins from that address do, in a scope of their own, so codes cannot be guessed.
  public func secondsUntilInvitationAllowed(address: String) async throws -> Int? {
    try await secondsUntilAllowed(scope: "invitation-address:" + address, limit: limits.perAddress)
  }

  public func recordWrongInvitation(address: String) async throws {
    try await recordFailure(scope: "invitation-address:" + address)
  }

  /// Seconds before `account` may write another rating or comment, or nil. Every write counts,
  /// in a scope of its own beside the failed logins, so a script cannot flood a pattern's
  /// comments or rewrite one without end.
  public func secondsUntilRatingAllowed(account: String) async throws -> Int? {
    try await secondsUntilAllowed(scope: "rating:" + account, limit: limits.ratingsPerAccount)
  }

  public func recordRatingWrite(account: String) async throws {
    try await recordFailure(scope: "rating:" + account)
  }

  /// The account a bearer token belongs to, or nil when it is unknown, expired or revoked.
  public func account(forToken token: String) async throws -> Account? {
    guard
      let row = try await database.select()
        .column("account_name")
        .from("tokens")
        .where("token_hash", .equal, SQLBind(Self.digest(token)))
        .where("expires_at", .greaterThan, SQLBind(nowSeconds))
        .first()
    else { return nil }
    return try await account(named: row.decode(column: "account_name", as: String.self))
  }

  /// Revokes `token`; true when it was a live token.
  public func revoke(token: String) async throws -> Bool {
    let deleted = try await database.delete(from: "tokens")
      .where("token_hash", .equal, SQLBind(Self.digest(token)))
      .returning("account_name")
      .all()
    return !deleted.isEmpty
  }

  private func issueToken(for account: Account) async throws -> IssuedToken {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    let token = Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
    let created = nowSeconds
    let expires = created + Int64(tokenLifetimeSeconds)
    try await database.insert(into: "tokens")
      .columns("token_hash", "account_name", "created_at", "expires_at")
      .values(
        SQLBind(Self.digest(token)), SQLBind(account.name), SQLBind(created), SQLBind(expires)
      )
      .run()
    // Expired tokens of this account go when it logs in again, so the table does not grow.
    try await database.delete(from: "tokens")
      .where("account_name", .equal, SQLBind(account.name))
      .where("expires_at", .lessThanOrEqual, SQLBind(created))
      .run()
    return IssuedToken(token: token, expiresAt: Self.date(expires), account: account)
  }

  /// Seconds until `scope` may try again, or nil when it is under its limit.
  private func secondsUntilAllowed(scope: String, limit: Int) async throws -> Int? {
    let windowStart = nowSeconds - Int64(limits.windowSeconds)
    let rows = try await database.select()
      .column("failed_at")
      .from("login_failures")
      .where("scope", .equal, SQLBind(scope))
      .where("failed_at", .greaterThan, SQLBind(windowStart))
      .orderBy("failed_at", .descending)
      .limit(limit)
      .all()
    guard rows.count >= limit, let oldest = rows.last else { return nil }
    // The attempt that brought the count to the limit leaves the window at this time.
    let freeAt =
      try oldest.decode(column: "failed_at", as: Int64.self)
      + Int64(limits.windowSeconds)
    return max(1, Int(freeAt - nowSeconds))
  }

  private func recordFailure(scope: String) async throws {
    let failedAt = nowSeconds
    try await database.insert(into: "login_failures")
      .columns("scope", "failed_at")
      .values(SQLBind(scope), SQLBind(failedAt))
      .run()
    try await database.delete(from: "login_failures")
      .where("scope", .equal, SQLBind(scope))
      .where("failed_at", .lessThanOrEqual, SQLBind(failedAt - Int64(limits.windowSeconds)))
      .run()
  }

  static func digest(_ token: String) -> String {
    SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
  }

  private static func account(from row: any SQLRow) throws -> Account {
    let roleName = try row.decode(column: "role", as: String.self)
    return Account(
      name: try row.decode(column: "name", as: String.self),
      role: Role(rawValue: roleName) ?? .player,
      createdAt: date(try row.decode(column: "created_at", as: Int64.self)))
  }

  private static func date(_ seconds: Int64) -> Date {
    Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  /// bcrypt takes a quarter of a second at cost 12: off the event loops that serve requests.
  private static func offEventLoop<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws
    -> T
  {
    try await NIOThreadPool.singleton.runIfActive(work)
  }

  /// A hash of no one's password, verified against when the name is unknown.
  private static let standInHash = Bcrypt.hash("no account has this password", cost: 12)
}
