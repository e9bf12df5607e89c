import FoundationEssentials
import Practice
import Storage
import TerminalUI

/// Time and accuracy per fretboard pattern, from the history: `woodshed history --by pattern`,
/// with the levels of playing it through passed and the study path's next step. Pure: the
/// records are given, and the names the patterns go by.
public struct PatternProgress: Equatable, Sendable {
  public struct Row: Equatable, Sendable {
    /// The pattern's id, as the history stores it.
    public var pattern: String
    public var sessions: Int
    public var seconds: Double
    /// The interval game's answers: right of all given.
    public var right: Int
    public var answered: Int
    /// Play-throughs of the scale: clean of all tried.
    public var cleanRuns: Int
    public var runs: Int
    /// Levels of playing it through passed, of `RunLevel.all`.
    public var levelsPassed: Int
    public var lastPractised: Date

    /// Right answers of all given, 0…1; nil without answers.
    public var accuracy: Double? { answered == 0 ? nil : Double(right) / Double(answered) }
  }

  /// The patterns practised, the most time first.
  public let rows: [Row]
  /// What the study path suggests next.
  public let next: StudyPath.Step

  public init(records: [SessionRecord]) {
    next = StudyPath(history: records).next
    let levels = StudyPath.passedLevels(in: records)
    var rows: [String: Row] = [:]
    // A placement's line names where the path starts, not a pattern practised.
    for record in records
    where record.module == FretboardModel.module && record.exercise != StudyPath.placementExercise {
      guard let pattern = record.content.first else { continue }
      var row =
        rows[pattern]
        ?? Row(
          pattern: pattern, sessions: 0, seconds: 0, right: 0, answered: 0, cleanRuns: 0, runs: 0,
          levelsPassed: levels[pattern] ?? 0, lastPractised: record.startedAt)
      row.sessions += 1
      row.seconds += record.duration
      row.right += record.answers.filter(\.isCorrect).count
      row.answered += record.answers.count
      if record.exercise == FretboardModel.runExercise {
        row.runs += 1
        if record.figures["passed"] == 1 { row.cleanRuns += 1 }
      }
      row.lastPractised = max(row.lastPractised, record.startedAt)
      rows[pattern] = row
    }
    self.rows = rows.values.sorted { ($1.seconds, $0.pattern) < ($0.seconds, $1.pattern) }
  }

  static let columns = ["pattern", "sessions", "time", "accuracy", "runs", "level", "last"]

  /// A table, one line per pattern; `names` gives the names patterns go by (a pattern no longer
  /// there shows its id), `utcOffset` the local time's distance from UTC at a moment.
  public func text(_ strings: Localizer, names: [String: String], utcOffset: (Date) -> Int)
    -> String
  {
    guard !rows.isEmpty else { return strings.text("history.byPattern.none") + "\n" }
    let header = Self.columns.map { strings.text("history.byPattern.\($0)") }
    let table =
      [header]
      + rows.map { row in
        [
          names[row.pattern] ?? row.pattern, "\(row.sessions)", StopwatchText.of(row.seconds),
          row.accuracy.map { _ in DecimalText.percent(row.right, of: row.answered) + " %" }
            ?? HistoryReport.noValue,
          row.runs == 0 ? HistoryReport.noValue : "\(row.cleanRuns)/\(row.runs)",
          row.levelsPassed == 0
            ? HistoryReport.noValue : "\(row.levelsPassed)/\(RunLevel.all.count)",
          String(
            HistoryReport.localText(row.lastPractised, utcOffset: utcOffset(row.lastPractised))
              .prefix(10)),
        ]
      }
    let step = strings.text(
      next.reason == .new ? "history.byPattern.next" : "history.byPattern.again",
      ["pattern": names[next.pattern] ?? next.pattern, "level": "\(next.level)"])
    return HistoryReport.table(table) { $0 > 0 } + "\n" + step + "\n"
  }

  /// The rows as a pretty-printed JSON array, dates in UTC.
  public func json() -> String {
    guard !rows.isEmpty else { return "[]\n" }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    let data = (try? encoder.encode(rows.map(RowJSON.init))) ?? Data("[]".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}

/// A row as `--json` writes it: the accuracy worked out, for other tools.
private struct RowJSON: Encodable {
  var pattern: String
  var sessions: Int
  var seconds: Double
  var right: Int
  var answered: Int
  var accuracy: Double?
  var cleanRuns: Int
  var runs: Int
  var levelsPassed: Int
  var lastPractised: Date

  init(_ row: PatternProgress.Row) {
    pattern = row.pattern
    sessions = row.sessions
    seconds = (row.seconds * 10).rounded() / 10
    right = row.right
    answered = row.answered
    accuracy = row.accuracy.map { ($0 * 1000).rounded() / 1000 }
    cleanRuns = row.cleanRuns
    runs = row.runs
    levelsPassed = row.levelsPassed
    lastPractised = row.lastPractised
  }
}
