import Glibc

/// CLOCK_MONOTONIC in nanoseconds: the clock key presses are stamped with and output and
/// input clocks are mapped to. (Audio cannot import TerminalUI's `MonotonicInstant`.)
enum MonotonicClock {
  static func nanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
  }
}
