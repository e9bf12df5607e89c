import App
import ArgumentParser
import FoundationEssentials

struct History: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List the practice sessions, oldest first, or sum up the practice log.",
    discussion: """
      Attempts at one exercise in a row are one line of the table. Dates are local time in the \
      table and the summary, UTC in --json and --csv.
      """)

  @Option(help: "Only this module's sessions, such as notes.")
  var module: String?

  @Flag(
    help: """
      Sum up instead: today against the daily goal, days in a row, minutes per module and per \
      week.
      """)
  var summary = false

  @Flag(
    help: """
      Print the sessions as a JSON array, as the history file stores them; with --summary, the \
      summary as a JSON object.
      """)
  var json = false

  @Flag(help: "Print the sessions as CSV (RFC 4180, CRLF line ends) for a spreadsheet.")
  var csv = false

  @Option(
    help: ArgumentHelp(
      "Sum up by pattern: time, interval-game accuracy and clean play-throughs for each fretboard pattern.",
      valueName: "pattern"))
  var by: String?

  /// Launcher.Failure rather than ValidationError: that would add usage lines, and a
  /// headless command's error is one line.
  func validate() throws {
    if json && csv { throw Launcher.Failure(description: "choose one of --json and --csv") }
    if summary && csv {
      throw Launcher.Failure(description: "--summary prints text or --json, not --csv")
    }
    if module?.isEmpty == true {
      throw Launcher.Failure(description: "--module needs a name, such as notes")
    }
    if let by {
      guard by == "pattern" else {
        throw Launcher.Failure(description: "--by takes pattern, not \(by)")
      }
      if summary || csv || module != nil {
        throw Launcher.Failure(description: "--by pattern prints text or --json, alone")
      }
    }
  }

  func run() throws {
    if by != nil {
      let (progress, names, strings, notices) = try Launcher.patternProgress(
        environment: ProcessInfo.processInfo.environment)
      for notice in notices { warn(notice) }
      say(
        json
          ? progress.json()
          : progress.text(strings, names: names, utcOffset: LocalTime.utcOffset(at:)),
        terminator: "")
      return
    }
    let (report, practice, strings, notices) = try Launcher.history(
      environment: ProcessInfo.processInfo.environment, module: module)
    for notice in notices { warn(notice) }
    if summary {
      say(json ? practice.json() : practice.text(strings), terminator: "")
    } else if json {
      say(report.json(), terminator: "")
    } else if csv {
      say(report.csv(), terminator: "")
    } else {
      say(report.text(strings, utcOffset: LocalTime.utcOffset(at:)), terminator: "")
    }
  }
}
