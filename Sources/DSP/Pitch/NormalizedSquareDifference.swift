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
  private(set) var values: [Float]

  private let forwardFFT: RealFFT
  private let inverseFFT: RealFFT
  private var power: [Float]
  private let zeros: [Float]
  /// Half of Σ x[j] x[j+τ], every half lag: the inverse at twice the size scales by
  /// 1/(2 size) where the correlation wants 1/size.
  private var correlation: [Float]
  private var keyMaxima: [Int] = []

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
    keyMaxima.reserveCapacity(maximumLag)
  }

  func compute(_ frame: UnsafeBufferPointer<Float>) {
    precondition(frame.count == frameLength, "frame of the wrong length")
    // The upper half of `power` stays zero: that is the padding.
    power.withUnsafeMutableBufferPointer {
      forwardFFT.power(of: frame, into: UnsafeMutableBufferPointer(rebasing: $0[..<forwardFFT.binCount]))
    }
    power.withUnsafeBufferPointer { power in
      zeros.withUnsafeBufferPointer { zeros in
        correlation.withUnsafeMutableBufferPointer {
          inverseFFT.inverse(real: power, imaginary: zeros, into: $0)
        }
      }
    }
    // Hence 4 = 2 (the NSDF's own factor) × 2 (the scaling) below.
    var energy = 2 * frame.reduce(0) { $0 + Double($1) * Double($1) }
    values[0] = energy > 0 ? 1 : 0
    for lag in 1...maximumLag {
      // The energy compared at lag τ loses one sample at each end of the frame per step; at
      // the half lag before, it is taken halfway.
      let first = Double(frame[lag - 1])
      let last = Double(frame[frameLength - lag])
      let previous = energy
      energy -= first * first + last * last
      let halfway = (previous + energy) / 2
      values[2 * lag - 1] = halfway > 0 ? Float(4 * Double(correlation[2 * lag - 1]) / halfway) : 0
      values[2 * lag] = energy > 0 ? Float(4 * Double(correlation[2 * lag]) / energy) : 0
    }
  }

  /// McLeod's choice of period in the last frame computed: take the highest point of each
  /// positive lobe after the one around lag 0 (the key maxima), and of those at `shortestLag`
  /// or beyond, the first that reaches `threshold` times the highest. Taking the first keeps a
  /// period of two or three cycles (an octave or more low) from winning by a hair as the
  /// sound decays; the threshold keeps the half-period peak of a loud second harmonic, which
  /// is lower than the full period's, from winning over the fundamental. Returns the lag in
  /// samples, interpolated between the values, and the NSDF's height there, or nil for no peak.
  func bestPeriod(shortestLag: Int, threshold: Double) -> (lag: Double, clarity: Double)? {
    let last = values.count - 1
    keyMaxima.removeAll(keepingCapacity: true)
    var index = 1
    while index < last, values[index] > 0 { index += 1 }
    var lobePeak: Int?
    // The last value serves only as the right neighbour of a peak.
    while index < last {
      if values[index] > 0 {
        if lobePeak.map({ values[index] > values[$0] }) ?? true { lobePeak = index }
      } else if let peak = lobePeak {
        keyMaxima.append(peak)
        lobePeak = nil
      }
      index += 1
    }
    // A lobe still rising at the last lag has its peak out of reach.
    if let peak = lobePeak, values[peak + 1] < values[peak] { keyMaxima.append(peak) }

    var highest = 0.0
    for peak in keyMaxima where peak >= 2 * shortestLag { highest = max(highest, height(peak).value) }
    guard highest > 0 else { return nil }
    for peak in keyMaxima where peak >= 2 * shortestLag {
      let (offset, value) = height(peak)
      if value >= threshold * highest { return ((Double(peak) + offset) / 2, value) }
    }
    return nil
  }

  /// The peak at `index` between its neighbours.
  private func height(_ index: Int) -> (offset: Double, value: Double) {
    Self.vertex(
      before: Double(values[index - 1]), at: Double(values[index]),
      after: Double(values[index + 1]))
  }

  /// The NSDF of `frame` at one lag, computed directly.
  static func value(at lag: Int, in frame: UnsafeBufferPointer<Float>) -> Double {
    var product = 0.0
    var energy = 0.0
    for index in 0..<(frame.count - lag) {
      let early = Double(frame[index])
      let late = Double(frame[index + lag])
      product += early * late
      energy += early * early + late * late
    }
    return energy > 0 ? 2 * product / energy : 0
  }

  /// The top of the parabola through three equally spaced values, as an offset from the
  /// middle one (within ±½ when the middle one is the highest) and the height there.
  static func vertex(before: Double, at: Double, after: Double) -> (offset: Double, value: Double)
  {
    let curvature = before - 2 * at + after
    guard curvature < 0 else { return (0, at) }
    let offset = 0.5 * (before - after) / curvature
    return (offset, at - 0.25 * (before - after) * offset)
  }
}
