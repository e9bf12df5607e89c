import App
import ArgumentParser
import FoundationEssentials
import Glibc
import Storage
import TerminalUI

@main
struct Woodshed: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "woodshed",
    abstract: "A keyboard-driven music practice room for the terminal.",
    discussion: "Run without a subcommand to open the practice room.",
    version: Launcher.version,
    subcommands: [
      Doctor.self, Metronome.self, Staff.self, Show.self, Packs.self, Patterns.self, History.self,
      Analyze.self,
      Calibrate.self, Rhythm.self, RecordingProtocol.self, Ear.self,
    ])

  @OptionGroup var session: SessionOptions

  @OptionGroup var author: AuthorOption

  @Flag(
    name: .customLong("screen-reader"),
    help: ArgumentHelp(
      "For a screen reader or a braille display: the cursor on the line that changed, changes "
        + "read out in a status line, no decorations (also a setting)."))
  var screenReader = false

  /// Errors are one line each, printable and of a readable length whatever value they quote
  /// (an id of thousands of characters, a name with escape codes); help goes out as it is.
  static func main() {
    NetPassThrough.execIfNetCommand(CommandLine.arguments)
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      let code = exitCode(for: error)
      let full = fullMessage(for: error)
      guard code != .success, !full.isEmpty else { exit(withError: error) }
      let lines = full.split(separator: "\n", omittingEmptySubsequences: false)
      let message = lines.map { TerminalText.message(String($0)) }.joined(separator: "\n")
      let text = Array((message.hasSuffix("\n") ? message : message + "\n").utf8)
      _ = text.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
      Glibc.exit(code.rawValue)
    }
  }

  func run() throws {
    let environment = ProcessInfo.processInfo.environment
    var overrides = session.overrides
    overrides.author = author.resolved
    overrides.keyRoute = KeyRoute(environment: environment)
    overrides.screenReader = screenReader
    let status = try Launcher.runInteractive(environment: environment, overrides: overrides)
    if status != 0 { throw ExitCode(status) }
  }
}
