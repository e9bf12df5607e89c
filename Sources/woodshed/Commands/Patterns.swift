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
    subcommands: [List.self, Mine.self, Export.self, Import.self, Print.self],
    defaultSubcommand: List.self)

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the patterns.")

    func run() throws {
      say(
        try HeadlessPatterns.list(environment: ProcessInfo.processInfo.environment), terminator: "")
    }
  }

  struct Mine: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Your patterns: those you chose to practise (x in the Fretboard room), your own, and those shared with you."
    )

    func run() throws {
      say(
        try HeadlessPatterns.mine(environment: ProcessInfo.processInfo.environment), terminator: "")
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

  struct Print: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Draw a pattern for an A4 page: SVG, or an HTML page around it, to print or hand out.")

    @Argument(help: "The pattern's id, as `woodshed patterns list` shows it.")
    var id: String

    @Option(help: "The tonic or root, as A or F#.")
    var key = "A"

    @Option(help: "What the dots say: intervals or notes.")
    var labels = "intervals"

    @Option(help: "The file to write, .svg or .html (default: the SVG on standard output).")
    var output: String?

    @Flag(help: "Replace the --output file if it exists.")
    var force = false

    func run() throws {
      guard let labels = HeadlessPatterns.ChartLabels(rawValue: labels) else {
        throw Launcher.Failure(description: "--labels is intervals or notes, not \"\(labels)\"")
      }
      let chart = try HeadlessPatterns.chart(
        id: id, key: key, labels: labels, environment: ProcessInfo.processInfo.environment)
      guard let output else {
        say(chart.svg(), terminator: "")
        return
      }
      try HeadlessPatterns.write(chart, to: URL(fileURLWithPath: output), overwrite: force)
    }
  }
}
