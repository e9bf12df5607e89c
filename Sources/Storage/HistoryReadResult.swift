/// The records of a JSON Lines file that could be read, and what was skipped.
public struct HistoryReadResult<Record> {
  public let records: [Record]
  /// 1-based numbers of lines before the last one that could not be read.
  public let skippedLines: [Int]
  /// Whether the last line was cut short (say, by a crash while appending) and left out.
  public let hasTornLastLine: Bool
  /// One line each, ready to show; a torn last line is expected after a crash and not reported.
  public let notices: [String]

  public init(
    records: [Record], skippedLines: [Int] = [], hasTornLastLine: Bool = false,
    notices: [String] = []
  ) {
    self.records = records
    self.skippedLines = skippedLines
    self.hasTornLastLine = hasTornLastLine
    self.notices = notices
  }
}

extension HistoryReadResult: Sendable where Record: Sendable {}
extension HistoryReadResult: Equatable where Record: Equatable {}
