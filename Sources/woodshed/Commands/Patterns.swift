import App
import ArgumentParser
import FoundationEssentials

struct Patterns: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "The fretboard patterns, and sharing them as files.",
    discussion: """
      With a server (woodshed login): `patterns share ID [--to PLAYER]`, `patterns inbox` and \
      `patterns fetch SHARE-ID`.
      """,
    subcommands: [List.self, Export.self, Import.self], defaultSubcommand: List.self)

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the patterns.")

    func run() throws {
      say(
        try HeadlessPatterns.list(environment: ProcessInfo.processInfo.environment), terminator: "")
    }
  }

  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print a pattern's file, to share it: woodshed patterns export ID > file.json")

    @Argument(help: "The pattern's id, as `woodshed patterns list` shows it.")
    var id: String

    func run() throws {
      say(
        try HeadlessPatterns.export(id: id, environment: ProcessInfo.processInfo.environment),
        terminator: "")
    }
  }

  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check a pattern file and add it to your patterns.")

    @Argument(help: "The pattern's JSON file.")
    var file: String

    @Flag(help: "Replace your own pattern that has the same id.")
    var force = false

    func run() throws {
      say(
        try HeadlessPatterns.importFile(
          file, force: force, environment: ProcessInfo.processInfo.environment),
        terminator: "")
    }
  }
}
