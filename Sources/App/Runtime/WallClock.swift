import Foundation

/// The local time of day for the status line; the only place the app reads the wall clock.
struct WallClock: Sendable {
  var now: @Sendable () -> Date = Date.init

  func time() -> ClockTime {
    let parts = Calendar.current.dateComponents([.hour, .minute], from: now())
    return ClockTime(hour: parts.hour ?? 0, minute: parts.minute ?? 0)
  }

  /// How long until the minute shown on the status line changes.
  func untilNextMinute() -> Duration {
    let seconds = now().timeIntervalSince1970
    let remaining = 60 - seconds.truncatingRemainder(dividingBy: 60)
    return .milliseconds(Int64(remaining * 1000) + 5)
  }
}
