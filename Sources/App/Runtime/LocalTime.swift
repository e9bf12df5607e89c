import FoundationEssentials
import Glibc

/// The user's time zone (from `TZ` or the system), for showing when something happened.
/// Reports take the offset as a function, so they stay pure and their tests need no time zone.
public enum LocalTime {
  /// Seconds east of UTC at `date`; it can differ between two dates because of summer time.
  public static func utcOffset(at date: Date) -> Int {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    localtime_r(&seconds, &parts)
    return Int(parts.tm_gmtoff)
  }
}
