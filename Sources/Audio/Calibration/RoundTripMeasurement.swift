/// How late the microphone hears the speakers. Every heard onset a little before or up to
/// `latest` after a click is a candidate; the delay most candidates agree on (within
/// `agreement`) is the round trip, so echoes, a stray knock or a missed click do not move it.
/// Each click then keeps the candidate nearest that delay, and the figure is their median.
///
/// The onset detector's own delay is in both the calibration and later use, so it cancels;
/// what is left is the acoustic and device path. Clicks must be further apart than `latest`
/// plus `earliest`, or one click's sound could be taken for the next one's.
public struct RoundTripMeasurement: Equatable, Sendable {
  /// An onset this long before its click still counts: the two clocks are estimates.
  public static let earliest: Int64 = 50_000_000
  /// The longest round trip believed: Bluetooth headphones take about this much.
  public static let latest: Int64 = 400_000_000
  /// Candidates within this of the agreed delay are the same click heard.
  public static let agreement: Int64 = 10_000_000
  /// Fewer matched clicks than this give no measurement: the microphone did not hear them.
  public static let minimumMatches = 8

  /// Onset instant minus click instant, in nanoseconds, for every click that was heard.
  public let offsets: [Int64]
  public let clickCount: Int

  /// `clicks` are the CLOCK_MONOTONIC instants at which the clicks were heard from the
  /// speakers; `onsets` those at which the microphone captured an onset.
  public init(clicks: [UInt64], onsets: [UInt64]) {
    clickCount = clicks.count
    let candidates = clicks.map { click in
      onsets.map { Int64(bitPattern: $0 &- click) }.filter {
        (-Self.earliest...Self.latest).contains($0)
      }
    }
    let pooled = candidates.flatMap { $0 }
    guard
      let agreed = pooled.max(by: { Self.support($0, in: pooled) < Self.support($1, in: pooled) })
    else {
      offsets = []
      return
    }
    offsets = candidates.compactMap { offsets in
      offsets.filter { abs($0 - agreed) <= Self.agreement }.min {
        abs($0 - agreed) < abs($1 - agreed)
      }
    }
  }

  /// How many candidates agree with `offset`.
  private static func support(_ offset: Int64, in pooled: [Int64]) -> Int {
    pooled.count { abs($0 - offset) <= agreement }
  }

  /// The round trip in milliseconds; nil when too few clicks were heard to trust it.
  public var milliseconds: Double? {
    guard offsets.count >= Self.minimumMatches else { return nil }
    return Double(Self.median(offsets)) / 1e6
  }

  /// How much single clicks strayed from the median (median absolute deviation), in
  /// milliseconds: large values mean a noisy room or a jittery device.
  public var spreadMilliseconds: Double? {
    guard offsets.count >= Self.minimumMatches else { return nil }
    let centre = Self.median(offsets)
    return Double(Self.median(offsets.map { abs($0 - centre) })) / 1e6
  }

  private static func median(_ values: [Int64]) -> Int64 {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}
