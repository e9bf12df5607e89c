import FoundationEssentials
import Glibc
import Practice
import Storage
import TerminalUI

/// The practice history as `woodshed history` shows it: a table to read, or JSON and CSV for
/// other tools. Pure: the records, the module and the time zone are given, so every output can
/// be tested.
public struct HistoryReport: Equatable, Sendable {
  /// The sessions shown, oldest first.
  public let sessions: [SessionRecord]
  /// The module asked for; nil shows every module.
  public let module: String?

  /// Sorted by start time, because two Woodsheds appending at once (or a clock set back) can
  /// leave the file slightly out of order.
  public init(records: [SessionRecord], module: String? = nil) {
    self.module = module
    sessions = records.filter { module == nil || $0.module == module }
      .sorted { $0.startedAt < $1.startedAt }
  }

  /// Shown where a value does not apply, such as the answers of a rhythm session; ASCII, so
  /// every terminal and script reads it.
  static let noValue = "-"

  static let columns = ["date", "module", "exercise", "result", "duration", "missed"]
  /// Numbers line up on the right, so their digits stand in columns.
  static let numericColumns: Set = ["duration"]

  /// A table, one line per sitting (attempts in a row gathered), oldest first like a log. `utcOffset` gives the local time's
  /// distance from UTC in seconds at a moment (see `LocalTime.utcOffset(at:)`).
  public func text(_ strings: Localizer, utcOffset: (Date) -> Int) -> String {
    guard !sessions.isEmpty else {
      guard let module else { return strings.text("history.none") + "\n" }
      let name = Self.displayName(module, prefix: "history.module.", strings)
      return strings.text("history.noneForModule", ["module": name]) + "\n"
    }
    let header = Self.columns.map { strings.text("history.column.\($0)") }
    let table =
      [header]
      + PracticeSession.gathering(sessions).map {
        Self.cells($0, strings, utcOffset: utcOffset($0.startedAt))
      }
    return Self.table(table) { Self.numericColumns.contains(Self.columns[$0]) }
  }

  /// `rows` in columns two spaces apart, each as wide as its widest cell, those
  /// `isRightAligned` on the right, one line each without trailing spaces.
  static func table(_ rows: [[String]], isRightAligned: (Int) -> Bool) -> String {
    let widths = (rows.first ?? []).indices.map { column in
      rows.map { $0[column].displayWidth }.max() ?? 0
    }
    return rows.map { cells in
      var line = cells.indices.map { column in
        cells[column].padded(
          toWidth: widths[column], alignment: isRightAligned(column) ? .trailing : .leading)
      }.joined(separator: "  ")
      while line.last == " " { line.removeLast() }
      return line + "\n"
    }.joined()
  }

