import App
import ArgumentParser
import FoundationEssentials

struct Packs: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "The note packs to practise reading from.",
    discussion: """
      With a server (woodshed login): `packs browse [--json]`, `packs fetch ID [--force]` and, \
      for a teacher, `packs publish FILE [--description TEXT] [--replace]`.
      """,
    subcommands: [List.self, Add.self], defaultSubcommand: List.self)

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the packs, easiest first.")

    func run() throws {
      say(try HeadlessPacks.list(environment: ProcessInfo.processInfo.environment), terminator: "")
    }
  }

  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check a pack file and add it to your packs.",
      discussion: """
        A pack is a JSON object: {"id": "my-pack", "name": "My notes", "clef": "treble", \
        "key": "G", "level": 3, "notes": ["D4", "F#4", "A4", "C5"]}. key and level may be left out.
        """)

    @Argument(help: "The pack's JSON file.")
    var file: String

    func run() throws {
      say(
        try HeadlessPacks.add(file: file, environment: ProcessInfo.processInfo.environment),
        terminator: "")
    }
  }
}
