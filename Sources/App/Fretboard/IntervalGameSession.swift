import DSP
import FoundationEssentials
import MusicTheory
import Practice
import Storage
import TerminalUI

/// The interval game on one pattern: questions move along a lane, and each is answered by
/// marking every place of its interval on the neck, with the cursor or by typing
/// "string fret". Each right mark sounds the tonic and the note. The questions are intervals
/// or note names in the pattern's key, written, or heard: sounded over the tonic.
public struct IntervalGameSession: Equatable, Sendable {
  public private(set) var game: IntervalGame
  public let mode: IntervalGame.Mode
  /// Whether the questions are sounded rather than written.
  public let isHeard: Bool
  /// The pattern's tonic, which spells the note names.
  public let root: NoteClass
  /// The pitch of the pattern's lowest tonic, over which a heard question sounds.
  let tonicPitch: Pitch
  /// The question last sounded, so each is sounded once as it comes to be answered.
  private var sounded: IntervalGame.Question?
  /// The question the last mark cleared, which a heard game then names.
  public private(set) var lastCleared: Interval?
  /// The place the cursor is on.
  public private(set) var cursor: FretPosition
  /// "string fret" being typed to mark a place without moving the cursor.
  public private(set) var typed = ""
  /// The last mark, for its flash of colour.
  public private(set) var lastMark: IntervalGame.Mark?
  /// What was wrong with the last mark, said until the next right one.
  public private(set) var mistake: Mistake?
  /// The points the last wrong mark cost: the level it was made at, which in an adaptive game
  /// the mark itself may change.
  public private(set) var pointsLost = 0

  public enum Mistake: Equatable, Sendable {
    /// What was typed is no place on this neck.
    case noPlace(String)
    /// The place holds another tone of the pattern than the one asked for.
    case otherTone(FretPosition, holds: Interval, asked: Interval)
    /// The place holds no tone of the pattern.
    case outside(FretPosition)
  }
  /// When the game's clock starts: after the countdown.
  let startedAt: MonotonicInstant
  /// When Space paused the game, while it is paused.
  public private(set) var pausedAt: MonotonicInstant?
  /// Nanoseconds spent paused, which the game's clock does not count.
  private var pausedFor: UInt64 = 0

  /// Seconds of "3, 2, 1" before the first question enters.
  static let countdownSeconds: UInt64 = 3

  /// A game on `pattern` with its tonic on the fretboard's root, counting down from `time`. Its
  /// pace fits the player unless the settings keep the fixed levels; `pace` is where an
  /// adaptive game starts, level 1's speed when nil.
  init(
    pattern: FretPattern, settings: Settings, at time: MonotonicInstant,
    mode: IntervalGame.Mode = .intervals, isHeard: Bool = false, pace: Double? = nil
  ) {
    let root = NamingSystem.english.noteClass(parsing: settings.fretboard.root) ?? NoteClass(.A)
    let positions = FretboardModel.placement(of: pattern, root: root)
    game = IntervalGame(
      positions: positions, intervals: pattern.intervals,
      staircase: settings.fretboard.gamePace == .adaptive
        ? GameStaircase(crossingSeconds: pace ?? GameStaircase.slowest) : nil)
    self.mode = mode
    self.isHeard = isHeard
    self.root = root
    tonicPitch =
      zip(positions, pattern.intervals)
      .filter { $0.1.semitones % 12 == 0 }
      .map { pattern.tuning.pitch(string: $0.0.string, fret: $0.0.fret) }
      .min() ?? Pitch(midiNumber: 57)
    cursor = positions.first ?? FretPosition(string: 1, fret: 0)
    startedAt = MonotonicInstant(
      nanoseconds: time.nanoseconds + Self.countdownSeconds * 1_000_000_000)
  }

  /// How a question reads: its interval, or the note's name spelled from the tonic by that
  /// interval, so each degree of a seven-note scale has its own letter (A♭, not G♯, in E♭).
  public func text(
    of interval: Interval, naming: NamingSystem, accidentals: AccidentalStyle
  ) -> String {
    guard mode == .noteNames, let note = IntervalGame.note(of: interval, tonic: root) else {
      return interval.degreeName
    }
    return naming.name(of: note, glyphs: accidentals)
  }

  /// The tonic and then the note `interval` above it, as a heard question sounds.
  func sound(of interval: Interval, settings: Settings) -> Effect {
    .playNotes([tonicPitch, tonicPitch + interval.semitones], settings.fretboard.sound)
  }

  /// The whole seconds of the countdown left at `now` (3, 2, 1), or nil once the game runs.
  func countdown(at now: MonotonicInstant) -> Int? {
    guard now.nanoseconds < startedAt.nanoseconds else { return nil }
    return Int((startedAt.nanoseconds - now.nanoseconds + 999_999_999) / 1_000_000_000)
  }

  /// The game's own clock at `time`: from the end of the countdown, without the pauses.
  private func gameSeconds(at time: MonotonicInstant) -> Double {
    let running = time.nanoseconds &- startedAt.nanoseconds &- pausedFor
    return time.nanoseconds > startedAt.nanoseconds + pausedFor ? Double(running) / 1e9 : 0
  }

