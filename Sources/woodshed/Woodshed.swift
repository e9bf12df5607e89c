import App
import ArgumentParser
import FoundationEssentials
import TerminalUI

@main
struct Woodshed: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "woodshed",
    abstract: "A keyboard-driven music practice room for the terminal.",
    discussion: "Run without a subcommand to open the practice room.",
    version: Launcher.version,
    subcommands: [Doctor.self])

  @Option(help: "Symbols for this run only: unicode or ascii (default: from settings).")
  var glyphs: GlyphSet.Kind?

  @Option(help: "Colour theme for this run only: dark, light or mono (default: from settings).")
  var theme: Theme.Name?

  func run() throws {
    let status = try Launcher.runInteractive(
      environment: ProcessInfo.processInfo.environment,
      overrides: DisplayOverrides(glyphs: glyphs, theme: theme))
    if status != 0 { throw ExitCode(status) }
  }
}

struct Doctor: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check the terminal, folders and audio server: the first thing to run on a new box.")

  @Flag(help: "Print the findings as JSON.")
  var json = false

  func run() throws {
    let (report, strings) = try Launcher.doctor(environment: ProcessInfo.processInfo.environment)
    print(json ? report.json() : report.text(strings), terminator: "")
    if !report.problems.isEmpty { throw ExitCode(1) }
  }
}

extension GlyphSet.Kind: ExpressibleByArgument {}
extension Theme.Name: ExpressibleByArgument {}
extension Launcher.Failure: LocalizedError {
  public var errorDescription: String? { description }
}
