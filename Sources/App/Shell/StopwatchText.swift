import FoundationEssentials

/// Time as a stopwatch shows it: `12:05`, an hour-long session `60:00`. A negative or endless
/// time (a damaged history line, a clock set back) shows as `0:00`.
enum StopwatchText {
  static func of(seconds: Int) -> String {
    let seconds = max(0, seconds)
    return "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
  }

  static func of(_ duration: TimeInterval) -> String {
    guard duration.isFinite, duration < Double(Int32.max) else { return of(seconds: 0) }
    return of(seconds: Int(duration.rounded()))
  }
}