  /// A key while the game runs: moves, typing, marks; Space pauses and goes on; Esc ends the
  /// game (`ends`). Counting down, the cursor may be placed but nothing marked; paused, only
  /// Space and Esc count.
  mutating func handle(
    _ key: Key, at time: MonotonicInstant, settings: Settings, pattern: FretPattern
  )
    -> (effects: [Effect], ends: Bool)
  {
    if key == .character(" "), typed.isEmpty, countdown(at: time) == nil {
      if let pausedAt {
        pausedFor += time.nanoseconds &- pausedAt.nanoseconds
        self.pausedAt = nil
      } else {
        pausedAt = time
      }
      return ([], false)
    }
    if key == .escape, typed.isEmpty {
      game.end()
      return ([], true)
    }
    guard pausedAt == nil else { return ([], false) }
    if key == .character("r"), isHeard, typed.isEmpty, let oldest = game.questions.first {
      return ([sound(of: oldest.interval, settings: settings)], false)
    }
    if let moved = cursor.moved(by: key, on: pattern.tuning) {
      cursor = moved
      return ([], false)
    }
    guard countdown(at: time) == nil else { return ([], false) }
    switch key {
    case .character(let character) where character.isNumber || (character == " " && !typed.isEmpty):
      if typed.count < 5 { typed.append(character) }
    case .backspace:
      if !typed.isEmpty { typed.removeLast() }
    case .enter:
      let place = typed.isEmpty ? cursor : Self.place(typed, on: pattern.tuning)
      defer { typed = "" }
      guard let place else {
        lastMark = .wrong
        mistake = .noPlace(typed)
        return ([], false)
      }
      return (mark(place, at: time, settings: settings, pattern: pattern), false)
    case .escape:
      typed = ""
    default:
      break
    }
    return ([], false)
  }

  /// The lane moves on to `time`, unless the game is paused. In a heard game, a question
  /// coming to be the one answered is sounded.
  mutating func advance(
    to time: MonotonicInstant, settings: Settings, using random: inout SplitMix64
  ) -> [Effect] {
    guard pausedAt == nil else { return [] }
    game.advance(to: gameSeconds(at: time), using: &random)
    guard isHeard, !game.isOver, let oldest = game.questions.first, oldest != sounded else {
      return []
    }
    sounded = oldest
    return [sound(of: oldest.interval, settings: settings)]
  }

  /// "3 5" is string 3, fret 5.
  static func place(_ text: String, on tuning: Tuning) -> FretPosition? {
    let numbers = text.split(separator: " ").compactMap { Int($0) }
    guard numbers.count == 2, (1...tuning.stringCount).contains(numbers[0]),
      (0...tuning.lastFret).contains(numbers[1])
    else { return nil }
    return FretPosition(string: numbers[0], fret: numbers[1])
  }

  private mutating func mark(
    _ place: FretPosition, at time: MonotonicInstant, settings: Settings, pattern: FretPattern
  ) -> [Effect] {
    let interval = game.tones[place]
    let asked = game.questions.first?.interval
    let level = game.level
    let result = game.mark(place, at: gameSeconds(at: time))
    lastMark = result
    switch result {
    case .wrong:
      pointsLost = level
      if let interval, let asked {
        mistake = .otherTone(place, holds: interval, asked: asked)
      } else {
        mistake = .outside(place)
      }
    case .right: mistake = nil
    case .cleared:
      mistake = nil
      lastCleared = asked
    case .ignored: break
    }
    guard result == .right || result == .cleared, let interval else { return [] }
    // A heard game sounds the next question at once; the clearing note would blur it.
    if result == .cleared, isHeard { return [] }
    // The tonic, then the note marked, so the ear learns the interval too.
    let tonic = pattern.tuning.pitch(string: place.string, fret: place.fret) - interval.semitones
    return [
      .playNotes(
        [tonic, pattern.tuning.pitch(string: place.string, fret: place.fret)],
        settings.fretboard.sound)
    ]
  }

  /// The most marks a record keeps. A mark is about 100 bytes of the line, and a history line
  /// over 512 KiB is read as damage and skipped; a game with more (a key held on a wrong place
  /// repeats) is kept without its marks, which only a leaderboard needs.
  static let marksKept = 500

  /// The game so far, at `now`, as a line of the history; the runtime dates it.
  func record(of pattern: FretPattern, at now: MonotonicInstant) -> SessionRecord {
    SessionRecord(
      module: FretboardModel.module, exercise: FretboardModel.exercise,
      startedAt: Date(timeIntervalSince1970: 0),
      duration: gameSeconds(at: pausedAt ?? now),
      figures: [
        "score": Double(game.score), "level": Double(game.highestLevel),
        "band": Double(FretboardModel.band(of: game.highestLevel)),
        "passed": game.isPassed ? 1 : 0,
      ].merging(IntervalGame.figures(mode: mode, isHeard: isHeard, pace: game.staircase)) { $1 },
      content: [pattern.id], answers: game.answers.count <= Self.marksKept ? game.answers : [],
      isCutShort: !game.isOver)
  }
}
