import FoundationEssentials

/// A day of a session recorded over several, begun by a `day [TITLE] [restart]` line.
public struct RecordingDay: Equatable, Sendable {
  /// 1 for the first `day` line, or 2 where takes came before it (they were day 1's), and
  /// one more for each `day` line after.
  public let number: Int
  /// As typed after `day`, such as `2 — Tuesday`; nil for a bare `day`.
  public let title: String?
  /// When its `day` line was entered, and the local clock's offset from UTC then in seconds.
  public let startedAt: Date
  public let utcOffset: Int?
  /// Whether take numbers start again with this day.
  public let restartsNumbering: Bool
}
