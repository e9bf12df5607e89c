import ArgumentParser
import Foundation
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
    ])

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
      let code = exitCode(for: error)
      let message = fullMessage(for: error)
      guard code != .success, !message.isEmpty else { exit(withError: error) }
      let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
      FileHandle.standardError.write(
        Data((lines.map { TerminalText.message(String($0)) }.joined(separator: "\n") + "\n").utf8))
      Foundation.exit(code.rawValue)
    }
  }

  static var paths: StoragePaths { StoragePaths(environment: ProcessInfo.processInfo.environment) }
}

/// Reads the password from standard input, as `docker login --password-stdin` does: a password
/// on the command line would be in the shell's history and in `ps`.
struct PasswordInput: ParsableArguments {
  @Flag(help: "Read the password from standard input (one line).")
  var passwordStdin = false

  func read() throws -> String {
    guard passwordStdin else {
      throw CommandFailure("give the password on standard input with --password-stdin")
    }
    var text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    if text.hasSuffix("\n") { text.removeLast() }
    if text.hasSuffix("\r") { text.removeLast() }
    return text
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
