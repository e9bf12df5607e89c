import ArgumentParser
import Foundation
import Logging
import NetClient
import Server
import ServerStore
import TerminalUI

/// The window the usage statistics cover, shared by `serve stats` and `stats`.
struct StatsOptions: ParsableArguments {
  @Option(help: "Count active players on this many days, today's included (1-92).")
  var days = 14
  @Option(help: "Count over this many weeks from Monday, this one included (1-52).")
  var weeks = 8
  @Flag(help: "Print JSON.") var json = false

  func validate() throws {
    guard UsageStatistics.days.contains(days), UsageStatistics.weeks.contains(weeks) else {
      throw ValidationError(
        "--days is \(UsageStatistics.days.lowerBound) to \(UsageStatistics.days.upperBound), "
          + "--weeks \(UsageStatistics.weeks.lowerBound) to \(UsageStatistics.weeks.upperBound)")
    }
  }

  func print(_ report: UsageStatisticsInfo) throws {
    Swift.print(json ? try StatsText.json(report) : StatsText.table(report), terminator: "")
  }
}

/// `woodshed serve stats`: the usage statistics read from the database on the server's
/// machine, as the admin reads them over the network.
struct ServeStatsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stats",
    abstract: "Players active per day and week, sessions and minutes per module, top patterns.")

  @OptionGroup var options: StatsOptions
  @OptionGroup var database: DatabaseOption

  func run() async throws {
    let opened = try await ServerDatabase.open(
      try database.location(), logger: Logger(label: "woodshed-serve-stats"))
    let report: UsageStatisticsInfo
    do {
      try await AccountStore(database: opened.sql).migrate()
      report = try await UsageStatistics.report(
        of: UsageStore(database: opened.sql), now: Date(), days: options.days,
        weeks: options.weeks)
      await opened.shutdown()
    } catch {
      await opened.shutdown()
      throw error
    }
    try options.print(report)
  }
}

/// `woodshed stats`: the same statistics from the server, for an account with the admin's role.
struct StatsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stats",
    abstract: "The server's usage statistics (an account with the admin's role).")

  @OptionGroup var options: StatsOptions

  func run() async throws {
    let credentials = try WoodshedNet.credentials()
    let client = try PracticeRoomClient(server: credentials.server)
    try options.print(
      try await client.usageStatistics(
        days: options.days, weeks: options.weeks, token: credentials.token))
  }
}

/// The statistics as text: each list under its heading, numbers right-aligned; names others
/// wrote (modules from histories, patterns' names) printed without control characters.
enum StatsText {
  static func table(_ report: UsageStatisticsInfo) -> String {
    var text =
      "usage on \(PackCatalogue.time(report.generatedAt)): \(report.accounts) "
      + "account\(report.accounts == 1 ? "" : "s"), \(report.histories) "
      + "backed-up histor\(report.histories == 1 ? "y" : "ies") read\n"
    text += "\nplayers active per day (UTC):\n"
    text += report.days.map { "  \($0.from)  \(left(String($0.players), 4))\n" }.joined()
    text += "\nplayers active per week (from Monday):\n"
    text += report.weeks.map { "  \($0.from)  \(left(String($0.players), 4))\n" }.joined()
    let weeks = report.weeks.count == 1 ? "this week" : "the last \(report.weeks.count) weeks"
    text += "\nsessions and minutes per module, \(weeks) (backed-up histories):\n"
    text += columns(
      ["module", "sessions", "minutes"],
      report.modules.map {
        [clean($0.module), String($0.sessions), String(Int($0.minutes.rounded()))]
      })
    text += "\nmost practised patterns, \(weeks) (interval games sent):\n"
    text += columns(
      ["pattern", "games", "players"],
      report.practised.map { [clean($0.patternId), String($0.games), String($0.players)] })
    text += "\nbest rated shared patterns:\n"
    text += columns(
      ["pattern", "by", "stars", "ratings"],
      report.rated.map {
        [
          "\(clean($0.name)) (\(clean($0.patternId)))", clean($0.owner),
          String(format: "%.1f", $0.average), String($0.ratings),
        ]
      })
    return text
  }

  static func json(_ report: UsageStatisticsInfo) throws -> String {
    try WoodshedNet.json(report) + "\n"
  }

  /// A table whose first column is left-aligned and the others right-aligned; "none" for no rows.
  private static func columns(_ heading: [String], _ rows: [[String]]) -> String {
    guard !rows.isEmpty else { return "  none\n" }
    let widths = heading.indices.map { column in
      ([heading] + rows).map { $0[column].count }.max() ?? 0
    }
    return ([heading] + rows).map { row in
      "  "
        + row.indices.map { column in
          column == 0
            ? row[column] + String(repeating: " ", count: widths[column] - row[column].count)
            : left(row[column], widths[column])
        }.joined(separator: "  ") + "\n"
    }.joined()
  }

  private static func left(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  private static func clean(_ text: String) -> String { TerminalText.message(text) }
}
