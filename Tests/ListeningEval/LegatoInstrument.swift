import DSP
import Glibc

/// Bowed, blown and sung lines played legato, made from formulas for the tuning part: what the
/// soundfonts' bowed, blown and sung instruments do that the plain synthesized notes do not.
/// Each note swells in while the one before still sounds (slurred into it, or let go with a
/// release that rings on), with a vibrato as wide as players and singers use, partials shaped by
/// fixed resonances (a body's or a vowel's, so that the vibrato swings their levels too), and
/// now and then the same note is played again before the last one has died away. Each note's
/// start is where the evaluation's rule puts a recorded one: its first sample within 30 dB of
/// its peak, heard alone.
public enum LegatoInstrument: String, CaseIterable, Sendable {
  case violin
  case cello
  case flute
  case choir

  /// The range played, as MIDI notes.
  var pitches: ClosedRange<Int> {
    switch self {
    case .violin: 55...86
    case .cello: 36...64
    case .flute: 60...90
    case .choir: 52...76
    }
  }

  /// How each note of this instrument is drawn.
  private struct Character {
    /// The partials' levels before the resonances: 1/n^tilt.
    var partials: Int
    var tilt: Double
    /// Centre (Hz), bandwidth (octaves) and gain of each resonance, over a floor of 0.15.
    var resonances: [(centre: Double, octaves: Double, gain: Double)]
    var attack: ClosedRange<Double>
    var release: ClosedRange<Double>
    /// Vibrato depth as a share of the frequency (0.006 is about 10 cents), and its rate in Hz.
    var vibrato: ClosedRange<Double>
    var vibratoRate: ClosedRange<Double>
    var voices: Int
    /// How far each voice's start strays after the note's, in seconds.
    var voiceSpread: Double
    var noise: Double
    /// The share of notes slurred: held until the next one has begun.
    var slurred: Double
  }

  private var character: Character {
    switch self {
    case .violin:
      Character(
        partials: 14, tilt: 0.9,
        resonances: [(290, 0.6, 1.0), (1_000, 0.8, 0.7), (2_800, 0.7, 0.9)],
        attack: 0.03...0.12, release: 0.08...0.3, vibrato: 0.006...0.015,
        vibratoRate: 5...6.5, voices: 1, voiceSpread: 0, noise: 0.02, slurred: 0.6)
    case .cello:
      Character(
        partials: 16, tilt: 0.8, resonances: [(200, 0.6, 1.0), (550, 0.7, 0.6), (1_500, 0.8, 0.5)],
        attack: 0.05...0.15, release: 0.12...0.4, vibrato: 0.005...0.012,
        vibratoRate: 4.5...6, voices: 1, voiceSpread: 0, noise: 0.02, slurred: 0.6)
    case .flute:
      Character(
        partials: 6, tilt: 1.6, resonances: [(1_000, 1.5, 0.5)], attack: 0.03...0.09,
        release: 0.05...0.2, vibrato: 0.004...0.01, vibratoRate: 4.5...5.5, voices: 1,
        voiceSpread: 0, noise: 0.04, slurred: 0.5)
    case .choir:
      Character(
        partials: 18, tilt: 0.7,
        resonances: [(700, 0.5, 1.0), (1_200, 0.5, 0.6), (2_600, 0.4, 0.4)],
        attack: 0.08...0.2, release: 0.2...0.5, vibrato: 0.01...0.025, vibratoRate: 4.5...6,
        voices: 4, voiceSpread: 0.025, noise: 0.01, slurred: 0.5)
    }
  }

