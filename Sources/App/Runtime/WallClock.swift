import Glibc

/// The local time of day for the status line; the only place the app reads the wall clock.
struct WallClock: Sendable {
  func time() -> ClockTime {
    var seconds = time_t()
    Glibc.time(&seconds)
    var parts = tm()
    localtime_r(&seconds, &parts)
    return ClockTime(hour: Int(parts.tm_hour), minute: Int(parts.tm_min))
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
