import DSP
import Glibc

/// Instruments made from formulas, each note starting exactly on its first sample, so the
/// ground truth is known to the sample.
public enum SynthesizedInstrument {
  /// The notes of `category` for `performance`, mixed, and the frame where each note starts.
  static func render(
    _ category: OnsetCategory, _ performance: Performance, sampleRate: Int,
    using generator: inout SplitMix64
  ) -> (samples: [Float], starts: [Int], peaks: [Float]) {
    var samples = [Float](repeating: 0, count: Int(performance.length * Double(sampleRate)))
    var starts: [Int] = []
    var peaks: [Float] = []
    for (index, note) in performance.notes.enumerated() {
      let next =
        index + 1 < performance.notes.count ? performance.notes[index + 1].time : performance.length
      var sound = self.note(category, note, until: next, sampleRate: sampleRate, using: &generator)
      // Velocity spans 24 dB, soft to hard.
      let gain = Float(pow(10, (note.velocity - 1) * 24 / 20))
      for index in sound.indices { sound[index] *= gain }
      let start = Int((note.time * Double(sampleRate)).rounded())
      for (offset, sample) in sound.enumerated() where start + offset < samples.count {
        samples[start + offset] += sample
      }
      starts.append(start)
      peaks.append(sound.reduce(0) { max($0, abs($1)) })
    }
    return (samples, starts, peaks)
  }

  private static func note(
    _ category: OnsetCategory, _ note: PerformedNote, until next: Double, sampleRate: Int,
    using generator: inout SplitMix64
  ) -> [Float] {
    let frequency = 440 * pow(2, Double(note.pitch - 69) / 12)
    switch category {
    case .clap:
      return clap(sampleRate: sampleRate, using: &generator)
    case .woodblock:
      return woodblock(frequency: frequency, sampleRate: sampleRate, using: &generator)
    case .drum:
      return drum(frequency: frequency, sampleRate: sampleRate, using: &generator)
    case .pluckedString:
      // Strings ring on under the next note, as an open guitar's do.
      return Synth.pluckedString(
        frequency: frequency, duration: min(1.2, next - note.time + 0.3), sampleRate: sampleRate,
        using: &generator)
    case .piano:
      return Synth.softPiano(
        frequency: frequency, duration: min(1.5, next - note.time + 0.4), sampleRate: sampleRate)
    case .softAttack:
      // Each note is bowed or tongued anew, after the last one has let go.
      return bowed(
        frequency: frequency, duration: min(note.duration, next - note.time - 0.04),
        sampleRate: sampleRate, using: &generator)
    }
  }

  /// A hand clap: three or four bursts of band-limited noise a few milliseconds apart, as the
  /// palms meet unevenly, then a short noisy decay.
  public static func clap(sampleRate: Int, using generator: inout SplitMix64) -> [Float] {
    let rate = Double(sampleRate)
    let count = Int(0.12 * rate)
    var burstTimes = [0.0]
    for _ in 0..<Int.random(in: 2...3, using: &generator) {
      burstTimes.append(burstTimes.last! + Double.random(in: 0.002...0.005, using: &generator))
    }
    let tailDecay = Double.random(in: 0.015...0.03, using: &generator)
    var filter = Biquad.bandPass(
      frequency: Double.random(in: 900...1_600, using: &generator), q: 0.8, sampleRate: sampleRate)
    var samples = [Float](repeating: 0, count: count)
    for index in 0..<count {
      let time = Double(index) / rate
      var envelope = 0.0
      for burst in burstTimes where time >= burst {
        envelope = max(envelope, exp(-(time - burst) / 0.0015))
      }
      if let last = burstTimes.last, time >= last {
        envelope = max(envelope, 0.35 * exp(-(time - last) / tailDecay))
      }
      let noise = Double.random(in: -1...1, using: &generator)
      samples[index] = Float(envelope) * filter.process(Float(noise))
    }
    return normalised(samples, peak: 0.7)
  }

  /// A struck hollow block: inharmonic partials, the upper ones dying first, and a click of
  /// noise from the stick.
  public static func woodblock(
    frequency: Double, sampleRate: Int, using generator: inout SplitMix64
  )
    -> [Float]
  {
    let rate = Double(sampleRate)
    let base = 500 + (frequency - 100) * 0.8
    let partials: [(ratio: Double, amplitude: Double, decay: Double)] = [
      (1, 1, 0.025), (2.3, 0.5, 0.012), (3.9, 0.25, 0.006),
    ]
    let count = Int(0.1 * rate)
    var samples = [Float](repeating: 0, count: count)
    for index in 0..<count {
      let time = Double(index) / rate
      var value = 0.0
      for partial in partials where base * partial.ratio < rate / 2 {
        value +=
          partial.amplitude * exp(-time / partial.decay)
          * sin(2 * Double.pi * base * partial.ratio * time + 0.3)
      }
      value += 0.3 * exp(-time / 0.001) * Double.random(in: -1...1, using: &generator)
      samples[index] = Float(value)
    }
    return normalised(samples, peak: 0.8)
  }

  /// A struck skin, like a tom: the head's pitch falls a little as the strike's tension eases,
  /// under a short slap of noise from the stick.
  public static func drum(frequency: Double, sampleRate: Int, using generator: inout SplitMix64)
    -> [Float]
  {
    let rate = Double(sampleRate)
    let decay = Double.random(in: 0.08...0.2, using: &generator)
    let count = Int(5 * decay * rate)
    var phase = 0.0
    var samples = [Float](repeating: 0, count: count)
    for index in 0..<count {
      let time = Double(index) / rate
      phase += 2 * Double.pi * frequency * (1 + 0.5 * exp(-time / 0.02)) / rate
      let head = exp(-time / decay) * sin(phase)
      let slap = 0.5 * exp(-time / 0.003) * Double.random(in: -1...1, using: &generator)
      samples[index] = Float(head + slap)
    }
    return normalised(samples, peak: 0.8)
  }

  /// A bowed or blown note: harmonics swelling in over 40–120 ms, a little breath noise, a
  /// vibrato that starts once the note speaks, and a short release.
  public static func bowed(
    frequency: Double, duration: Double, sampleRate: Int, using generator: inout SplitMix64
  ) -> [Float] {
    let rate = Double(sampleRate)
    let attack = Double.random(in: 0.04...0.12, using: &generator)
    let release = 0.04
    let count = Int((duration + release) * rate)
    let harmonics = [1.0, 0.6, 0.4, 0.25, 0.15, 0.1]
    var phase = 0.0
    var samples = [Float](repeating: 0, count: count)
    for index in 0..<count {
      let time = Double(index) / rate
      var envelope = min(1, time / attack)
      if time > duration { envelope *= max(0, 1 - (time - duration) / release) }
      let vibrato = time > attack ? 0.004 * sin(2 * Double.pi * 5.5 * time) : 0
      phase += 2 * Double.pi * frequency * (1 + vibrato) / rate
      var value = 0.0
      for (number, amplitude) in harmonics.enumerated()
      where frequency * Double(number + 1) < rate / 2 {
        value += amplitude * sin(Double(number + 1) * phase)
      }
      value += 0.02 * Double.random(in: -1...1, using: &generator)
      samples[index] = Float(envelope * value)
    }
    return normalised(samples, peak: 0.7)
  }

  private static func normalised(_ samples: [Float], peak: Float) -> [Float] {
    let loudest = samples.reduce(0) { max($0, abs($1)) }
    guard loudest > 0 else { return samples }
    return samples.map { $0 * peak / loudest }
  }
}
