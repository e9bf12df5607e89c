import DSP
import Glibc
import ListeningEval

/// A take synthesized to behave, in the one way that matters for each test, like the recorded
/// samples the pitch detector used to get wrong; CI has no soundfonts to render the real ones.
/// Notes are sums of partials that decay while held and decay faster, each at its own rate,
/// once released; what the room or the instrument's body adds is added on top.
struct RecordedLikeTake {
  static let sampleRate = 48_000

  /// One partial of a note: its harmonic number (stretched by the note's inharmonicity), its
  /// amplitude, and its time constants while the key is down and after it comes up.
  struct Partial {
    var number: Double
    var amplitude: Double
    var held: Double
    var released: Double
  }

  private(set) var samples: [Float]
  private(set) var played: [PitchClip.Note] = []

  init(seconds: Double) {
    samples = [Float](repeating: 0, count: Int(seconds * Double(Self.sampleRate)))
  }

  static func frequency(midi: Int) -> Double { 440 * pow(2, Double(midi - 69) / 12) }

  /// Plays `midi` from `start` for `duration` seconds, rising over `attack` seconds (a
  /// millisecond is sharp but not a click); it rings on after that as its partials' release
  /// time constants say. `inharmonicity` is the B of a stiff string: partial n sounds at
  /// n √(1 + B n²) times the fundamental.
  mutating func play(
    _ midi: Int, at start: Double, for duration: Double, peak: Double, partials: [Partial],
    inharmonicity: Double = 0, attack: Double = 0.001
  ) {
    played.append(PitchClip.Note(midi: midi, start: start, end: start + duration))
    let rate = Double(Self.sampleRate)
    let fundamental = Self.frequency(midi: midi)
    let scale = peak / partials.reduce(0) { $0 + $1.amplitude }
    let first = Int(start * rate)
    for partial in partials {
      let frequency =
        fundamental * partial.number
        * (1 + inharmonicity * partial.number * partial.number)
        .squareRoot()
      guard frequency < rate / 2 else { continue }
      let atRelease = exp(-duration / partial.held)
      var index = first
      while index < samples.count {
        let time = Double(index - first) / rate
        let envelope =
          time < duration
          ? exp(-time / partial.held) : atRelease * exp(-(time - duration) / partial.released)
        if time > duration, envelope < 1e-6 { break }
        let rise = min(1, time / attack)
        samples[index] += Float(
          scale * partial.amplitude * rise * envelope * sin(2 * .pi * frequency * time))
        index += 1
      }
    }
  }

  /// Sings `midi` on "ah" from `start` for `duration` seconds: harmonics up to 4 kHz shaped by
  /// the vowel's first two formants (700 and 1,200 Hz), swelling in over `attack` seconds and
  /// dying out over a tenth, with a 5.5 Hz vibrato of ±`vibratoCents` and a 4 Hz tremolo that
  /// moves the amplitude by ±`tremolo` of itself.
  mutating func sing(
    _ midi: Int, at start: Double, for duration: Double, peak: Double, vibratoCents: Double,
    tremolo: Double, attack: Double
  ) {
    played.append(PitchClip.Note(midi: midi, start: start, end: start + duration))
    let rate = Double(Self.sampleRate)
    let fundamental = Self.frequency(midi: midi)
    let harmonics = (1...Int(4_000 / fundamental)).map { number in
      let frequency = fundamental * Double(number)
      func formant(_ centre: Double, _ width: Double) -> Double {
        1 / (1 + pow((frequency - centre) / width, 2))
      }
      return (number: Double(number), amplitude: formant(700, 150) + 0.6 * formant(1_200, 200))
    }
    let scale = peak / harmonics.reduce(0) { $0 + $1.amplitude }
    let first = Int(start * rate)
    let release = 0.1
    var phase = 0.0
    for index in first..<min(samples.count, first + Int((duration + release) * rate)) {
      let time = Double(index - first) / rate
      let envelope =
        min(1, time / attack) * min(1, (duration + release - time) / release)
        * (1 + tremolo * sin(2 * .pi * 4 * time))
      phase +=
        2 * .pi * fundamental * pow(2, vibratoCents * sin(2 * .pi * 5.5 * time) / 1200)
        / rate
      let voice = harmonics.reduce(0) { $0 + $1.amplitude * sin($1.number * phase) }
      samples[index] += Float(scale * envelope * voice)
    }
  }

  /// White noise from `start` for `duration` seconds, fading in and out over 30 ms: a breath
  /// in a sung note.
  mutating func breathe(
    at start: Double, for duration: Double, amplitude: Double,
    using generator: inout some RandomNumberGenerator
  ) {
    let rate = Double(Self.sampleRate)
    let first = Int(start * rate)
    for index in first..<min(samples.count, first + Int(duration * rate)) {
      let time = Double(index - first) / rate
      let ramp = min(1, time / 0.03, (duration - time) / 0.03)
      samples[index] += Float(amplitude * ramp * Double.random(in: -1...1, using: &generator))
    }
  }

  /// A decaying sine from `start`: the resonance of an instrument's body, struck by the note.
  mutating func ring(
    _ frequency: Double, at start: Double, amplitude: Double, timeConstant: Double
  ) {
    let rate = Double(Self.sampleRate)
    let first = Int(start * rate)
    let last = min(samples.count, first + Int(8 * timeConstant * rate))
    for index in first..<last {
      let time = Double(index - first) / rate
      samples[index] += Float(
        amplitude * min(1, time * 1000) * exp(-time / timeConstant)
          * sin(2 * .pi * frequency * time))
    }
  }

  /// Noise below about 30 Hz from `start`, decaying: the thump and rumble at the start of a
  /// low bass note.
  mutating func rumble(
    at start: Double, amplitude: Double, timeConstant: Double,
    using generator: inout some RandomNumberGenerator
  ) {
    let rate = Double(Self.sampleRate)
    let first = Int(start * rate)
    let last = min(samples.count, first + Int(6 * timeConstant * rate))
    // Two one-pole low-passes at 30 Hz in a row.
    let pole = exp(-2 * Double.pi * 30 / rate)
    var once = 0.0
    var twice = 0.0
    var filtered: [Double] = []
    for _ in first..<last {
      once = pole * once + (1 - pole) * Double.random(in: -1...1, using: &generator)
      twice = pole * twice + (1 - pole) * once
      filtered.append(twice)
    }
    let rms = (filtered.reduce(0) { $0 + $1 * $1 } / Double(filtered.count)).squareRoot()
    for (offset, value) in filtered.enumerated() {
      let time = Double(offset) / rate
      samples[first + offset] += Float(amplitude * value / rms * exp(-time / timeConstant))
    }
  }

  /// The notes found in the take, scored against the notes played.
  func score() -> PitchScore {
    PitchScore(
      played: played,
      found: PitchAnalysis.notes(in: samples, sampleRate: Self.sampleRate))
  }
}
