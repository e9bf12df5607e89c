/// How far recorded clicks stray from the ideal grid that starts at the first one. Made for the
/// clean signal of a loop-back recording (a sink's monitor), not for a room microphone.
public struct ClickGridCheck: Equatable, Sendable {
  public var clicks: Int
  public var expectedClicks: Int
  /// The largest distance of a click from its grid frame, in samples.
  public var worstDeviation: Int64

  /// Onsets are the first sample above `threshold` after at least `silence` quiet samples.
  public static func onsets(in samples: [Float], threshold: Float = 0.05, silence: Int = 2_400)
    -> [Int64]
  {
    var onsets: [Int64] = []
    var quiet = silence
    for (index, sample) in samples.enumerated() {
      if abs(sample) > threshold {
        if quiet >= silence { onsets.append(Int64(index)) }
        quiet = 0
      } else {
        quiet += 1
      }
    }
    return onsets
  }

  /// Compares `onsets` with `first + round(k · 60 · rate / bpm)`; `expectedClicks` is how many
  /// the grid holds from the first onset to `lastFrame`.
  public init(onsets: [Int64], bpm: Double, sampleRate: Int, lastFrame: Int64) {
    let period = 60 * Double(sampleRate) / bpm
    guard let first = onsets.first else {
      self.init(clicks: 0, expectedClicks: 0, worstDeviation: 0)
      return
    }
    let worst =
      onsets.map { onset -> Int64 in
        let k = (Double(onset - first) / period).rounded()
        return abs(onset - (first + Int64((k * period).rounded())))
      }.max() ?? 0
    let expected = Int(Double(lastFrame - first) / period) + 1
    self.init(clicks: onsets.count, expectedClicks: expected, worstDeviation: worst)
  }

  public init(clicks: Int, expectedClicks: Int, worstDeviation: Int64) {
    self.clicks = clicks
    self.expectedClicks = expectedClicks
    self.worstDeviation = worstDeviation
  }

  /// Clicks were heard, within one sample of the grid, with none missing or added.
  public var isExact: Bool { clicks > 0 && clicks == expectedClicks && worstDeviation <= 1 }
}
