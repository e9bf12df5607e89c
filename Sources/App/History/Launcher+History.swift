import FoundationEssentials
import Practice
import Storage

extension Launcher {
  /// The practice history for `woodshed history`: the sessions, the practice log's summary as
  /// of now, the texts to show them in, and one line for each line of the file that could not
  /// be read: those are skipped, never fatal, so one bad line cannot hide the rest.
  public static func history(environment: [String: String], module: String?) throws(Failure) -> (
    report: HistoryReport, summary: PracticeSummary, strings: Localizer, notices: [String]
  ) {
    let ground = try prepare(environment: environment)
    let read = HistoryLog(file: ground.paths.historyFile).readAll(as: SessionRecord.self)
    let records = read.records.filter { module == nil || $0.module == module }
    let now = Date()
    let summary = PracticeSummary(
      log: PracticeLog(records: records, utcOffset: LocalTime.utcOffset(at:)),
      today: LocalDay(now, utcOffset: LocalTime.utcOffset(at: now)),
      goalMinutes: ground.loaded.settings.dailyGoalMinutes, module: module)
    return (
      HistoryReport(records: read.records, module: module), summary,
      ground.catalog.localizer(for: ground.loaded.settings.language), read.notices
    )
  }
}

extension Launcher {
  /// Time and accuracy per fretboard pattern for `woodshed history --by pattern`, the names the
  /// patterns go by, the texts, and one line for each line of the file that could not be read.
  public static func patternProgress(environment: [String: String]) throws(Failure) -> (
    progress: PatternProgress, names: [String: String], strings: Localizer, notices: [String]
  ) {
    let ground = try prepare(environment: environment)
    let read = HistoryLog(file: ground.paths.historyFile).readAll(as: SessionRecord.self)
    let names = Dictionary(
      HeadlessPatterns.library(ground).patterns.map { ($0.id, $0.name) },
      uniquingKeysWith: { a, _ in a })
    return (
      PatternProgress(records: read.records), names,
      ground.catalog.localizer(for: ground.loaded.settings.language), read.notices
    )
  }
}
