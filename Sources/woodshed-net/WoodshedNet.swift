import ArgumentParser
import Foundation
import Storage

/// The networked half of Woodshed: `woodshed serve`, `account`, `login` and `logout` execute
/// this binary, so the practice room itself links no networking (ARCHITECTURE.md).
@main
struct WoodshedNet: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "woodshed",
    abstract: "The practice-room server and its accounts.",
    subcommands: [Serve.self, AccountCommand.self, Login.self, Logout.self])

  static var paths: StoragePaths { StoragePaths(environment: ProcessInfo.processInfo.environment) }
}

/// Reads the password from standard input, as `docker login --password-stdin` does: a password
/// on the command line would be in the shell's history and in `ps`.
struct PasswordInput: ParsableArguments {
  @Flag(help: "Read the password from standard input (one line).")
  var passwordStdin = false

  func read() throws -> String {
    guard passwordStdin else {
      throw ValidationError("give the password on standard input with --password-stdin")
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
