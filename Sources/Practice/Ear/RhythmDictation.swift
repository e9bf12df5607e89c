import MusicTheory

/// What a rhythm dictation's bars are made of, easiest first: the cells (the rhythm trainer's
/// shipped patterns of one or two beats) a bar of 4/4 is filled with, and how many bars. Each
/// level adds cells to the one before; the last asks two bars of them all.
public enum RhythmStyle: String, CaseIterable, Sendable {
  /// Quarters and eighths, one bar.
  case quarters
  /// And the quarter rest, the half note and the dotted quarter.
  case rests
  /// And sixteenths: four, after an eighth, before one, and the dotted eighth's pair.
  case sixteenths
  /// And the triplet, the syncopations and the offbeat eighth.
  case syncopation
  /// Every cell, two bars.
  case twoBars = "two-bars"

  /// The cells the bars are filled with.
  public var cells: [RhythmPattern] {
    switch self {
    case .quarters: [.quarter, .eighths]
    case .rests: RhythmStyle.quarters.cells + [.rest, .half, .dottedQuarterEighth]
    case .sixteenths:
      RhythmStyle.rests.cells + [
        .sixteenths, .eighthTwoSixteenths, .twoSixteenthsEighth, .dottedEighthSixteenth,
      ]
    case .syncopation:
      RhythmStyle.sixteenths.cells + [.triplet, .syncopation, .offbeatEighth, .tiedSyncopation]
    case .twoBars: RhythmStyle.syncopation.cells
    }
  }

  public var bars: Int { self == .twoBars ? 2 : 1 }
}

/// A rhythm dictation: one or two bars heard on the click, to be chosen among four written
/// rhythms or tapped back. The rhythm is a list of cells filling its bars; each of the three
/// others differs from it by one change (a cell swapped for another as long that sounds
/// otherwise), and all four sound different from each other.
public struct RhythmDictation: Equatable, Sendable {
  public static let choiceCount = 4
  /// The tempo every question is heard at: a sixteenth is still 190 ms, a bar 3 s.
  public static let bpm = 80.0

  public let style: RhythmStyle
  /// The four rhythms written as choices, the right one among them.
  public let choices: [[RhythmPattern]]
  /// The right rhythm's place among `choices`.
  public let answerIndex: Int

  public init(style: RhythmStyle, choices: [[RhythmPattern]], answerIndex: Int) {
    precondition(choices.indices.contains(answerIndex), "the right rhythm is one of the choices")
    self.style = style
    self.choices = choices
    self.answerIndex = answerIndex
  }

  /// The rhythm heard.
  public var cells: [RhythmPattern] { choices[answerIndex] }

  /// The rhythm laid out as the rhythm trainer lays out a line: its notes, onsets and windows.
  public var line: RhythmLine { Self.line(cells, bars: style.bars) }

  /// Where the rhythm's notes start, in beats from its first beat (a note tied into starts
  /// none).
  public var onsets: [BeatFraction] { line.notes.map(\.onset) }

  /// `cells` laid out over `bars` bars as the rhythm trainer lays out a line.
  public static func line(_ cells: [RhythmPattern], bars: Int) -> RhythmLine {
    guard let line = RhythmLine(patterns: cells, bars: bars) else {
      preconditionFailure("a rhythm has cells and bars")
    }
    return line
  }

  /// Whether `cells` make `bars` bars a dictation may ask: they fill every beat exactly, none
  /// runs across a bar line, each bar starts with a note (the ear needs its downbeat), and no
  /// bar rests more than one whole beat.
  public static func isValid(_ cells: [RhythmPattern], bars: Int) -> Bool {
    guard !cells.isEmpty, bars >= 1,
      cells.reduce(0, { $0 + $1.beats }) == bars * RhythmLine.beatsPerBar
    else { return false }
    let line = line(cells, bars: bars)
    guard line.placements.count == cells.count, line.silentBeats.isEmpty else { return false }
    for bar in 0..<bars {
      let inBar = line.placements.filter { $0.beat / RhythmLine.beatsPerBar == bar }
      guard let first = inBar.first, !first.pattern.events[0].isRest,
        inBar.count(where: { $0.pattern == .rest }) <= 1
      else { return false }
    }
    return true
  }