  /// The notes of `performance`, mixed, each note's start, and each note's peak.
  public static func render(
    _ instrument: LegatoInstrument, _ performance: Performance, sampleRate: Int,
    using generator: inout SplitMix64
  ) -> (samples: [Float], starts: [Int], peaks: [Float]) {
    let character = instrument.character
    var samples = [Float](repeating: 0, count: Int(performance.length * Double(sampleRate)))
    var starts: [Int] = []
    var peaks: [Float] = []
    for (index, note) in performance.notes.enumerated() {
      var held = note.duration
      if index + 1 < performance.notes.count,
        Double.random(in: 0..<1, using: &generator) < character.slurred
      {
        // Slurred: let go only once the next note has begun.
        let next = performance.notes[index + 1].time
        held = next - note.time + Double.random(in: 0...0.04, using: &generator)
      }
      var sound = Self.note(
        note.pitch, held: held, character, sampleRate: sampleRate, using: &generator)
      // Velocity spans 18 dB: bowed, blown and sung notes are seldom struck hard or soft.
      let gain = Float(pow(10, (note.velocity - 1) * 18 / 20))
      for index in sound.indices { sound[index] *= gain }
      let start = Int((note.time * Double(sampleRate)).rounded())
      for (offset, sample) in sound.enumerated() where start + offset < samples.count {
        samples[start + offset] += sample
      }
      let lead = SoundStart.of(sound[...])
      starts.append(start + lead.start)
      peaks.append(lead.peak)
    }
    return (samples, starts, peaks)
  }

  private static func note(
    _ pitch: Int, held: Double, _ character: Character, sampleRate: Int,
    using generator: inout SplitMix64
  ) -> [Float] {
    let rate = Double(sampleRate)
    let frequency = 440 * pow(2, Double(pitch - 69) / 12)
    let attack = Double.random(in: character.attack, using: &generator)
    // Some attacks start gently (a square law), others straight.
    let attackPower = Double.random(in: 1...2, using: &generator)
    let release = Double.random(in: character.release, using: &generator)
    let depth = Double.random(in: character.vibrato, using: &generator)
    let count = Int((held + 5 * release + character.voiceSpread) * rate)
    // Each partial's level, and how much it changes per unit of relative frequency change, so
    // that vibrato moving a partial along a resonance's slope swings its level.
    var levels: [Double] = []
    var slopes: [Double] = []
    for number in 1...character.partials {
      let partial = frequency * Double(number)
      guard partial < 0.45 * rate, partial < 8_000 else { break }
      func shaped(_ f: Double) -> Double {
        var gain = 0.15
        for resonance in character.resonances {
          let distance = log2(f / resonance.centre) / resonance.octaves
          gain += resonance.gain * exp(-distance * distance)
        }
        return gain / pow(Double(number), character.tilt)
      }
      let level = shaped(partial)
      levels.append(level)
      slopes.append((shaped(partial * 1.01) - level) / (0.01 * level))
    }
    var samples = [Float](repeating: 0, count: count)
    for _ in 0..<character.voices {
      let delay =
        character.voiceSpread > 0
        ? Double.random(in: 0...character.voiceSpread, using: &generator) : 0
      let detune = character.voices > 1 ? Double.random(in: -0.006...0.006, using: &generator) : 0
      let vibratoRate = Double.random(in: character.vibratoRate, using: &generator)
      let vibratoPhase = Double.random(in: 0..<(2 * .pi), using: &generator)
      // Vibrato comes in over the first 0.1–0.3 s, as the note settles.
      let vibratoIn = Double.random(in: 0.1...0.3, using: &generator)
      var phase = Double.random(in: 0..<(2 * .pi), using: &generator)
      let first = Int(delay * rate)
      for index in first..<count {
        let time = Double(index - first) / rate
        var envelope = pow(min(1, time / attack), attackPower)
        if time > held { envelope *= exp(-(time - held) / release) }
        let vibrato =
          depth * min(1, time / vibratoIn) * sin(2 * .pi * vibratoRate * time + vibratoPhase)
        phase += 2 * .pi * frequency * (1 + detune + vibrato) / rate
        var value = 0.0
        for (number, level) in levels.enumerated() {
          value += level * (1 + slopes[number] * vibrato) * sin(Double(number + 1) * phase)
        }
        value += character.noise * Double.random(in: -1...1, using: &generator)
        samples[index] += Float(envelope * value / Double(character.voices))
      }
    }
    // The partials' sum peaks near 1 whatever the resonances; a common level keeps velocity
    // meaningful across notes.
    let loudest = samples.reduce(0) { max($0, abs($1)) }
    guard loudest > 0 else { return samples }
    return samples.map { $0 * 0.6 / loudest }
  }
}
