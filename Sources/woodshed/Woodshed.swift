import ArgumentParser

@main
struct Woodshed: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "woodshed",
    abstract: "A keyboard-driven music practice room for the terminal.",
    version: "0.1.0")
}
