import ArgumentParser
import Foundation
import NetClient
import Storage
import TerminalUI

/// The networked half of Woodshed: `woodshed serve`, `account`, `login` and `logout` execute
/// this binary, so the practice room itself links no networking (ARCHITECTURE.md).
@main
struct WoodshedNet: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "woodshed",
    abstract: "The practice-room server and its accounts.",
    subcommands: [
      Serve.self, AccountCommand.self, Login.self, Logout.self, SharedPatterns.self,
      Scores.self, LeaderboardCommand.self, PackCatalogue.self, Sync.self, Refresh.self,
      ClassCommand.self, RateCommand.self, CommentsCommand.self, NewsCommand.self,
      Invite.self, FollowCommand.self, UnfollowCommand.self, FollowingCommand.self,
      LibraryCommand.self,
      StatsCommand.self,
    ])

  /// `value` as the net commands print `--json`: keys sorted, slashes unescaped, ISO 8601
  /// dates; JSON escapes control characters, so another player's text cannot drive the
  /// terminal.
  static func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  /// Errors are one line each and printable: a server's message is another machine's text,
  /// and must not move the cursor or retitle the window.
  static func main() async {
    do {
      var command = try parseAsRoot()
      if var command = command as? any AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
    } catch {
      let code = error is UsageFailure ? ExitCode(2) : exitCode(for: error)
      let message = (error as? ClientFailure).flatMap(localized) ?? fullMessage(for: error)
      guard code != .success, !message.isEmpty else { exit(withError: error) }
      let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
      FileHandle.standardError.write(
        Data((lines.map { TerminalText.message(String($0)) }.joined(separator: "\n") + "\n").utf8))
      Foundation.exit(code.rawValue)
    }
  }

  /// The player's language: the one chosen in the practice room, else the session's locale.
  static func texts() throws -> Localizer {
    let catalog = try LocaleCatalog(assetsFolder: try WoodshedNet.assets())
    let store = SettingsStore(paths: WoodshedNet.paths)
    let settings = store.load().settings
    let environment = ProcessInfo.processInfo.environment
    let language =
      store.holds("language")
      ? settings.language
      : ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }
        .first { !$0.isEmpty }.map { String($0.prefix { $0.isLetter }).lowercased() }
    return catalog.localizer(for: language ?? LocaleCatalog.fallbackLanguage)
  }

  /// A failure to reach or use the server in the player's language, as the error line prints
  /// it; nil for a server's own refusal and a local file's failure, or when the texts cannot
  /// be read.
  private static func localized(_ failure: ClientFailure) -> String? {
    guard let texts = try? texts() else { return nil }
    let line: String? =
      switch failure {
      case .notLoggedIn: texts["net.error.notLoggedIn"]
      case .tokenRefused: texts["net.error.tokenRefused"]
      case .unreachable(let server): texts.text("net.error.unreachable", ["server": server])
      case .badServerURL(let text): texts.text("net.error.badServerURL", ["text": text])
      case .refused, .localFile: nil
      }
    return line.map { "Error: " + $0 }
  }

  /// The text `key` says of `count` things: `key.one` for one, where the language has it.
  static func counted(
    _ key: String, _ count: Int, _ arguments: [String: String], _ texts: Localizer
  ) -> String {
    let chosen = count == 1 ? texts.textIfPresent(key + ".one").map { _ in key + ".one" } : nil
    return texts.text(chosen ?? key, arguments.merging(["count": String(count)]) { $1 })
  }

  static var paths: StoragePaths { StoragePaths(environment: ProcessInfo.processInfo.environment) }

  /// Who is logged in, and where; a command that needs an account stops here without one.
  static func credentials() throws -> Credentials {
    guard let credentials = try CredentialsFile(paths: paths).read() else {
      throw ClientFailure.notLoggedIn
    }
    return credentials
  }

  /// The folder of Woodshed's own patterns and packs, found as the practice room finds it.
  static func assets() throws -> URL {
    let environment = ProcessInfo.processInfo.environment
    guard
      let assets = AssetLocator.find(
        environment: environment, executableURL: RunningExecutable.url)
    else {
      throw CommandFailure("cannot find Woodshed's assets folder; set WOODSHED_ASSETS to it")
    }
    return assets
  }
}

/// Reads the password from standard input, as `docker login --password-stdin` does, or asks for
/// it on the terminal without echoing it: a password on the command line would be in the
/// shell's history and in `ps`.
struct PasswordInput: ParsableArguments {
  @Flag(help: "Read the password from standard input (one line) instead of asking for it.")
  var passwordStdin = false

  func read() throws -> String {
    if passwordStdin {
      var text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
      if text.hasSuffix("\n") { text.removeLast() }
      if text.hasSuffix("\r") { text.removeLast() }
      return text
    }
    guard isatty(STDIN_FILENO) == 1 else {
      throw CommandFailure(
        "give the password on standard input with --password-stdin, or run this in a terminal")
    }
    return try askWithoutEcho("Password: ")
  }

  private func askWithoutEcho(_ prompt: String) throws -> String {
    var saved = termios()
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else {
      throw CommandFailure("cannot turn the terminal's echo off to ask for the password")
    }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ECHO)
    // Echo goes off before the prompt shows: a password typed (or pasted) the moment the
    // prompt appears would otherwise be echoed.
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
    FileHandle.standardError.write(Data(prompt.utf8))
    let line = readLine(strippingNewline: true)
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
    FileHandle.standardError.write(Data("\n".utf8))
    guard let line else { throw CommandFailure("no password given") }
    return line
  }
}

struct ServerOption: ParsableArguments {
  @Option(help: "The server's address.")
  var server = "http://127.0.0.1:8420"
}

/// A refusal of the command itself, said in one line without the usage text.
struct CommandFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}

/// Flags that do not go together, said in one line; the command exits 2, as a shell's
/// builtins do for a wrong use.
struct UsageFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
