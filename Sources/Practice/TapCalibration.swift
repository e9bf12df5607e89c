/// How late a player's key taps reach the app, from taps along to a run of clicks: the
/// keyboard, the terminal and (over SSH) the network all add a delay, which is subtracted from
/// every tap afterwards. The spread of the delays says whether the path is steady enough for
/// fine grading.
public struct TapCalibration: Equatable, Sendable {
  /// Each tap is paired with the nearest click within this share of a beat; others are stray.
  static let pairingShare = 0.4
  /// Half of a clean run of taps: fewer means the player was not tapping along.
  public static let fewestTaps = 8
  /// Beyond this spread the 15 % window of a sixteenth at a brisk tempo (about 25 ms at 90 BPM)
  /// is narrower than the path's own wobble.
  public static let steadySpreadMilliseconds = 15.0

  /// Beyond this spread the taps were not following the clicks closely enough to say where
  /// they land (a tapper along a click keeps within 10–30 ms): such a measurement is not kept.
  public static let largestSpreadMilliseconds = 50.0

  /// The median delay, in milliseconds; what is subtracted from taps.
  public let offsetMilliseconds: Double
  /// The standard deviation of the delays, in milliseconds, read from their median absolute
  /// deviation: a tap or two that slipped (the player's, or a busy machine's) does not make a
  /// steady path look wobbly.
  public let spreadMilliseconds: Double
  public let tapsUsed: Int

  /// Whether the path wobbles more than fine grading can take.
  public var isJittery: Bool { spreadMilliseconds > Self.steadySpreadMilliseconds }

  /// Whether the delay is known well enough to be taken off every tap.
  public var isUsable: Bool { spreadMilliseconds <= Self.largestSpreadMilliseconds }

  /// The calibration from click and tap times in seconds on one clock, or nil when fewer than
  /// `fewestTaps` taps fall near a click.
  public init?(clicks: [Double], taps: [Double]) {
    guard clicks.count >= 2 else { return nil }
    let beat = (clicks[clicks.count - 1] - clicks[0]) / Double(clicks.count - 1)
    let offsets = taps.compactMap { tap -> Double? in
      let nearest = clicks.min { abs($0 - tap) < abs($1 - tap) }!
      return abs(tap - nearest) <= Self.pairingShare * beat ? (tap - nearest) * 1000 : nil
    }
    guard offsets.count >= Self.fewestTaps else { return nil }
    offsetMilliseconds = offsets.median ?? 0
    spreadMilliseconds = offsets.robustStandardDeviation ?? 0
    tapsUsed = offsets.count
  }
}
