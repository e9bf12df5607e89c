import Glibc

/// A sum of exponentially decaying cosine partials: the model behind every struck sound here.
/// Cosine phase puts the whole amplitude on sample 0, which is what makes an onset sharp.
struct DecayingPartials {
  struct Partial {
    let frequency: Double
    let amplitude: Double
    /// Seconds for this partial to fall to 1/e; high partials of real objects die sooner.
    let timeConstant: Double

    init(_ frequency: Double, amplitude: Double, timeConstant: Double) {
      self.frequency = frequency
      self.amplitude = amplitude
      self.timeConstant = timeConstant
    }
  }

  let partials: [Partial]
  let duration: Double
  /// The peak the partials would reach together; the first sample of a hard onset.
  let level: Gain
  var attack: Double = 0
  let release: Double

  func render(sampleRate: Int) -> [Float] {
    let rate = Double(sampleRate)
    let count = max(0, Int((duration * rate).rounded()))
    // Partials at or above Nyquist would fold back as unrelated tones.
    let audible = partials.filter { $0.frequency < rate / 2 }
    let total = audible.reduce(0) { $0 + $1.amplitude }
    guard total > 0 else { return [Float](repeating: 0, count: count) }
    let scale = Double(level.linear) / total
    var samples = (0..<count).map { index in
      let time = Double(index) / rate
      let sum = audible.reduce(0) { sum, partial in
        sum + partial.amplitude * exp(-time / partial.timeConstant)
          * cos(2 * .pi * partial.frequency * time)
      }
      return Float(scale * sum)
    }
    samples.fadeIn(over: Int(attack * rate))
    samples.fadeOut(over: Int(release * rate))
    return samples
  }
}
