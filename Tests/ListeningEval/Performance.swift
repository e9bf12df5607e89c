import DSP
import Glibc

/// A humanised line played against a metronome, as a practising player plays it: a bar of four
/// clicks counts in, then the line follows on a sixteenth grid in figures of quarters, eighths,
/// dotted rhythms and fast sixteenth runs, with rests. Each player (each performance) has their
/// own timing spread around the click; each note is a little off the grid and at its own
/// loudness, and some on-beat notes land exactly on the click.
public struct Performance: Equatable, Sendable {
  public var tempo: Double
  /// The metronome's beats, in seconds: the count-in's, then the line's; every fourth, from the
  /// first, is accented.
  public var beats: [Double]
  public var notes: [PerformedNote]
  /// The player's timing spread (a standard deviation), in seconds.
  public var timingSpread: Double
  /// Sixteenth steps, counted from the first count-in click, in which nothing is written: the
  /// count-in and the rests.
  public var silentSteps: [Range<Int>]
  public var length: Double
  /// Written notes the player left out, as a player forgets one now and then (`leavingOut`):
  /// graded as notes of the line, never heard.
  public var leftOut: [PerformedNote] = []

  public static let countInBeats = 4
  /// Where the first click sounds: a moment of silence first, as when recording starts.
  private static let firstClick = 0.4
  /// After the line, time for the last notes to ring out.
  private static let ringOut = 0.8
  /// Timing spreads of practising players: from tight (3 ms) to loose (25 ms).
  private static let timingSpreads = 0.003...0.025
  /// A note's timing error is cut off at this many spreads, as a player never strays far.
  private static let largestError = 2.5
  /// The share of on-beat notes played exactly with the click.
  private static let exactlyOnClick = 0.3

  /// A performance whose line lasts about `playing` seconds after the count-in: the nearest
  /// whole number of bars, at least one.
  public static func humanised(
    seed: UInt64, playing: Double, pitches: ClosedRange<Int>, tempi: ClosedRange<Double> = 60...160
  ) -> Performance {
    var generator = SplitMix64(seed: seed)
    let tempo = Double.random(in: tempi, using: &generator).rounded()
    let spread = Double.random(in: timingSpreads, using: &generator)
    let step = 60 / tempo / 4
    let countInSteps = countInBeats * 4
    let lineSteps = 16 * max(1, Int((playing / (16 * step)).rounded()))
    var notes: [PerformedNote] = []
    var silentSteps = [0..<countInSteps]
    var position = 0
    var pitch = (pitches.lowerBound + pitches.upperBound) / 2
    while position < lineSteps {
      var figure = Self.figure(using: &generator)
      if position + figure.steps.reduce(0, +) > lineSteps {
        figure = ([lineSteps - position], true)
      }
      var offset = 0
      for length in figure.steps {
        defer { offset += length }
        let gridStep = countInSteps + position + offset
        if figure.isRest {
          silentSteps.append(gridStep..<(gridStep + length))
          continue
        }
        let gridTime = firstClick + Double(gridStep) * step
        var error = normal(using: &generator) * spread
        error = min(max(error, -largestError * spread), largestError * spread)
        if gridStep % 4 == 0, Double.random(in: 0..<1, using: &generator) < exactlyOnClick {
          error = 0
        }
        pitch += Int.random(in: -4...4, using: &generator)
        pitch = min(max(pitch, pitches.lowerBound), pitches.upperBound)
        let accent = gridStep % 16 == 0 ? 0.15 : 0
        let velocity = min(1, Double.random(in: 0.45...0.85, using: &generator) + accent)
        let written = Double(length) * step
        notes.append(
          PerformedNote(
            time: gridTime + error, velocity: velocity, pitch: pitch,
            duration: written * Double.random(in: 0.7...1.0, using: &generator),
            gridTime: gridTime, writtenLength: written))
      }
      position += figure.steps.reduce(0, +)
    }
    let beats = (0..<((countInSteps + lineSteps) / 4)).map { firstClick + Double($0 * 4) * step }
    return Performance(
      tempo: tempo, beats: beats, notes: notes, timingSpread: spread, silentSteps: silentSteps,
      length: firstClick + Double(countInSteps + lineSteps) * step + ringOut)
  }

  /// Every note of the line as written, played or left out, in time order: what a rhythm
  /// grader expects.
  public var written: [PerformedNote] {
    leftOut.isEmpty ? notes : (notes + leftOut).sorted { $0.gridTime < $1.gridTime }
  }

  /// This performance with one written note in every `interval` left out, each one that follows
  /// the note before it without a rest: the player holds that note on through it instead, as a
  /// bowed or sung note is held when its repetition is forgotten, and a struck one rings on.
  /// So a detector that takes the held note's wavering or ringing for a note gives the player
  /// credit for a note never played.
  public func leavingOut(every interval: Int) -> Performance {
    var kept: [PerformedNote] = []
    var leftOut: [PerformedNote] = []
    for (index, note) in notes.enumerated() {
      if index % interval == interval / 2, let before = kept.last,
        abs(before.gridTime + before.writtenLength - note.gridTime) < 1e-6
      {
        kept[kept.count - 1].duration = note.time + note.duration - before.time
        leftOut.append(note)
      } else {
        kept.append(note)
      }
    }
    var performance = self
    performance.notes = kept
    performance.leftOut = leftOut
    return performance
  }

  /// Whether nothing is written where beat `index` clicks: in the count-in or on a rest.
  public func isSilent(beat index: Int) -> Bool {
    silentSteps.contains { $0.contains(index * 4) }
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
