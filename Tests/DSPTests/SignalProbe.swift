import Foundation

/// Measurements the synthesis tests make on rendered sound, written out plainly so that what a
/// test asserts is easy to check by hand.
enum SignalProbe {
  static func peak(_ samples: [Float]) -> Float {
    samples.reduce(0) { max($0, abs($1)) }
  }

  /// RMS over a fixed window (zero-padded), so sounds of different lengths compare by energy.
  static func rms(_ samples: [Float], window: Int) -> Double {
    let energy = samples.prefix(window).reduce(0) { $0 + Double($1) * Double($1) }
    return (energy / Double(window)).squareRoot()
  }

  static func decibels(_ ratio: Double) -> Double { 20 * log10(ratio) }

  static func cents(_ frequency: Double, from reference: Double) -> Double {
    1200 * log2(frequency / reference)
  }

  /// Energy of the samples at one frequency (a single DFT bin at any frequency).
  static func magnitude(of samples: [Float], at frequency: Double, sampleRate: Int) -> Double {
    let step = 2 * Double.pi * frequency / Double(sampleRate)
    var real = 0.0
    var imaginary = 0.0
    samples.withUnsafeBufferPointer { samples in
      for index in samples.indices {
        real += Double(samples[index]) * cos(step * Double(index))
        imaginary -= Double(samples[index]) * sin(step * Double(index))
      }
    }
    return (real * real + imaginary * imaginary).squareRoot()
  }

  /// The frequency with the largest magnitude among `candidates`.
  static func strongest(
    of candidates: some Sequence<Double>, in samples: [Float], sampleRate: Int
  ) -> Double {
    candidates.map { ($0, magnitude(of: samples, at: $0, sampleRate: sampleRate)) }
      .max { $0.1 < $1.1 }!.0
  }

  /// The spectral peak nearest `guess`, searched ±50 cents in whole cents, then in 0.05-cent
  /// steps around the best whole cent.
  static func peakFrequency(near guess: Double, in samples: [Float], sampleRate: Int) -> Double {
    let atCents = { (cents: Double) in guess * pow(2, cents / 1200) }
    let coarse = strongest(
      of: stride(from: -50.0, through: 50, by: 1).map(atCents), in: samples,
      sampleRate: sampleRate)
    let coarseCents = 1200 * log2(coarse / guess)
    return strongest(
      of: stride(from: coarseCents - 1, through: coarseCents + 1, by: 0.05).map(atCents),
      in: samples, sampleRate: sampleRate)
  }

  /// Fundamental frequency by normalised autocorrelation over `samples`. The first lag (from
  /// `lowest`…`highest` Hz) whose correlation is nearly the best gives the rough period; the
  /// correlation peaks at doubling multiples of it then sharpen the period, each step predicting
  /// the next peak to within a sample, for as long as half the samples still overlap.
  static func fundamental(
    of samples: [Float], sampleRate: Int, lowest: Double = 50, highest: Double = 2_000
  ) -> Double {
    let shortest = Int(Double(sampleRate) / highest)
    let longest = Int(Double(sampleRate) / lowest)
    let correlations = (shortest...longest).map { correlation(samples, lag: $0) }
    let best = correlations.max()!
    let roughIndex = (1..<(correlations.count - 1)).first {
      correlations[$0] > 0.9 * best && correlations[$0] >= correlations[$0 - 1]
        && correlations[$0] >= correlations[$0 + 1]
    }!
    var period = Double(shortest + roughIndex)
    var multiple = 1
    while period * Double(multiple) <= Double(samples.count / 2) {
      period = peakLag(in: samples, near: period * Double(multiple)) / Double(multiple)
      multiple *= 2
    }
    return Double(sampleRate) / period
  }

  /// The correlation peak within two samples of `guess`, interpolated between whole lags.
  private static func peakLag(in samples: [Float], near guess: Double) -> Double {
    let center = Int(guess.rounded())
    let lag = ((center - 2)...(center + 2)).max {
      correlation(samples, lag: $0) < correlation(samples, lag: $1)
    }!
    let before = correlation(samples, lag: lag - 1)
    let at = correlation(samples, lag: lag)
    let after = correlation(samples, lag: lag + 1)
    return Double(lag) + 0.5 * (before - after) / (before - 2 * at + after)
  }

  private static func correlation(_ samples: [Float], lag: Int) -> Double {
    var product = 0.0
    var early = 0.0
    var late = 0.0
    samples.withUnsafeBufferPointer { samples in
      for index in 0..<(samples.count - lag) {
        let a = Double(samples[index])
        let b = Double(samples[index + lag])
        product += a * b
        early += a * a
        late += b * b
      }
    }
    return product / (early * late).squareRoot()
  }
}
