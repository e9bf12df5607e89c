import Practice
import Storage

extension Launcher {
  /// The practice history for `woodshed history`, the texts to show it in, and one line for
  /// each line of the file that could not be read: those are skipped, never fatal, so one bad
  /// line cannot hide the rest of the history.
  public static func history(environment: [String: String], module: String?) throws(Failure) -> (
    report: HistoryReport, strings: Localizer, notices: [String]
  ) {
    let ground = try prepare(environment: environment)
    let read = HistoryLog(file: ground.paths.historyFile).readAll(as: SessionRecord.self)
    return (
      HistoryReport(records: read.records, module: module),
      ground.catalog.localizer(for: ground.loaded.settings.language), read.notices
    )
  }
}
