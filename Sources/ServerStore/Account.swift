import Foundation

public enum Role: String, CaseIterable, Sendable {
  case player
  /// May publish packs and recommend patterns to its students (later slices).
  case teacher
  /// The server's admin: a teacher's rights, and reads the usage statistics.
  case admin

  /// Whether the role has a teacher's rights: classes, packs, invitations.
  public var teaches: Bool { self != .player }
}

public struct Account: Equatable, Sendable {
  public let name: String
  public let role: Role
  public let createdAt: Date

  public init(name: String, role: Role, createdAt: Date) {
    self.name = name
    self.role = role
    self.createdAt = createdAt
  }
}

/// A bearer token as handed to the client once; the store keeps only its digest.
public struct IssuedToken: Equatable, Sendable {
  public let token: String
  public let expiresAt: Date
  public let account: Account
}

public enum LoginOutcome: Equatable, Sendable {
  case loggedIn(IssuedToken)
  /// A wrong name or password: the two are not told apart.
  case refused
  /// Too many failed attempts for the account or the address in the window.
  case limited(retryAfterSeconds: Int)
}

/// How many failed logins are let through per account and per client address within a window,
/// and how many ratings and comments one account may write in it.
public struct LoginLimits: Equatable, Sendable {
  public var perAccount: Int
  public var perAddress: Int
  public var windowSeconds: Int
  public var ratingsPerAccount: Int

  public init(
    perAccount: Int = 5, perAddress: Int = 20, windowSeconds: Int = 15 * 60,
    ratingsPerAccount: Int = 60
  ) {
    self.perAccount = perAccount
    self.perAddress = perAddress
    self.windowSeconds = windowSeconds
    self.ratingsPerAccount = ratingsPerAccount
  }
}
