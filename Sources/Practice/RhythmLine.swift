import MusicTheory

/// A line of rhythm to play against the click: the patterns one after another, over and over,
/// for `bars` bars of 4/4. A line whose beats are not a bar runs across the bar lines, but no
/// pattern does: one that would run across a bar line (a half note on the fourth beat) waits
/// for the next bar, and the beats it skips rest. The exercise ends with its last bar, so the
/// last time through may stop part way; a pattern that would run past the end is not started.
public struct RhythmLine: Equatable, Sendable {
  public static let beatsPerBar = 4

  /// One of the line's patterns where it is played.
  public struct Placement: Equatable, Sendable {
    public let pattern: RhythmPattern
    /// The exercise's beat it starts on, from 0.
    public let beat: Int
    /// Its place in `patterns`.
    public let index: Int

    public var beats: Range<Int> { beat..<beat + pattern.beats }
  }

  public let patterns: [RhythmPattern]
  public let bars: Int
  /// Every pattern played, in order.
  public let placements: [Placement]

  /// Nil without a pattern or without a bar to play.
  public init?(patterns: [RhythmPattern], bars: Int) {
    guard !patterns.isEmpty, bars >= 1 else { return nil }
    self.patterns = patterns
    self.bars = bars
    var placements: [Placement] = []
    var beat = 0
    while true {
      let index = placements.count % patterns.count
      let pattern = patterns[index]
      let barEnd = (beat / Self.beatsPerBar + 1) * Self.beatsPerBar
      let start = beat + pattern.beats > barEnd ? barEnd : beat
      guard start + pattern.beats <= bars * Self.beatsPerBar else { break }
      placements.append(Placement(pattern: pattern, beat: start, index: index))
      beat = start + pattern.beats
    }
    self.placements = placements
  }

  public var beatCount: Int { bars * Self.beatsPerBar }

  /// Beats no pattern plays: those a pattern skipped to start on the next bar, and those after
  /// the last pattern that fitted.
  public var silentBeats: [Int] {
    var covered = Array(repeating: false, count: beatCount)
    for placement in placements {
      for beat in placement.beats { covered[beat] = true }
    }
    return covered.indices.filter { !covered[$0] }
  }

  /// How many times the whole line is played.
  public var timesThrough: Int { placements.count / patterns.count }

  /// The patterns played after the last whole time through: the line stops part way after
  /// this many of them (0 when it ends with a whole time through).
  public var patternsLeftOver: Int { placements.count % patterns.count }

  /// Each time through the line as the beats it takes, from its first pattern's beat to the
  /// next time's, the last to the end of the exercise; beats a pattern skipped belong to the
  /// time through they fall in.
  public var passes: [Range<Int>] {
    let starts = placements.filter { $0.index == 0 }.map(\.beat)
    return starts.indices.map {
      starts[$0]..<(starts.indices.contains($0 + 1) ? starts[$0 + 1] : beatCount)
    }
  }

  /// The notes to play, in order, each with its onset in beats from beat 0 and its written
  /// length. The written length is what the grader's window base comes from: the time to the
  /// next event, note or rest, with the notes tied to it held on. A rest is an event, so a note
  /// before a rest is not given the rest's time as well: a hit that falls on the rest is an
  /// extra hit, not a late hit of that note.
  public var notes: [RhythmPattern.Note] {
    placements.flatMap { placement in
      placement.pattern.notes.map {
        RhythmPattern.Note(onset: BeatFraction(placement.beat) + $0.onset, length: $0.length)
      }
    }
  }

  /// For each beat, whether a written note is still held when it begins (a half note's second
  /// beat, a beat a tie holds over): nobody plays on its click, but the note may still sound.
  public var heldBeats: [Bool] {
    var held = Array(repeating: false, count: beatCount)
    for note in notes {
      let end = note.onset + note.length
      for beat in held.indices where note.onset < BeatFraction(beat) && end > BeatFraction(beat) {
        held[beat] = true
      }
    }
    return held
  }

  /// A note's windows grow with its written length only up to a beat: a half or a whole note
  /// is judged on its onset as a quarter is, so its early window never reaches back over the
  /// note before it, nor its late one over a beat nobody plays on.
  public static let longestWindowBase = BeatFraction.one

  /// The notes at `bpm` with beat 0 at `firstBeat` seconds, for `RhythmGrader`. Each time is
  /// computed from the note's exact onset, never accumulated, so no rounding creeps in.
  public func expectedNotes(firstBeat: Double, bpm: Double) -> [RhythmGrader.ExpectedNote] {
    let beatLength = 60 / bpm
    return notes.map {
      RhythmGrader.ExpectedNote(
        time: firstBeat + $0.onset.value * beatLength,
        windowBase: min($0.length, Self.longestWindowBase).value * beatLength)
    }
  }
}
