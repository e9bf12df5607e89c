import App
import ArgumentParser
import FoundationEssentials

struct History: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List the finished practice sessions, oldest first.",
    discussion: "Dates are local time in the table, UTC in --json and --csv.")

  @Option(help: "Only this module's sessions, such as notes.")
  var module: String?

  @Flag(help: "Print the sessions as a JSON array, as the history file stores them.")
  var json = false

  @Flag(help: "Print the sessions as CSV (RFC 4180, CRLF line ends) for a spreadsheet.")
  var csv = false

  /// Launcher.Failure rather than ValidationError: that would add usage lines, and a
  /// headless command's error is one line.
  func validate() throws {
    if json && csv { throw Launcher.Failure(description: "choose one of --json and --csv") }
    if module?.isEmpty == true {
      throw Launcher.Failure(description: "--module needs a name, such as notes")
    }
  }

  func run() throws {
    let (report, strings, notices) = try Launcher.history(
      environment: ProcessInfo.processInfo.environment, module: module)
    for notice in notices { warn(notice) }
    if json {
      say(report.json(), terminator: "")
    } else if csv {
      say(report.csv(), terminator: "")
    } else {
      say(report.text(strings, utcOffset: LocalTime.utcOffset(at:)), terminator: "")
    }
  }
}