  /// The records as a pretty-printed JSON array, each encoded the way `history.jsonl` stores it.
  public func json() -> String {
    // The encoder would write an empty array over three lines.
    guard !sessions.isEmpty else { return "[]\n" }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    // Records read from JSON hold no infinities or NaNs, so they always encode again.
    let data = (try? encoder.encode(sessions)) ?? Data("[]".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// RFC 4180 CSV with a header row and CRLF line ends, as spreadsheets expect. Dates are UTC;
  /// lists are joined with `;` inside their field; a value that does not apply is left empty.
  /// A name the player gave (a pack, a pattern, a note missed) is never read as a formula.
  public func csv() -> String {
    let header = [
      "date", "module", "exercise", "cut_short", "duration_s", "score", "right", "answered",
      "seconds_per_answer", "content", "missed",
    ]
    return ([header] + sessions.map(csvRow)).map {
      $0.map(CSVCell.spreadsheet).joined(separator: ",") + "\r\n"
    }.joined()
  }

  private func csvRow(_ session: SessionRecord) -> [String] {
    let score: String = session.score.map { DecimalText.format($0, places: 3) } ?? ""
    var answerFields = ["", "", ""]
    if let answers = Self.answerFigures(session) {
      answerFields = [
        "\(answers.right)", "\(answers.count)", DecimalText.format(answers.meanSeconds, places: 2),
      ]
    }
    return [
      UTCTimestamp(session.startedAt).extended, session.module, session.exercise,
      session.isCutShort ? "true" : "false", DecimalText.format(session.duration, places: 1),
      score,
    ] + answerFields + [
      session.content.joined(separator: ";"), session.missed.joined(separator: ";"),
    ]
  }

  /// One sitting's cells under `columns`, as the table and the history screen show them.
  static func cells(_ sitting: PracticeSession, _ strings: Localizer, utcOffset: Int) -> [String] {
    var exercise = exerciseName(sitting.exercise, module: sitting.module, strings)
    if sitting.isCutShort { exercise += " " + strings.text("history.stopped") }
    return [
      Self.localText(sitting.startedAt, utcOffset: utcOffset),
      Self.displayName(sitting.module, prefix: "history.module.", strings), exercise,
      result(sitting, strings) ?? Self.noValue, StopwatchText.of(sitting.duration),
      sitting.missed.joined(separator: " "),
    ]
  }

  /// What came of a sitting in the words of its exercise: answers right, accuracy, points or
  /// clean runs; nil when it measured nothing.
  static func result(_ sitting: PracticeSession, _ strings: Localizer) -> String? {
    // A game's points say more than its marks, which it keeps for the leaderboards.
    if let points = sitting.best("score") {
      return strings.text(
        "history.result.points",
        ["points": "\(Int(points))", "level": "\(Int(sitting.best("level") ?? 1))"])
    }
    let answers = sitting.answers
    if !answers.isEmpty {
      let right = answers.filter(\.isCorrect).count
      let seconds = answers.reduce(0) { $0 + $1.seconds } / Double(answers.count)
      return strings.text(
        "history.result.answers",
        [
          "right": "\(right)", "count": "\(answers.count)",
          "percent": DecimalText.percent(right, of: answers.count),
          "seconds": DecimalText.format(seconds, places: 1),
        ])
    }
    if sitting.attempts.contains(where: { $0.figures["passed"] != nil }) {
      let bpm =
        sitting.attempts.filter { $0.figures["passed"] == 1 }.compactMap { $0.figures["bpm"] }
        .max() ?? 0
      let arguments = [
        "clean": "\(sitting.count("passed"))", "tries": "\(sitting.attempts.count)",
        "bpm": "\(Int(bpm))",
      ]
      return strings.text(bpm > 0 ? "history.result.runsAt" : "history.result.runs", arguments)
    }
    return sitting.score.map {
      strings.text("history.result.accuracy", ["percent": "\(Int(($0 * 100).rounded()))"])
    }
  }

  /// Right answers, answers and mean seconds per answer; nil for sessions that ask nothing.
  static func answerFigures(_ session: SessionRecord) -> (
    right: Int, count: Int, meanSeconds: Double
  )? {
    guard !session.answers.isEmpty else { return nil }
    let total = session.answers.reduce(0) { $0 + $1.seconds }
    return (
      session.answers.filter(\.isCorrect).count, session.answers.count,
      total / Double(session.answers.count)
    )
  }

  /// The exercise's name within its module where two modules share a name (the fretboard's
  /// interval game and the Ear room's intervals), else its name everywhere.
  static func exerciseName(_ exercise: String, module: String, _ strings: Localizer) -> String {
    strings.textIfPresent("history.exercise.\(module).\(exercise)")
      ?? displayName(exercise, prefix: "history.exercise.", strings)
  }

  /// The name users know a module or exercise by; one without a text (say, from a newer
  /// Woodshed) shows as stored.
  static func displayName(_ name: String, prefix: String, _ strings: Localizer) -> String {
    strings.textIfPresent(prefix + name) ?? name
  }

  /// `2026-11-21 14:05`, broken down by hand so it never depends on the user's locale settings.
  static func localText(_ date: Date, utcOffset: Int) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down)) + time_t(utcOffset)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func padded(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)-\(padded(parts.tm_mon + 1))-\(padded(parts.tm_mday)) "
      + "\(padded(parts.tm_hour)):\(padded(parts.tm_min))"
  }
}