  /// Every valid rhythm one change from `cells`: one cell swapped for another of `style` as
  /// long, whose notes start elsewhere, so the change is heard.
  public static func changes(of cells: [RhythmPattern], style: RhythmStyle) -> [[RhythmPattern]] {
    let heard = line(cells, bars: style.bars).notes.map(\.onset)
    var changed: [[RhythmPattern]] = []
    for index in cells.indices {
      for cell in style.cells where cell.beats == cells[index].beats && cell != cells[index] {
        var candidate = cells
        candidate[index] = cell
        guard isValid(candidate, bars: style.bars),
          line(candidate, bars: style.bars).notes.map(\.onset) != heard
        else { continue }
        changed.append(candidate)
      }
    }
    return changed
  }

  /// A question in `style`: a valid rhythm drawn cell by cell, three of its changes that sound
  /// different from each other, and the four in an order drawn too. With `weight`, each cell
  /// is drawn with that relative chance (its Leitner box's, so cells missed come back most);
  /// without it, every cell alike.
  public static func question(
    style: RhythmStyle, weight: ((RhythmPattern) -> Double)? = nil,
    using random: inout some RandomNumberGenerator
  ) -> RhythmDictation {
    // A rhythm with fewer than three changes heard apart (rare: only where rests and long
    // notes leave little to change) is drawn again.
    while true {
      let cells = rhythm(style: style, weight: weight, using: &random)
      guard isValid(cells, bars: style.bars) else { continue }
      var heard = [line(cells, bars: style.bars).notes.map(\.onset)]
      var distractors: [[RhythmPattern]] = []
      for candidate in changes(of: cells, style: style).shuffled(using: &random)
      where distractors.count < choiceCount - 1 {
        let onsets = line(candidate, bars: style.bars).notes.map(\.onset)
        guard !heard.contains(onsets) else { continue }
        heard.append(onsets)
        distractors.append(candidate)
      }
      guard distractors.count == choiceCount - 1 else { continue }
      let answerIndex = Int.random(in: 0..<choiceCount, using: &random)
      var choices = distractors
      choices.insert(cells, at: answerIndex)
      return RhythmDictation(style: style, choices: choices, answerIndex: answerIndex)
    }
  }

  /// Taps (seconds on any one clock) against the rhythm with its first beat at `firstBeat`,
  /// graded as the rhythm trainer grades a line: each note matched to a tap in its window, the
  /// taps no note takes extra. Taps along the count-in are no extra taps.
  public func grade(taps: [Double], firstBeat: Double, windows: RhythmWindows) -> RhythmResults {
    RhythmGrader(windows: windows).grade(line, firstBeat: firstBeat, bpm: Self.bpm, hits: taps)
  }

  /// Whether `results` tap the whole rhythm: every note in its window, no tap extra.
  public static func isRight(_ results: RhythmResults) -> Bool {
    results.extraHits.isEmpty && results.count(of: .miss) == 0
  }

  /// For each cell, whether `results` tap it right: each of its notes in its window and no
  /// extra tap within its beats.
  public func cellMarks(_ results: RhythmResults, firstBeat: Double) -> [Bool] {
    let beatSeconds = 60 / Self.bpm
    var notes = results.notes[...]
    return line.placements.map { placement in
      let count = placement.pattern.notes.count
      let own = notes.prefix(count)
      notes = notes.dropFirst(count)
      let start = firstBeat + Double(placement.beat) * beatSeconds
      let end = firstBeat + Double(placement.beats.upperBound) * beatSeconds
      return own.allSatisfy { $0.grade != .miss }
        && !results.extraHits.contains { $0 >= start && $0 < end }
    }
  }

  /// Cells drawn one after another, each among those that fit in what is left of its bar, with
  /// the chance `weight` gives it.
  static func rhythm(
    style: RhythmStyle, weight: ((RhythmPattern) -> Double)?,
    using random: inout some RandomNumberGenerator
  ) -> [RhythmPattern] {
    var cells: [RhythmPattern] = []
    for _ in 0..<style.bars {
      var left = RhythmLine.beatsPerBar
      while left > 0 {
        let fitting = style.cells.filter { $0.beats <= left }
        let cell =
          weight.map { fitting.randomElement(weights: fitting.map($0), using: &random) }
          ?? fitting.randomElement(using: &random)!
        cells.append(cell)
        left -= cell.beats
      }
    }
    return cells
  }
}
