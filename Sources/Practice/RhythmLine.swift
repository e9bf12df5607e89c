import MusicTheory

/// A line of rhythm to play against the click: the patterns, one per beat, over and over for
/// `bars` bars of 4/4. Beat `k` of the exercise (beat 0 is the first beat after the count-in)
/// plays pattern `k mod patterns.count`, so four patterns make one bar and a line of another
/// length runs across the bar lines.
public struct RhythmLine: Equatable, Sendable {
  public static let beatsPerBar = 4

  public let patterns: [RhythmPattern]
  public let bars: Int

  /// Nil without a pattern or without a bar to play.
  public init?(patterns: [RhythmPattern], bars: Int) {
    guard !patterns.isEmpty, bars >= 1 else { return nil }
    self.patterns = patterns
    self.bars = bars
  }

  public var beatCount: Int { bars * Self.beatsPerBar }

  /// The pattern played on beat `beat`, from 0 to `beatCount - 1`.
  public func pattern(atBeat beat: Int) -> RhythmPattern {
    patterns[beat % patterns.count]
  }

  /// The notes to play, in order, each with its onset in beats from beat 0 and its written
  /// length. The written length is the window base the grader scales its windows by: the time
  /// to the next event, note or rest. A rest is an event, so a note before a rest is not given
  /// the rest's time as well: a hit that falls on the rest is an extra hit, not a late hit of
  /// that note.
  public var notes: [RhythmPattern.Note] {
    (0..<beatCount).flatMap { beat in
      pattern(atBeat: beat).notes.map {
        RhythmPattern.Note(onset: BeatFraction(beat) + $0.onset, length: $0.length)
      }
    }
  }

  /// The notes at `bpm` with beat 0 at `firstBeat` seconds, for `RhythmGrader`. Each time is
  /// computed from the note's exact onset, never accumulated, so no rounding creeps in.
  public func expectedNotes(firstBeat: Double, bpm: Double) -> [RhythmGrader.ExpectedNote] {
    let beatLength = 60 / bpm
    return notes.map {
      RhythmGrader.ExpectedNote(
        time: firstBeat + $0.onset.value * beatLength, windowBase: $0.length.value * beatLength)
    }
  }
}
