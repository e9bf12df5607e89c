import Glibc
import Practice

/// The local day and time for the status line and the practice log; the only place the app reads the wall clock.
struct WallClock: Sendable {
  func time() -> ClockTime {
    var seconds = time_t()
    Glibc.time(&seconds)
    var parts = tm()
    localtime_r(&seconds, &parts)
    return ClockTime(
      hour: Int(parts.tm_hour), minute: Int(parts.tm_min),
      day: LocalDay(
        year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday)))
  }

  /// How long until the minute shown on the status line changes.
  func untilNextMinute() -> Duration {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let remainingSeconds = 59 - Int64(now.tv_sec % 60)
    let remainingMilliseconds = (1_000_000_000 - Int64(now.tv_nsec)) / 1_000_000
    return .milliseconds(remainingSeconds * 1000 + remainingMilliseconds + 5)
  }
}
