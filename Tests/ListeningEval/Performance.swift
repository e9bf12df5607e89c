import DSP
import Glibc

/// A humanised part played against a metronome: notes on a sixteenth grid in figures of
/// quarters, eighths, dotted rhythms and fast sixteenth runs, with rests, each note a little off
/// the grid and at its own loudness; some land exactly on a click.
public struct Performance: Equatable, Sendable {
  public var tempo: Double
  /// The metronome's beats, in seconds; every fourth, from the first, is accented.
  public var beats: [Double]
  public var notes: [PerformedNote]
  public var length: Double

  /// The player's timing spread, as a standard deviation; a practising player is within a few
  /// tens of milliseconds of the click.
  private static let timingSpread = 0.008
  private static let largestTimingError = 0.02
  /// The share of on-beat notes played exactly with the click.
  private static let exactlyOnClick = 0.3

  public static func humanised(
    seed: UInt64, length: Double, pitches: ClosedRange<Int>, tempi: ClosedRange<Double> = 90...150
  ) -> Performance {
    var generator = SplitMix64(seed: seed)
    let tempo = Double.random(in: tempi, using: &generator).rounded()
    let beat = 60 / tempo
    let step = beat / 4
    let start = 0.4
    let beats = Array(stride(from: start, to: length - 0.2, by: beat))
    var notes: [PerformedNote] = []
    var position = 0
    var pitch = (pitches.lowerBound + pitches.upperBound) / 2
    let lastStep = Int((length - 0.8 - start) / step)
    while position < lastStep {
      let figure = Self.figure(using: &generator)
      var offset = 0
      for length in figure.steps {
        defer { offset += length }
        if figure.isRest { continue }
        let gridTime = start + Double(position + offset) * step
        let onBeat = (position + offset) % 4 == 0
        var jitter = normal(using: &generator) * timingSpread
        jitter = min(max(jitter, -largestTimingError), largestTimingError)
        if onBeat, Double.random(in: 0..<1, using: &generator) < exactlyOnClick { jitter = 0 }
        pitch += Int.random(in: -4...4, using: &generator)
        pitch = min(max(pitch, pitches.lowerBound), pitches.upperBound)
        let accent = (position + offset) % 16 == 0 ? 0.15 : 0
        let velocity = min(1, Double.random(in: 0.45...0.85, using: &generator) + accent)
        notes.append(
          PerformedNote(
            time: gridTime + jitter, velocity: velocity, pitch: pitch,
            duration: Double(length) * step * Double.random(in: 0.7...1.0, using: &generator)))
      }
      position += figure.steps.reduce(0, +)
    }
    return Performance(tempo: tempo, beats: beats, notes: notes, length: length)
  }

  private static func figure(using generator: inout SplitMix64) -> (steps: [Int], isRest: Bool) {
    switch Double.random(in: 0..<1, using: &generator) {
    case ..<0.25: ([4], false)
    case ..<0.55: ([2, 2], false)
    case ..<0.75: ([1, 1, 1, 1], false)
    case ..<0.87: ([3, 1], false)
    case ..<0.95: ([4], true)
    default: ([2], true)
    }
  }

  /// A standard normal deviate (Box–Muller).
  static func normal(using generator: inout SplitMix64) -> Double {
    let u = Double.random(in: Double.ulpOfOne..<1, using: &generator)
    let v = Double.random(in: 0..<1, using: &generator)
    return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
  }
}
