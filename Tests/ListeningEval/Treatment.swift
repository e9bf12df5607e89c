import DSP
import Glibc

/// What is done to a tuning soundfont's sound after the synthesizer, so that the tuning part
/// hears what a held-out recording is and its own samples are not. Only ever applied to tuning
/// recordings.
public enum Treatment: String, Sendable {
  /// A section on one line, as MuseScore General's choir was recorded, where the tuning
  /// part's choirs are one clean voice each: several copies of the sound, each a few
  /// milliseconds late, a few cents off the others and drifting, with a slow vibrato of its
  /// own, and breath.
  case ensemble

  /// Copies in a section.
  static let voices = 5
  /// The breath, against the sound it follows: about 24 dB under it.
  static let breathLevel: Float = 0.06

  /// `samples` at `sampleRate`, treated; `seed` picks the section's voices.
  public func applied(to samples: [Float], sampleRate: Int, seed: UInt64) -> [Float] {
    switch self {
    case .ensemble: Self.ensemble(samples, sampleRate: sampleRate, seed: seed)
    }
  }

  /// Each copy is read through a delay that moves: its base delay 5–20 ms, a drift of ±5–15
  /// cents that turns once every 3–7 s (so on a note each copy sits a different few cents
  /// off), and a vibrato of 4–6 cents at 4.5–6 Hz. A pitch `c` cents off is a delay changing
  /// at −c ln 2 / 1200 samples per sample; integrating the two sines gives the delay.
  private static func ensemble(_ samples: [Float], sampleRate: Int, seed: UInt64) -> [Float] {
    var generator = SplitMix64(seed: seed)
    let rate = Double(sampleRate)
    var mixed = [Float](repeating: 0, count: samples.count)
    let centsPerDelay = log(2.0) / 1200
    for _ in 0..<voices {
      let base = Double.random(in: 0.005...0.02, using: &generator) * rate
      let drift = (
        cents: Double.random(in: 5...15, using: &generator),
        speed: 2 * Double.pi / (Double.random(in: 3...7, using: &generator) * rate),
        phase: Double.random(in: 0..<(2 * Double.pi), using: &generator)
      )
      let vibrato = (
        cents: Double.random(in: 4...6, using: &generator),
        speed: 2 * Double.pi * Double.random(in: 4.5...6, using: &generator) / rate,
        phase: Double.random(in: 0..<(2 * Double.pi), using: &generator)
      )
      let driftReach = drift.cents * centsPerDelay / drift.speed
      let vibratoReach = vibrato.cents * centsPerDelay / vibrato.speed
      let gain = Float(Double.random(in: 0.7...1, using: &generator) / Double(voices).squareRoot())
      for index in samples.indices {
        let time = Double(index)
        let delay =
          base + driftReach * (1 + cos(drift.speed * time + drift.phase))
          + vibratoReach * (1 + cos(vibrato.speed * time + vibrato.phase))
        let position = time - delay
        guard position >= 0 else { continue }
        let whole = Int(position)
        let fraction = Float(position - Double(whole))
        let next = whole + 1 < samples.count ? samples[whole + 1] : 0
        mixed[index] += gain * (samples[whole] + fraction * (next - samples[whole]))
      }
    }
    return breathed(mixed, sampleRate: sampleRate, using: &generator)
  }

  /// `samples` with breath: noise in the band of a breath (about 1–4 kHz) that follows the
  /// sound's level within 20 ms, `breathLevel` under it.
  private static func breathed(
    _ samples: [Float], sampleRate: Int, using generator: inout SplitMix64
  ) -> [Float] {
    var band = Biquad.bandPass(frequency: 2_000, q: 0.7, sampleRate: sampleRate)
    let smoothing = Float(1 / (0.02 * Double(sampleRate)))
    var level: Float = 0
    return samples.map { sample in
      level += (abs(sample) - level) * smoothing
      let noise = Float.random(in: -1...1, using: &generator)
      return sample + breathLevel * level * 3 * band.process(noise)
    }
  }
}
