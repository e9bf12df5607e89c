import Foundation
import Logging
import NetAPI
import ServerStore

/// The generated `APIProtocol`, answered from the store. Input is checked against
/// `AccountRules` here, before any query runs.
struct PracticeRoomAPI: APIProtocol {
  let database: ServerDatabase
  let accounts: AccountStore
  let shares: PatternShareStore
  let scores: IntervalScoreStore
  let boardScores: BoardScoreStore
  let packs: PackCatalogueStore
  let backups: BackupStore
  let classes: ClassStore
  let ratings: PatternRatingStore
  let news: NewsStore
  let invitations: InvitationStore
  let follows: FollowStore
  let library: LibraryStore
  let chains: ChainStore
  /// Accounts are made only with an unused invitation (`serve --invite-only`).
  let inviteOnly: Bool
  let logger: Logger

  func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
    guard await database.isReachable() else {
      return .serviceUnavailable(.init(body: .json(.init(error: "the database did not answer"))))
    }
    let kind: Components.Schemas.Health.DatabasePayload =
      database.location.kind == "sqlite" ? .sqlite : .postgresql
    return .ok(.init(body: .json(.init(status: .ok, database: kind))))
  }

  func createAccount(_ input: Operations.CreateAccount.Input) async throws
    -> Operations.CreateAccount.Output
  {
    guard case .json(let request) = input.body else { return .badRequest(Self.badBody) }
    if let problem = AccountRules.problem(withName: request.name)
      ?? AccountRules.problem(withPassword: request.password)
    {
      return .badRequest(.init(body: .json(.init(error: problem))))
    }
    // The code is used before the account is made, so two sign-ups cannot share it; it is
    // given back when the name turns out to be taken.
    if inviteOnly {
      guard let code = request.invite else {
        return .forbidden(
          Self.forbidden(
            "this server makes accounts only with an invitation: ask a teacher for a code "
              + "and add --invite CODE"))
      }
      let address = RequestFacts.address
      if let wait = try await accounts.secondsUntilInvitationAllowed(address: address) {
        logger.notice("invitation codes limited", metadata: ["address": "\(address)"])
        return .tooManyRequests(
          .init(
            headers: .init(retryAfter: wait),
            body: .json(.init(error: "too many wrong invitation codes: try again in \(wait) s"))))
      }
      guard try await invitations.use(code, for: request.name) else {
        try await accounts.recordWrongInvitation(address: address)
        return .forbidden(
          Self.forbidden("the invitation code \(code) is unknown or was used already"))
      }
    }
    do {
      let account = try await accounts.createAccount(
        name: request.name, password: request.password)
      logger.info("account created", metadata: ["name": "\(account.name)"])
      return .created(.init(body: .json(Self.schema(account))))
    } catch StoreError.nameTaken(let name) {
      if inviteOnly, let code = request.invite {
        try await invitations.giveBack(code, from: name)
      }
      return .conflict(.init(body: .json(.init(error: "the name \(name) is taken"))))
    }
  }

  func createInvitation(_ input: Operations.CreateInvitation.Input) async throws
    -> Operations.CreateInvitation.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    guard case .json(let request) = input.body else { return .badRequest(Self.badBody) }
    guard account.role.teaches else {
      return .forbidden(
        Self.forbidden(
          "only a teacher or the server's admin invites: the admin runs woodshed serve invite "
            + "on the server's machine"))
    }
    if let problem = InvitationStore.problem(withInvitee: request.invitee) {
      return .badRequest(.init(body: .json(.init(error: problem))))
    }
    let made = try await invitations.invite(request.invitee, by: account.name)
    logger.info("invitation made", metadata: ["by": "\(account.name)"])
    return .created(
      .init(
        body: .json(
          .init(code: made.displayCode, invitee: made.invitee, createdAt: made.createdAt))))
  }

  func getCurrentAccount(_ input: Operations.GetCurrentAccount.Input) async throws
    -> Operations.GetCurrentAccount.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    return .ok(.init(body: .json(Self.schema(account))))
  }

  func login(_ input: Operations.Login.Input) async throws -> Operations.Login.Output {
    guard case .json(let credentials) = input.body else { return .badRequest(Self.badBody) }
    // A name or password that could never be an account's is refused as a wrong one would be,
    // without a query, and does not count against the limit.
    if AccountRules.problem(withName: credentials.name) != nil
      || credentials.password.utf8.count > AccountRules.maximumPasswordBytes
    {
      return .unauthorized(Self.loginRefused)
    }
    let address = RequestFacts.address
    switch try await accounts.login(
      name: credentials.name, password: credentials.password, address: address)
    {
    case .loggedIn(let issued):
      logger.info("logged in", metadata: ["name": "\(credentials.name)", "address": "\(address)"])
      return .ok(
        .init(
          body: .json(
            .init(
              token: issued.token, expiresAt: issued.expiresAt,
              account: Self.schema(issued.account)))))
    case .refused:
      logger.notice(
        "login refused", metadata: ["name": "\(credentials.name)", "address": "\(address)"])
      return .unauthorized(Self.loginRefused)
    case .limited(let seconds):
      logger.notice(
        "login limited",
        metadata: ["name": "\(credentials.name)", "address": "\(address)", "retry": "\(seconds)"])
      return .tooManyRequests(
        .init(
          headers: .init(retryAfter: seconds),
          body: .json(.init(error: "too many failed logins: try again in \(seconds) s"))))
    }
  }

  func logout(_ input: Operations.Logout.Input) async throws -> Operations.Logout.Output {
    guard let token = RequestFacts.bearerToken, try await accounts.revoke(token: token) else {
      return .unauthorized(Self.tokenRefused)
    }
    return .noContent(.init())
  }

  func authenticatedAccount() async throws -> ServerStore.Account? {
    guard let token = RequestFacts.bearerToken else { return nil }
    return try await accounts.account(forToken: token)
  }

  private static func schema(_ account: ServerStore.Account) -> Components.Schemas.Account {
    .init(
      name: account.name, role: Self.schema(account.role),
      createdAt: account.createdAt)
  }

  private static func schema(_ role: Role) -> Components.Schemas.Role {
    switch role {
    case .player: .player
    case .teacher: .teacher
    case .admin: .admin
    }
  }

  static let badBody = Components.Responses.BadRequest(
    body: .json(.init(error: "the request body is not JSON")))
  static let tokenRefused = Components.Responses.Unauthorized(
    body: .json(.init(error: "the token is unknown, expired or revoked")))
  private static let loginRefused = Components.Responses.Unauthorized(
    body: .json(.init(error: "wrong name or password")))
}
