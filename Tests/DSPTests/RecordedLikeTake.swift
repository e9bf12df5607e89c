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
