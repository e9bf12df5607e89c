import Foundation
import SQLKit

/// A one-time code an account may be made with on a server that makes accounts only by
/// invitation (`serve --invite-only`).
public struct Invitation: Equatable, Sendable {
  /// Eight letters and digits of `ClassStore`'s alphabet, as stored (no hyphen).
  public let code: String
  /// Whom it is for, as the inviter wrote it: an e-mail address or a name, a note only.
  public let invitee: String
  /// The teacher who made it; nil when the box's admin made it on the server's machine.
  public let invitedBy: String?
  public let createdAt: Date

  /// The code as people read and type it, `K7QF-M2XP`.
  public var displayCode: String { "\(code.prefix(4))-\(code.dropFirst(4))" }
}

/// Invitations: made by a teacher over the API or by the admin on the server's machine, each
/// used up by the one account made with it.
public struct InvitationStore: Sendable {
  public let database: any SQLDatabase
  private let now: @Sendable () -> Date

  public static let longestInvitee = 254

  public init(database: any SQLDatabase, now: @escaping @Sendable () -> Date = Date.init) {
    self.database = database
    self.now = now
  }

  private var nowSeconds: Int64 { Int64(now().timeIntervalSince1970.rounded(.down)) }

  /// Why `invitee` cannot name an invitation, or nil.
  public static func problem(withInvitee invitee: String) -> String? {
    if invitee.isEmpty || invitee.count > longestInvitee {
      return "whom an invitation is for is 1 to \(longestInvitee) characters"
    }
    if invitee.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return "whom an invitation is for has no control characters"
    }
    return nil
  }

  public func invite(_ invitee: String, by inviter: String?) async throws -> Invitation {
    let created = nowSeconds
    // 40 random bits: a clash is rare, and answered with another code.
    while true {
      let code = ClassStore.newCode()
      let inserted = try await database.insert(into: "invitations")
        .columns("code", "invitee", "invited_by", "created_at")
        .values(SQLBind(code), SQLBind(invitee), SQLBind(inviter), SQLBind(created))
        .ignoringConflicts(with: "code")
        .returning("code")
        .all()
      if !inserted.isEmpty {
        return Invitation(
          code: code, invitee: invitee, invitedBy: inviter,
          createdAt: Date(timeIntervalSince1970: TimeInterval(created)))
      }
    }
  }

  /// Uses the code `typed` for the account `name` is about to be: false when it is no code, is
  /// unknown or was used.
  public func use(_ typed: String, for name: String) async throws -> Bool {
    guard let code = ClassStore.normalizedCode(typed) else { return false }
    let used = try await database.update("invitations")
      .set("used_by", to: SQLBind(name))
      .set("used_at", to: SQLBind(nowSeconds))
      .where("code", .equal, SQLBind(code))
      .where("used_by", .is, SQLLiteral.null)
      .returning("code")
      .all()
    return !used.isEmpty
  }

  /// Gives the code back when the account it was used for could not be made (its name was
  /// taken): the invitee may try another name.
  public func giveBack(_ typed: String, from name: String) async throws {
    guard let code = ClassStore.normalizedCode(typed) else { return }
    try await database.update("invitations")
      .set("used_by", to: SQLLiteral.null)
      .set("used_at", to: SQLLiteral.null)
      .where("code", .equal, SQLBind(code))
      .where("used_by", .equal, SQLBind(name))
      .run()
  }
}
