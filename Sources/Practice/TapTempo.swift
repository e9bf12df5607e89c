/// Tempo from taps: the average of the recent intervals between taps. A pause longer than
/// `resetAfter` starts a new measurement, so an old tempo does not pull on a new one.
public struct TapTempo: Equatable, Sendable {
  public static let resetAfter = Duration.seconds(2)
  /// Enough taps to smooth out a shaky hand, few enough to follow a change of mind.
  static let intervalsAveraged = 8

  private var lastTap: Duration?
  private var intervals: [Duration] = []

  public init() {}

  /// Records a tap at `time` (any monotonic clock, as time since its epoch) and returns the
  /// tempo in BPM once there are two taps, clamped to `range`.
  public mutating func tap(at time: Duration, range: ClosedRange<Int> = 20...300) -> Int? {
    defer { lastTap = time }
    guard let lastTap, time > lastTap, time - lastTap <= Self.resetAfter else {
      intervals.removeAll()
      return nil
    }
    intervals.append(time - lastTap)
    if intervals.count > Self.intervalsAveraged { intervals.removeFirst() }
    let total = intervals.reduce(Duration.zero, +)
    let seconds = Double(total.components.seconds) + Double(total.components.attoseconds) * 1e-18
    let bpm = Int((60 * Double(intervals.count) / seconds).rounded())
    return min(max(bpm, range.lowerBound), range.upperBound)
  }
}
