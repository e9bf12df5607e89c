import ArgumentParser
import Foundation
import NetClient
import Storage

struct AccountCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "account", abstract: "Who is logged in, on which server, with which role.",
    subcommands: [CreateAccount.self])

  @Flag(help: "Print JSON.") var json = false

  func run() async throws {
    let file = CredentialsFile(paths: WoodshedNet.paths)
    guard let credentials = try file.read() else { throw ClientFailure.notLoggedIn }
    let client = try PracticeRoomClient(server: credentials.server)
    let account = try await client.currentAccount(token: credentials.token)
    if json {
      let object: [String: String] = [
        "name": account.name, "role": account.role, "server": credentials.server,
        "tokenExpiresAt": ISO8601DateFormatter().string(from: credentials.expiresAt),
      ]
      let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
      print(String(decoding: data, as: UTF8.self))
    } else {
      print(
        try WoodshedNet.texts().text(
          "account.line",
          ["name": account.name, "role": account.role, "server": credentials.server]))
    }
  }
}

struct CreateAccount: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "create", abstract: "Make a player account on a server.")

  @Argument(help: "2 to 32 of a-z, 0-9, '.', '_' and '-', starting with a letter.")
  var name: String
  @OptionGroup var server: ServerOption
  @OptionGroup var password: PasswordInput
  @Option(help: "The invitation code a server that makes accounts only by invitation asks for.")
  var invite: String?

  func run() async throws {
    let client = try PracticeRoomClient(server: server.server)
    let account = try await client.createAccount(
      name: name, password: try password.read(), invite: invite)
    // Made, not yet logged in: the next command a new player needs is said.
    print(
      try WoodshedNet.texts().text(
        "account.made",
        ["name": account.name, "role": account.role, "server": server.server]))
  }
}

struct Login: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Log in to a server; the token is kept in the config folder (mode 0600).")

  @Argument(help: "The account's name.") var name: String
  @OptionGroup var server: ServerOption
  @OptionGroup var password: PasswordInput

  func run() async throws {
    let client = try PracticeRoomClient(server: server.server)
    let credentials = try await client.login(name: name, password: try password.read())
    try CredentialsFile(paths: WoodshedNet.paths).write(credentials)
    print(
      try WoodshedNet.texts().text(
        "account.loggedIn", ["name": credentials.name, "server": server.server]))
  }
}

struct Logout: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Revoke the token on the server and forget it here.")

  func run() async throws {
    let file = CredentialsFile(paths: WoodshedNet.paths)
    guard let credentials = try file.read() else { throw ClientFailure.notLoggedIn }
    let client = try PracticeRoomClient(server: credentials.server)
    let texts = try WoodshedNet.texts()
    do {
      try await client.logout(token: credentials.token)
      try file.remove()
      ServerSnapshotFile(paths: WoodshedNet.paths).remove()
      print(texts.text("account.loggedOut", ["server": credentials.server]))
    } catch .tokenRefused {
      // The token is dead already; the file is of no use.
      try file.remove()
      ServerSnapshotFile(paths: WoodshedNet.paths).remove()
      print(texts["account.loggedOutDropped"])
    }
  }
}

struct Invite: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print a one-time code someone makes an account with (teachers).",
    discussion: "On the server's machine the admin runs woodshed serve invite instead.")

  @Argument(help: "Whom it is for: an e-mail address or a name, a note for you.")
  var invitee: String

  func run() async throws {
    let (client, token) = try SharedPatterns.session()
    let made = try await client.invite(invitee, token: token)
    // The code, then the command the invitee runs with it.
    print(
      try WoodshedNet.texts().text(
        "invite.line",
        ["invitee": ClassCommand.oneLine(made.invitee), "code": made.code, "server": client.server]
      ))
  }
}
