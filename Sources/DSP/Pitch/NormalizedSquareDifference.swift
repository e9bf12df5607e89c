/// McLeod's normalised square difference function (NSDF) of a frame `x` of `frameLength`
/// samples:
///
///     n(τ) = 2 Σ x[j] x[j+τ] / Σ (x[j]² + x[j+τ]²),   j = 0 ..< frameLength − τ
///
/// It is YIN's difference Σ (x[j] − x[j+τ])² turned around and divided by the energy it
/// compares, so it lies in −1...1, reaches 1 where the frame repeats exactly after τ samples,
/// and judges loud and quiet frames alike. The correlations for all lags come from one forward
/// and one inverse FFT of the frame instead of `frameLength` products per lag.
///
/// The function is found every half sample. A period seldom falls on a whole sample, and for a
/// bright sound the peak is so narrow that at the nearest whole lag it can sit well below its
/// true height, below the peak at a multiple of the period that happens to fall on a whole
/// sample, and the detector would answer an octave or a twelfth low. The half-sample values are
/// exact for a band-limited frame: they come from the same power spectrum, inverted at twice
/// the size with zeros above the old Nyquist frequency.
final class NormalizedSquareDifference {
  let frameLength: Int
  let maximumLag: Int
  /// `n(0), n(½), n(1), … n(maximumLag)` of the last frame computed.
  private var values: [Float]

  private let forwardFFT: RealFFT
  private let inverseFFT: RealFFT
  private var power: [Float]
  private let zeros: [Float]
  /// Half of Σ x[j] x[j+τ], every half lag: the inverse at twice the size scales by
  /// 1/(2 size) where the correlation wants 1/size.
  private var correlation: [Float]

  init(frameLength: Int, maximumLag: Int) {
    precondition(maximumLag >= 2 && maximumLag < frameLength, "lags must fit in the frame")
    self.frameLength = frameLength
    self.maximumLag = maximumLag
    // The FFT correlates circularly; with this much zero padding no lag up to `maximumLag`
    // wraps around onto the frame's start.
    var size = 2
    while size < frameLength + maximumLag { size *= 2 }
    forwardFFT = RealFFT(size: size)
    inverseFFT = RealFFT(size: 2 * size)
    power = [Float](repeating: 0, count: inverseFFT.binCount)
    zeros = power
    correlation = [Float](repeating: 0, count: inverseFFT.size)
    values = [Float](repeating: 0, count: 2 * maximumLag + 1)
  }

  func compute(_ frame: UnsafeBufferPointer<Float>) {
    precondition(frame.count == frameLength, "frame of the wrong length")
    // The upper half of `power` stays zero: that is the padding.
    power.withUnsafeMutableBufferPointer {
      forwardFFT.power(
        of: frame, into: UnsafeMutableBufferPointer(rebasing: $0[..<forwardFFT.binCount]))
    }
    power.withUnsafeBufferPointer { power in
      zeros.withUnsafeBufferPointer { zeros in
        correlation.withUnsafeMutableBufferPointer {
          inverseFFT.inverse(real: power, imaginary: zeros, into: $0)
        }
      }
    }
    // Hence 4 = 2 (the NSDF's own factor) × 2 (the scaling) below.
    var energy = 2 * Double(frame.sumOfSquares())
    correlation.withUnsafeBufferPointer { correlation in
      values.withUnsafeMutableBufferPointer { values in
        values[0] = energy > 0 ? 1 : 0
        for lag in 1...maximumLag {
          // The energy compared at lag τ loses one sample at each end of the frame per step;
          // at the half lag before, it is taken halfway.
          let first = Double(frame[lag - 1])
          let last = Double(frame[frameLength - lag])
          let previous = energy
          energy -= first * first + last * last
          let halfway = (previous + energy) / 2
          values[2 * lag - 1] =
            halfway > 0 ? Float(4 * Double(correlation[2 * lag - 1]) / halfway) : 0
          values[2 * lag] = energy > 0 ? Float(4 * Double(correlation[2 * lag]) / energy) : 0
        }
      }
    }
  }

  /// McLeod's choice of period in the last frame computed: take the highest point of each
  /// positive lobe after the one around lag 0 (the key maxima), and of those at `shortestLag`
  /// or beyond, the first that reaches `threshold` times the highest. Taking the first keeps a
  /// period of two or three cycles (an octave or more low) from winning by a hair as the
  /// sound decays; the threshold keeps the half-period peak of a loud second harmonic, which
  /// is lower than the full period's, from winning over the fundamental. Returns the lag in
  /// samples, interpolated between the values, the NSDF's height there and the highest key
  /// maximum's, or nil for no peak.
  func bestPeriod(
    shortestLag: Int, threshold: Double
  ) -> (lag: Double, clarity: Double, highest: Double)? {
    values.withUnsafeBufferPointer { values in
      var highest = 0.0
      Self.forEachKeyMaximum(in: values, from: 2 * shortestLag) { peak in
        highest = max(highest, Self.vertex(at: peak, in: values).value)
        return true
      }
      guard highest > 0 else { return nil }
      var chosen: (lag: Double, clarity: Double, highest: Double)?
      Self.forEachKeyMaximum(in: values, from: 2 * shortestLag) { peak in
        let (offset, value) = Self.vertex(at: peak, in: values)
        guard value >= threshold * highest else { return true }
        chosen = ((Double(peak) + offset) / 2, value, highest)
        return false
      }
      return chosen
    }
  }

  /// Calls `body` with the index of each key maximum from `first` on, in order, for as long as
  /// it returns true.
  private static func forEachKeyMaximum(
    in values: UnsafeBufferPointer<Float>, from first: Int, _ body: (Int) -> Bool
  ) {
    let last = values.count - 1
    var index = 1
    while index < last, values[index] > 0 { index += 1 }
    var lobePeak: Int?
    // The last value serves only as the right neighbour of a peak.
    while index < last {
      if values[index] > 0 {
        if lobePeak.map({ values[index] > values[$0] }) ?? true { lobePeak = index }
      } else if let peak = lobePeak {
        if peak >= first, !body(peak) { return }
        lobePeak = nil
      }
      index += 1
    }
    // A lobe still rising at the last lag has its peak out of reach.
    if let peak = lobePeak, peak >= first, values[peak + 1] < values[peak] { _ = body(peak) }
  }

  /// The top of the parabola through the peak at `index` and its two neighbours: how far it
  /// lies from `index` (within ±½) and how high.
  private static func vertex(
    at index: Int, in values: UnsafeBufferPointer<Float>
  ) -> (offset: Double, value: Double) {
    let before = Double(values[index - 1])
    let at = Double(values[index])
    let after = Double(values[index + 1])
    let curvature = before - 2 * at + after
    guard curvature < 0 else { return (0, at) }
    let offset = 0.5 * (before - after) / curvature
    return (offset, at - 0.25 * (before - after) * offset)
  }
}
