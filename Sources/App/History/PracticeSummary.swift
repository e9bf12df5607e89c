import FoundationEssentials
import Practice
import Storage

/// `woodshed history --summary`: today against the daily goal, the streaks, the minutes per
/// module and per week, as text to read or JSON for other tools. Pure: the log, the day and the
/// goal are given.
public struct PracticeSummary: Equatable, Sendable {
  public let log: PracticeLog
  public let today: LocalDay
  public let goalMinutes: Int
  public let module: String?

  /// Weeks the text lists, newest last.
  static let weeksShown = 8

  public init(log: PracticeLog, today: LocalDay, goalMinutes: Int, module: String?) {
    self.log = log
    self.today = today
    self.goalMinutes = goalMinutes
    self.module = module
  }

  public func text(_ strings: Localizer) -> String {
    let shown =
      module.map { HistoryReport.displayName($0, prefix: "history.module.", strings) }
      ?? strings.text("history.allModules")
    var rows: [(String, String)] = [
      (
        strings.text("history.summary.today"),
        strings.text(
          "history.summary.ofGoal",
          [
            "minutes": HistoryView.duration(log.minutes(on: today), strings),
            "goal": HistoryView.duration(Double(goalMinutes), strings),
          ])
      ),
      (
        strings.text("history.summary.streak"),
        strings.text(
          "history.summary.days",
          ["days": "\(log.currentStreak(today: today))", "best": "\(log.longestStreak)"])
      ),
      (shown, HistoryView.duration(log.totalMinutes, strings)),
    ]
    if module == nil {
      rows += log.minutesByModule.map {
        (
          "  " + HistoryReport.displayName($0.module, prefix: "history.module.", strings),
          HistoryView.duration($0.minutes, strings)
        )
      }
    }
    rows.append((strings.text("history.summary.weeks"), ""))
    rows += log.weeks(endingWith: today, count: min(Self.weeksShown, weeksSinceFirstPractice))
      .map {
        ("  " + $0.monday.text, HistoryView.duration($0.minutes, strings))
      }
    let width = rows.map { $0.0.displayWidth }.max() ?? 0
    return rows.map { label, value in
      value.isEmpty ? label + "\n" : label.padded(toWidth: width) + "  " + value + "\n"
    }.joined()
  }

  /// Weeks from the one of the first practice to this one, both included.
  private var weeksSinceFirstPractice: Int {
    log.minutesByDay.keys.min().map { $0.monday.distance(to: today.monday) / 7 + 1 } ?? 0
  }

  public func json() -> String {
    // Sittings cut short are no practice the totals count, so they are not counted here either.
    let finished = log.sessions.filter { !$0.isCutShort }
    let document = Document(
      module: module, today: today.text, dailyGoalMinutes: goalMinutes,
      todayMinutes: Self.rounded(log.minutes(on: today)),
      goalMet: log.minutes(on: today) >= Double(goalMinutes),
      currentStreak: log.currentStreak(today: today), longestStreak: log.longestStreak,
      totalMinutes: Self.rounded(log.totalMinutes), sessions: finished.count,
      modules: log.minutesByModule.map { entry in
        .init(
          module: entry.module, minutes: Self.rounded(entry.minutes),
          sessions: finished.filter { $0.module == entry.module }.count)
      },
      weeks: log.weeks(endingWith: today, count: weeksSinceFirstPractice).map {
        .init(monday: $0.monday.text, minutes: Self.rounded($0.minutes))
      },
      days: log.minutesByDay.keys.sorted().map {
        .init(date: $0.text, minutes: Self.rounded(log.minutes(on: $0)))
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// Minutes to a tenth, so that the JSON does not show float noise.
  private static func rounded(_ minutes: Double) -> Double { (minutes * 10).rounded() / 10 }

  private struct Document: Encodable {
    struct Module: Encodable {
      let module: String
      let minutes: Double
      let sessions: Int
    }
    struct Week: Encodable {
      let monday: String
      let minutes: Double
    }
    struct Day: Encodable {
      let date: String
      let minutes: Double
    }
    let module: String?
    let today: String
    let dailyGoalMinutes: Int
    let todayMinutes: Double
    let goalMet: Bool
    let currentStreak: Int
    let longestStreak: Int
    let totalMinutes: Double
    let sessions: Int
    let modules: [Module]
    let weeks: [Week]
    let days: [Day]
  }
}
