import FoundationEssentials
import MusicTheory

/// The drill's, the streak's and the rhythm trainer's records, checked as the interval game's
/// are: the figure a board takes is counted again from what the record holds.
extension ScorePlausibility {
  public static let notesModule = "notes"
  /// The notes' exercises that keep a best, by `NoteExercise`'s raw values.
  public static let drillExercise = "timed"
  public static let streakExercise = "streak"
  /// The drill's length, `NoteExercise.timedSeconds`.
  public static let drillSeconds = 60.0
  /// The drill ends at the first tick of the clock after its minute: ticks come each second.
  static let drillEndLateness = 1.0
  public static let rhythmModule = "rhythm"
  /// The tempi and lengths the trainer plays, `RhythmSettings.bpmRange` and `.barRange`.
  public static let rhythmTempi = 40...160
  public static let rhythmBars = 1...16
  /// The most patterns a line has, `RhythmSettings.lineLengthRange`; and of packs, a bound on
  /// what a board's name may hold.
  public static let longestLine = 8
  public static let mostPacks = 64
  /// How far a recomputed accuracy may differ from the record's: the same sum, in another
  /// order.
  static let accuracyTolerance = 1e-6

  /// The board `record` counts for at `now`, or the first rule it breaks: a drill or a streak
  /// (`notesResult`), or a rhythm run (`rhythmResult`).
  public static func boardResult(of record: SessionRecord, now: Date) throws(ScoreRefusal)
    -> BoardResult
  {
    switch record.module {
    case notesModule: return try notesResult(of: record, now: now)
    case rhythmModule: return try rhythmResult(of: record, now: now)
    default: throw ScoreRefusal("the record is not a drill's, a streak's or a rhythm run's")
    }
  }

  /// The cards right in a timed drill, or before the first mistake in a streak.
  public static func notesResult(of record: SessionRecord, now: Date) throws(ScoreRefusal)
    -> BoardResult
  {
    let game: BoardGame
    switch (record.module, record.exercise) {
    case (notesModule, drillExercise): game = .drill
    case (notesModule, streakExercise): game = .streak
    default: throw ScoreRefusal("the record is not a timed drill's or a streak's")
    }
    guard !record.isCutShort else { throw ScoreRefusal("a \(game) cut short counts for no board") }
    guard isPacks(record.content) else { throw ScoreRefusal("the record names no packs") }
    guard let right = whole(record.figures["right"]) else {
      throw ScoreRefusal("the record has no count of cards right")
    }
    try checkDates(record, now: now)

    var time = 0.0
    for (index, answer) in record.answers.enumerated() {
      let number = index + 1
      guard answer.seconds.isFinite, answer.seconds >= 0 else {
        throw ScoreRefusal("answer \(number) has no time")
      }
      time += answer.seconds
      // A wrong key pressed twice in haste gains nothing; a right one that fast was not read.
      if answer.isCorrect, answer.seconds < fastestAnswer {
        throw ScoreRefusal(
          "answer \(number) came \(seconds(answer.seconds)) after its card: faster than anyone "
            + "reads a note")
      }
    }
    guard time <= record.duration + slack else {
      throw ScoreRefusal(
        "the answers take \(seconds(time)), longer than the \(game)'s "
          + "\(seconds(record.duration))")
    }
    let counted: Int
    switch game {
    case .drill:
      guard record.figures["seconds"] == drillSeconds,
        record.duration >= drillSeconds - slack,
        record.duration <= drillSeconds + drillEndLateness + slack
      else {
        throw ScoreRefusal(
          "a drill lasts \(Int(drillSeconds)) s, not \(seconds(record.duration))")
      }
      counted = record.answers.count { $0.isCorrect }
    default:
      guard let mistake = record.answers.firstIndex(where: { !$0.isCorrect }) else {
        throw ScoreRefusal("a streak ends at its first mistake, and this one has none")
      }
      guard mistake == record.answers.count - 1 else {
        throw ScoreRefusal("answer \(mistake + 2) comes after the streak's first mistake")
      }
      counted = mistake
    }
    guard right == counted else {
      throw ScoreRefusal("\(right) cards right, but the answers give \(counted)")
    }
    return BoardResult(
      game: game, board: BoardResult.packsBoard(record.content), score: Double(counted),
      startedAt: record.startedAt)
  }

