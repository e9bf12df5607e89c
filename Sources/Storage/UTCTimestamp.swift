import FoundationEssentials
import Glibc

/// A `Date` broken down in UTC, formatted by hand so the result never depends on the user's
/// locale or calendar settings.
public struct UTCTimestamp: Equatable, Sendable {
  let year: Int
  let month: Int
  let day: Int
  let hour: Int
  let minute: Int
  let second: Int
  let millisecond: Int

  /// `date` to the nearest millisecond, as journals stamp their lines.
  public init(_ date: Date) {
    let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded())
    let (whole, rest) = milliseconds.quotientAndRemainder(dividingBy: 1000)
    var seconds = time_t(rest < 0 ? whole - 1 : whole)
    millisecond = (rest + 1000) % 1000
    var parts = tm()
    gmtime_r(&seconds, &parts)
    year = Int(parts.tm_year) + 1900
    month = Int(parts.tm_mon) + 1
    day = Int(parts.tm_mday)
    hour = Int(parts.tm_hour)
    minute = Int(parts.tm_min)
    second = Int(parts.tm_sec)
  }

  /// `20261121T154400Z`: safe in file names on every file system.
  var compact: String {
    let date = padded(year, 4) + padded(month) + padded(day)
    return "\(date)T\(padded(hour))\(padded(minute))\(padded(second))Z"
  }

  /// `2026-11-21T15:44:00Z` (ISO 8601), for log lines.
  public var extended: String {
    let date = "\(padded(year, 4))-\(padded(month))-\(padded(day))"
    return "\(date)T\(padded(hour)):\(padded(minute)):\(padded(second))Z"
  }

  /// `2026-11-21T15:44:00.250Z` (ISO 8601 to the millisecond), as journal lines are stamped.
  public var extendedMilliseconds: String {
    String(extended.dropLast()) + "." + padded(millisecond, 3) + "Z"
  }

  private func padded(_ value: Int, _ width: Int = 2) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
