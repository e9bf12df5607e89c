/// How late the microphone hears the speakers: each click's audible instant matched to the
/// onset heard nearest after it (or a little before, since the clocks are estimates), and the
/// median of the differences. The onset detector's own delay is in both the calibration and
/// later use, so it cancels; what is left is the acoustic and device path.
public struct RoundTripMeasurement: Equatable, Sendable {
  /// A heard onset further than this from any click is not that click.
  public static let matchWindowNanoseconds: Int64 = 150_000_000
  /// Fewer matched clicks than this give no measurement: the microphone did not hear them.
  public static let minimumMatches = 8

  /// Onset instant minus click instant, in nanoseconds, for every click that was heard.
  public let offsets: [Int64]
  public let clickCount: Int

  /// `clicks` are the CLOCK_MONOTONIC instants at which the clicks were heard from the
  /// speakers; `onsets` those at which the microphone captured an onset.
  public init(clicks: [UInt64], onsets: [UInt64]) {
    clickCount = clicks.count
    let sortedOnsets = onsets.sorted()
    var used = Set<Int>()
    var offsets: [Int64] = []
    for click in clicks.sorted() {
      let candidates = sortedOnsets.indices.filter { index in
        !used.contains(index)
          && abs(Int64(bitPattern: sortedOnsets[index] &- click)) <= Self.matchWindowNanoseconds
      }
      guard
        let nearest = candidates.min(by: {
          abs(Int64(bitPattern: sortedOnsets[$0] &- click))
            < abs(Int64(bitPattern: sortedOnsets[$1] &- click))
        })
      else { continue }
      used.insert(nearest)
      offsets.append(Int64(bitPattern: sortedOnsets[nearest] &- click))
    }
    self.offsets = offsets
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
