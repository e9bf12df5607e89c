import Foundation
import TerminalHarness
import XCTest

/// A server that makes accounts only by invitation, through the real binaries: the admin
/// invites the first teacher on the server's machine, the teacher invites a student, and each
/// code makes one account.
extension ServerScenarios {
  private func createAccount(
    _ home: NetHome, _ server: ServerProcess, name: String, invite: String?
  )
    throws -> (status: Int32, output: String, error: String)
  {
    try home.run(
      ["account", "create", name, "--server", server.url, "--password-stdin"]
        + (invite.map { ["--invite", $0] } ?? []),
      input: Self.password + "\n")
  }

  /// The code a `woodshed invite` or `serve invite` line gives, as printed (K7QF-M2XP).
  private func code(in line: String) throws -> String {
    let range = try XCTUnwrap(
      line.range(of: #"[2-9A-Z]{4}-[2-9A-Z]{4}"#, options: .regularExpression), line)
    return String(line[range])
  }

  func anInviteOnlyServerMakesAccountsOnlyWithAnUnusedCode() async throws {
    try await withServer(options: ["--invite-only"]) { tia, server, database in
      let bea = try NetHome()
      let cy = try NetHome()
      defer {
        bea.remove()
        cy.remove()
      }
      let uninvited = try createAccount(tia, server, name: "tia", invite: nil)
      XCTAssertNotEqual(uninvited.status, 0)
      XCTAssertEqual(
        uninvited.error,
        "Error: this server makes accounts only with an invitation: ask a teacher for a code "
          + "and add --invite CODE\n")
      let wrong = try createAccount(tia, server, name: "tia", invite: "2345-6789")
      XCTAssertEqual(
        wrong.error, "Error: the invitation code 2345-6789 is unknown or was used already\n")

      let admin = try tia.run(["serve", "invite", "tia@school.example", "--database", database])
      XCTAssertEqual(admin.status, 0, admin.error)
      XCTAssertTrue(admin.output.hasPrefix("invitation for tia@school.example: "), admin.output)
      let tiasCode = try code(in: admin.output)
      let made = try createAccount(tia, server, name: "tia", invite: tiasCode.lowercased())
      XCTAssertEqual(made.status, 0, "case and hyphens do not matter: \(made.error)")
      _ = try tia.run(["serve", "role", "tia", "teacher", "--database", database])
      let login = try tia.run(
        ["login", "tia", "--server", server.url, "--password-stdin"], input: Self.password + "\n")
      XCTAssertEqual(login.status, 0, login.error)

      let invited = try tia.run(["invite", "bea"])
      XCTAssertEqual(invited.status, 0, invited.error)
      let beasCode = try code(in: invited.output)
      XCTAssertEqual(
        invited.output,
        "invitation for bea: \(beasCode) (one use: woodshed account create NAME --server "
          + "\(server.url) --invite \(beasCode))\n")

      let taken = try createAccount(bea, server, name: "tia", invite: beasCode)
      XCTAssertEqual(taken.error, "Error: the name tia is taken\n")
      let beaMade = try createAccount(bea, server, name: "bea", invite: beasCode)
      XCTAssertEqual(beaMade.status, 0, "a taken name gives the code back: \(beaMade.error)")
      let reused = try createAccount(cy, server, name: "cy", invite: beasCode)
      XCTAssertNotEqual(reused.status, 0)
      XCTAssertEqual(
        reused.error, "Error: the invitation code \(beasCode) is unknown or was used already\n")

      let beaLogin = try bea.run(
        ["login", "bea", "--server", server.url, "--password-stdin"], input: Self.password + "\n")
      XCTAssertEqual(beaLogin.status, 0, beaLogin.error)
      let byAPlayer = try bea.run(["invite", "cy"])
      XCTAssertNotEqual(byAPlayer.status, 0)
      XCTAssertEqual(
        byAPlayer.error,
        "Error: only a teacher or the server's admin invites: the admin runs woodshed serve "
          + "invite on the server's machine\n")
    }
  }

  /// Elsewhere a code is not asked for, and one given is not looked at.
  func anOpenServerIgnoresInvitations() async throws {
    try await withServer { home, server, _ in
      let made = try createAccount(home, server, name: "ada", invite: "not-a-code")
      XCTAssertEqual(made.status, 0, made.error)
    }
  }

  func wrongInvitationCodesFromOneAddressAreLimited() async throws {
    try await withServer(options: ["--invite-only", "--login-limit-address", "2"]) {
      home, server, database in
      for attempt in 1...2 {
        let wrong = try createAccount(home, server, name: "ada", invite: "2345-678\(attempt + 1)")
        XCTAssertEqual(
          wrong.error,
          "Error: the invitation code 2345-678\(attempt + 1) is unknown or was used already\n")
      }
      let invited = try home.run(["serve", "invite", "ada", "--database", database])
      let code = try code(in: invited.output)
      // Past the limit even a good code waits: a guesser cannot tell it from the others.
      let limited = try createAccount(home, server, name: "ada", invite: code)
      XCTAssertNotEqual(limited.status, 0)
      XCTAssertTrue(
        limited.error.hasPrefix("Error: too many wrong invitation codes: try again in "),
        limited.error)
      XCTAssertEqual(
        try createAccount(home, server, name: "ada", invite: nil).error,
        "Error: this server makes accounts only with an invitation: ask a teacher for a code "
          + "and add --invite CODE\n", "no code tried, nothing counted")
    }
  }
}
