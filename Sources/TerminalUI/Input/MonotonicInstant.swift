import Glibc

/// A point on `CLOCK_MONOTONIC`, the time axis key presses and audio frames are mapped onto.
/// Unlike the wall clock it never jumps, so differences between instants are true durations.
public struct MonotonicInstant: Comparable, Hashable, Sendable {
  public let nanoseconds: UInt64

  public init(nanoseconds: UInt64) {
    self.nanoseconds = nanoseconds
  }

  /// The instant this long after the clock's origin; before the origin, the origin.
  public init(sinceEpoch duration: Duration) {
    nanoseconds = UInt64(max(0, duration.wholeNanoseconds))
  }

  /// The time since the clock's origin, the form that pure code (a tap tempo, a beat grid)
  /// takes times in.
  public var sinceEpoch: Duration {
    .nanoseconds(Int64(clamping: nanoseconds))
  }

  public static func now() -> MonotonicInstant {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return MonotonicInstant(
      nanoseconds: UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec))
  }

  public static func < (a: MonotonicInstant, b: MonotonicInstant) -> Bool {
    a.nanoseconds < b.nanoseconds
  }

  /// Negative when `b` is later than `a`.
  public static func - (a: MonotonicInstant, b: MonotonicInstant) -> Duration {
    .nanoseconds(Int64(bitPattern: a.nanoseconds &- b.nanoseconds))
  }

  /// Saturates at the clock's origin and at the far end instead of trapping.
  public func advanced(by duration: Duration) -> MonotonicInstant {
    let delta = duration.wholeNanoseconds
    if delta >= 0 {
      let (sum, overflow) = nanoseconds.addingReportingOverflow(UInt64(delta))
      return MonotonicInstant(nanoseconds: overflow ? .max : sum)
    }
    let magnitude = delta.magnitude
    return MonotonicInstant(nanoseconds: nanoseconds > magnitude ? nanoseconds - magnitude : 0)
  }
}

extension Duration {
  /// The duration in nanoseconds, rounded toward zero; durations beyond ±292 years saturate
  /// rather than trap, since "wait forever" is sometimes written as a huge duration.
  var wholeNanoseconds: Int64 {
    let parts = components
    let (scaled, overflow) = parts.seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (total, overflowAgain) = scaled.addingReportingOverflow(parts.attoseconds / 1_000_000_000)
    guard !overflow, !overflowAgain else { return parts.seconds < 0 ? .min : .max }
    return total
  }
}