  /// The accuracy of a rhythm run played live in the trainer, counted again from its graded
  /// notes, which must be as many as its line has. The line is counted with the patterns
  /// Woodshed ships: a player's own pattern may reuse no shipped id, but two players' own
  /// patterns of one id may differ, so a line with one has no board.
  public static func rhythmResult(of record: SessionRecord, now: Date) throws(ScoreRefusal)
    -> BoardResult
  {
    guard record.module == rhythmModule else {
      throw ScoreRefusal("the record is not a rhythm run's")
    }
    guard !record.isCutShort else { throw ScoreRefusal("a run cut short counts for no board") }
    guard record.figures["live"] == 1 else {
      throw ScoreRefusal(
        "a rhythm graded from a recording or from typed taps is no performance: only runs "
          + "played live in the trainer go to a board")
    }
    guard isLine(record.content) else { throw ScoreRefusal("the record names no rhythm line") }
    guard let bpm = whole(record.figures["bpm"]), rhythmTempi.contains(bpm) else {
      throw ScoreRefusal("the record's tempo is not one the trainer plays")
    }
    guard let bars = whole(record.figures["bars"]), rhythmBars.contains(bars) else {
      throw ScoreRefusal("the record's length in bars is not one the trainer plays")
    }
    var patterns: [RhythmPattern] = []
    for id in record.content {
      guard let pattern = RhythmPattern.shipped.first(where: { $0.id == id }) else {
        throw ScoreRefusal("the line's pattern \(id) is not one Woodshed ships")
      }
      patterns.append(pattern)
    }
    guard let line = RhythmLine(patterns: patterns, bars: bars) else {
      throw ScoreRefusal("the record names no rhythm line")
    }
    guard record.graded.count == line.notes.count else {
      throw ScoreRefusal(
        "the record grades \(record.graded.count) notes, but the line has \(line.notes.count)")
    }
    var notes: [RhythmResults.NoteResult] = []
    for (index, note) in record.graded.enumerated() {
      let offset = note.offsetMilliseconds
      if note.grade == .miss, offset != nil {
        throw ScoreRefusal("note \(index + 1) is missed, yet has a hit")
      }
      guard note.grade == .miss || offset?.isFinite == true else {
        throw ScoreRefusal("note \(index + 1) is graded \(note.grade.rawValue) with no hit")
      }
      notes.append(.init(expected: 0, hit: offset.map { $0 / 1000 }, grade: note.grade))
    }
    guard let extra = whole(record.figures["extra"]), extra >= 0 else {
      throw ScoreRefusal("the record has no count of extra hits")
    }
    guard let claimed = record.figures["accuracy"], claimed.isFinite else {
      throw ScoreRefusal("the record has no accuracy")
    }
    try checkDates(record, now: now)
    let accuracy = RhythmResults(
      notes: notes, extraHits: Array(repeating: 0, count: extra)
    ).accuracy
    guard abs(claimed - accuracy) <= accuracyTolerance else {
      throw ScoreRefusal(
        "an accuracy of \(percent(claimed)), but the graded notes give \(percent(accuracy))")
    }
    return BoardResult(
      game: .rhythm, board: BoardResult.rhythmBoard(line: record.content, bpm: bpm, bars: bars),
      score: accuracy, startedAt: record.startedAt)
  }

  /// A choice of packs a board takes: one to `mostPacks` ids, each written as a pack file's.
  public static func isPacks(_ ids: [String]) -> Bool {
    (1...mostPacks).contains(ids.count) && ids.allSatisfy(isPatternID)
  }

  /// A rhythm line a board takes: one to `longestLine` pattern ids.
  public static func isLine(_ ids: [String]) -> Bool {
    (1...longestLine).contains(ids.count) && ids.allSatisfy(isPatternID)
  }

  /// "93.8 %": the accuracy as the trainer shows it.
  public static func percent(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(abs(tenths % 10)) %"
  }
}
