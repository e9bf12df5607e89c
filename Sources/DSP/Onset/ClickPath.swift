import Glibc

/// How the metronome's sound reaches the microphone: the loudspeaker, the room and the
/// microphone together, as a delay and a gain at each frequency. Learned where nobody plays
/// (a calibration, a count-in) from clicks whose sound the app knows, it predicts how every
/// other sound the app plays will be heard.
public struct ClickPath: Equatable, Sendable, Codable {
  /// How long after its scheduled frame a click is heard, in seconds.
  public var delay: Double
  /// Frequencies in Hz, rising, and the gain from played to heard at each.
  public var frequencies: [Double]
  public var gains: [Float]
  /// How fast the room's echoes of a click fade.
  public var echoDecibelsPerSecond: Double
  /// How much the clicks heard differed from one another, as a share of their level.
  public var spread: Float

  public init(
    delay: Double, frequencies: [Double], gains: [Float], echoDecibelsPerSecond: Double,
    spread: Float
  ) {
    self.delay = delay
    self.frequencies = frequencies
    self.gains = gains
    self.echoDecibelsPerSecond = echoDecibelsPerSecond
    self.spread = spread
  }

  /// Echoes fading this fast or slower are tried, fastest first: from a small dry room to a
  /// hall.
  static let echoFades: [Double] = [1_200, 600, 300, 150, 75]
  /// The fastest fade whose echoes cover this share of the energy heard is the room's.
  static let echoCoverage = 0.9
  /// A click is heard at most this long after its scheduled frame, and at most the slack early.
  static let longestDelaySeconds = 0.02

  /// Third-octave centres from 50 Hz to 16 kHz, as a path is kept in the settings.
  public static let storedFrequencies = (0...25).map { 50 * pow(2, Double($0) / 3) }

  /// The path with its gains at `frequencies`: at each, the mean gain of the bands nearest it.
  public func resampled(to frequencies: [Double]) -> ClickPath {
    var sums = [Float](repeating: 0, count: frequencies.count)
    var counts = sums
    let nearest = ClickPath(
      delay: delay, frequencies: frequencies, gains: [], echoDecibelsPerSecond: 0, spread: 0)
    for (frequency, gain) in zip(self.frequencies, gains) {
      let index = nearest.nearestIndex(to: frequency)
      sums[index] += gain
      counts[index] += 1
    }
    let known = gains(at: frequencies)
    return ClickPath(
      delay: delay, frequencies: frequencies,
      gains: frequencies.indices.map { counts[$0] > 0 ? sums[$0] / counts[$0] : known[$0] },
      echoDecibelsPerSecond: echoDecibelsPerSecond, spread: spread)
  }

  /// Whether a path read from a file is one a calibration could have made.
  public var isWellFormed: Bool {
    !frequencies.isEmpty && frequencies.count == gains.count
      && zip(frequencies, frequencies.dropFirst()).allSatisfy { $0 > 0 && $0 < $1 }
      && gains.allSatisfy { $0.isFinite && $0 >= 0 } && delay.isFinite
      && abs(delay) <= Self.longestDelaySeconds && echoDecibelsPerSecond.isFinite
      && echoDecibelsPerSecond > 0 && spread.isFinite && spread >= 0
  }

  private func nearestIndex(to centre: Double) -> Int {
    var nearest = 0
    for index in frequencies.indices
    where abs(log(frequencies[index] / centre)) < abs(log(frequencies[nearest] / centre)) {
      nearest = index
    }
    return nearest
  }

  /// The gain at each of `centres`, from the nearest frequency known.
  func gains(at centres: [Double]) -> [Float] {
    centres.map { gains.isEmpty ? 0 : gains[nearestIndex(to: $0)] }
  }
}
