import Glibc

/// de Cheveigné's cancellation: a frame less itself one period of a known sound earlier,
/// `x[n] − x(n − lag)`, has every partial of that sound taken out, and keeps what else sounds
/// (through a comb filter, about twice its power). The lag is seldom a whole number of samples,
/// so the delayed signal is read between samples by a windowed sinc, `2 × halfWidth` long.
struct PeriodCancellation {
  /// The delayed signal reads this many samples either side of where it falls.
  static let halfWidth = 8

  private var taps = [Float](repeating: 0, count: 2 * halfWidth)

  /// Writes `samples[start + n] − samples(start + n − lag)` for `n` in `0..<residual.count`.
  /// `samples` must hold `lag + halfWidth` samples before `start`.
  mutating func residual(
    of samples: UnsafeBufferPointer<Float>, from start: Int, lag: Double,
    into residual: UnsafeMutableBufferPointer<Float>
  ) {
    let whole = Int(lag.rounded(.down))
    let fraction = lag - Double(whole)
    // Sample start + n − lag lies `fraction` before start + n − whole: taps for the samples
    // from (start + n − whole − halfWidth) to (start + n − whole + halfWidth − 1).
    var sum = 0.0
    for index in taps.indices {
      let offset = Double(index - Self.halfWidth) + fraction
      let sinc = offset == 0 ? 1 : sin(.pi * offset) / (.pi * offset)
      let hann = 0.5 + 0.5 * cos(.pi * offset / Double(Self.halfWidth))
      let tap = sinc * hann
      taps[index] = Float(tap)
      sum += tap
    }
    for index in taps.indices { taps[index] /= Float(sum) }
    let first = start - whole - Self.halfWidth
    precondition(first >= 0, "not enough samples before the frame")
    taps.withUnsafeBufferPointer { taps in
      for n in residual.indices {
        let window = UnsafeBufferPointer(rebasing: samples[(first + n)..<(first + n + taps.count)])
        residual[n] = samples[start + n] - taps.dot(window)
      }
    }
  }
}
