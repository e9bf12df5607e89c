import AudioModel
import DSP
import FoundationEssentials
import MusicTheory
import Practice
import Storage
import TerminalUI

/// The fretboard: choose a pattern (a scale or arpeggio shape) and a root, then see it on the
/// neck labelled with its intervals, its note names or bare dots, slide it to another root and
/// step through the positions; or play the interval game on it (`g`).
public struct FretboardModel: Equatable, Sendable {
  public enum Phase: Equatable, Sendable {
    case choosing
    case exploring
    /// The interval game: its explanation first when it was never played.
    case explaining
    case playing
    case gameOver
    /// Playing the pattern note by note (`t`), or hearing it played (`p`).
    case running
    /// Games played, bests and achievements (`r`).
    case records
    /// The short tutorial that opens the arpeggios, on this page.
    case tutorial(page: Int)
  }

  static let tutorialPages = 3

  public private(set) var phase = Phase.choosing
  /// The pattern under the cursor, or on the neck.
  public private(set) var selected = 0
  public private(set) var game: IntervalGame?
  /// Whether the box asking to delete the user's pattern under the cursor is up.
  public private(set) var asksToDelete = false
  /// Why the last key did nothing, such as asking to delete a library pattern.
  public private(set) var problem: Message?
  /// The pattern played note by note, up then down.
  public private(set) var run: ScaleRun?
  /// Whether the pattern's places are shown while it is played from memory; `m` toggles.
  public private(set) var showsMarkers = true
  /// Whether the places were shown at any time during the run under way.
  private var showedPlaces = true
  /// The level being worked on while playing a pattern through.
  public private(set) var runLevel = RunLevel.all[0]
  /// Whether the run up met the level, so a clean run down passes it.
  private var upMetLevel = false
  /// Whether the last run down, with the run up before it, passed the level.
  public private(set) var passedLevel = false
  /// Whether notes are taken from the microphone as well as the cursor; `i` toggles.
  public private(set) var listens = false
  /// Whether the click plays while a pattern is played through; `c` toggles.
  public private(set) var clicks = false
  /// When the pattern started being played to the player (`p`), while it is.
  private var presentedAt: MonotonicInstant?

  /// The note of the run sounding now while the pattern is played to the player; they follow
  /// each other as the note player spaces them.
  public var presentedNote: Int? {
    guard let presentedAt, let run, now >= presentedAt else { return nil }
    let index = Int((now - presentedAt) / .seconds(NotePlayer.spacing))
    return index < run.expected.count ? index : nil
  }

  /// Whether the click is still in its bar of count-in, or not yet heard.
  public private(set) var isCountingIn = false
  /// Why the microphone could not be used.
  public private(set) var microphoneProblem: String?
  /// The MIDI port notes are also taken from while listening, when one is open.
  public private(set) var midiPort: String?
  private var heldNotes = HeldNoteDetector()
  private var tapTempo = TapTempo()
  /// The input frame of the last attack the microphone heard, until a note takes it.
  private var lastOnset: Int64?
  /// The place the game's cursor is on.
  public private(set) var cursor = FretPosition(string: 1, fret: 0)
  /// "string fret" being typed to mark a place without moving the cursor.
  public private(set) var typed = ""
  /// The last mark, for its flash of colour.
  public private(set) var lastMark: IntervalGame.Mark?
  /// A personal record: the best score and the longest survival.
  public struct Best: Equatable, Sendable {
    public let score: Int
    public let seconds: Double

    public init(score: Int, seconds: Double) {
      self.score = score
      self.seconds = seconds
    }
  }

  /// The record with this pattern in the level band reached, before the game just played.
  public private(set) var previousBest: Best?
  private var startedAt: MonotonicInstant?
  public private(set) var now = MonotonicInstant(nanoseconds: 0)
  private var random: SplitMix64

  /// `seed` makes the game's questions; the runtime passes the moment the screen opened.
  public init(seed: UInt64 = 0) {
    random = SplitMix64(seed: seed)
  }

  static let module = "fretboard"
  static let exercise = "intervals"
  static let runExercise = "run"

  /// How many levels of playing it through each pattern has passed, from the history: the
  /// player's progress. Runs recorded before the levels existed count as played with the
  /// places shown, in free time.
  public static func runLevels(in history: [SessionRecord]) -> [String: Int] {
    var up: [String: [RunLevel.Conditions]] = [:]
    var down: [String: [RunLevel.Conditions]] = [:]
    for record in history
    where record.module == module && record.exercise == runExercise && record.figures["passed"] == 1
    {
      let bpm = record.figures["bpm"].map { Int($0.rounded()) }
      let conditions = RunLevel.Conditions(
        showedPlaces: record.figures["markers"] != 0, bpm: bpm == 0 ? nil : bpm)
      for id in record.content {
        if record.figures["descending"] == 1 {
          down[id, default: []].append(conditions)
        } else {
          up[id, default: []].append(conditions)
        }
      }
    }
    var levels: [String: Int] = [:]
    for (id, runs) in up {
      let passed = RunLevel.passed(up: runs, down: down[id] ?? [])
      if passed > 0 { levels[id] = passed }
    }
    return levels
  }
  /// A frame of the lane's movement: smooth enough to read, idle enough for SSH.
  static let frameNanoseconds: UInt64 = 100_000_000

  /// The roots offered, spelled the way most charts spell them.
  static let roots = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"]

  static let choosingHints: [KeyHint] = [
    KeyHint(.upDown, "common.move"),
    KeyHint(.leftRight, "fretboard.key.root"),
    KeyHint(.enter, "fretboard.key.show"),
    KeyHint(.text("n"), "fretboard.key.new"),
    KeyHint(.text("e"), "fretboard.key.edit"),
    KeyHint(.text("d"), "fretboard.key.delete", inBar: false),
    KeyHint(.text("r"), "fretboard.key.records", inBar: false),
    KeyHint(.text("x"), "fretboard.key.practised", inBar: false),
    .back,
    .help,
  ]

  static let exploringHints: [KeyHint] = [
    KeyHint(.leftRight, "fretboard.key.root"),
    KeyHint(.upDown, "fretboard.key.pattern"),
    KeyHint(.text("l"), "fretboard.key.labels"),
    KeyHint(.text("h"), "fretboard.key.hand"),
    KeyHint(.text("g"), "fretboard.key.game"),
    KeyHint(.text("t"), "fretboard.key.test", inBar: false),
    // No room at 80 columns; Esc goes back on every screen and the ? overlay lists it.
    KeyHint(.escape, "common.back", inBar: false),
    .help,
  ]

  static let playingHints: [KeyHint] = [
    KeyHint(.text("←→↑↓"), "fretboard.key.cursor"),
    KeyHint(.enter, "fretboard.key.mark"),
    KeyHint(.text("1-6"), "fretboard.key.type"),
    KeyHint(.escape, "fretboard.key.stop"),
    .help,
  ]

  static let runningHints: [KeyHint] = [
    KeyHint(.text("←→↑↓"), "fretboard.key.cursor"),
    KeyHint(.enter, "fretboard.key.play"),
    KeyHint(.text("p"), "fretboard.key.present"),
    KeyHint(.text("m"), "fretboard.key.markers"),
    KeyHint(.text("i"), "fretboard.key.listen"),
    KeyHint(.text("c +-"), "fretboard.key.click", inBar: false),
    KeyHint(.text("t"), "fretboard.key.tap", inBar: false),
    KeyHint(.escape, "fretboard.key.stop"),
  ]

  static let gameOverHints: [KeyHint] = [
    KeyHint(.enter, "fretboard.key.again"),
    .back,
    .help,
  ]

  var keyHints: [KeyHint] {
    switch phase {
    case .choosing: Self.choosingHints
    case .exploring: Self.exploringHints
    case .explaining, .gameOver: Self.gameOverHints
    case .records: [.back, .help]
    case .tutorial: [KeyHint(.enter, "fretboard.key.next"), .back]
    case .playing: Self.playingHints
    case .running: Self.runningHints
    }
  }

  /// While playing, every key is the game's, and digits are typed places; while asking to
  /// delete, every key answers.
  var capturesKeys: Bool { phase == .playing || phase == .running || asksToDelete }

  /// `d` on a pattern: the user's own is deleted after asking, the library's cannot be.
  mutating func askToDelete(isOwn: Bool) {
    if isOwn { asksToDelete = true } else { problem = Message("fretboard.problem.notYours") }
  }

  /// Esc on the neck or after a game goes back a step rather than leaving the screen.
  var goesBackWithinScreen: Bool { phase != .choosing }

  mutating func goBack() {
    switch phase {
    case .exploring, .records, .tutorial: phase = .choosing
    default: phase = .exploring
    }
  }

  /// While a game runs, the lane moves: the screen wants a tick every frame. While a pattern
  /// is played along with the click, a beat going by without its note ends the run.
  var deadline: MonotonicInstant? {
    switch phase {
    case .playing:
      return MonotonicInstant(nanoseconds: now.nanoseconds + Self.frameNanoseconds)
    case .running:
      if let presentedAt, let note = presentedNote {
        return presentedAt.advanced(by: .seconds(NotePlayer.spacing * Double(note + 1)))
      }
      return run?.deadline.map(MonotonicInstant.init(sinceEpoch:))
    default:
      return nil
    }
  }

  /// The best score and the longest survival with `pattern` in `band` (levels 1–2, 3–4, 5–6).
  public static func best(
    pattern: String, band: Int, in history: [SessionRecord]
  ) -> Best? {
    let games = history.filter {
      $0.module == module && $0.exercise == exercise && $0.content == [pattern]
        && $0.figures["band"] == Double(band)
    }
    guard let score = games.compactMap({ $0.figures["score"] }).max() else { return nil }
    return Best(score: Int(score), seconds: games.map(\.duration).max() ?? 0)
  }

  /// The level band a level belongs to: 1 for levels 1–2, 2 for 3–4, 3 for 5–6.
  static func band(of level: Int) -> Int { (level + 1) / 2 }

  mutating func handle(
    _ event: KeyEvent, settings: inout Settings, patterns: [FretPattern], history: [SessionRecord]
  ) -> [Effect] {
    let key = event.key
    guard !patterns.isEmpty else { return [] }
    selected = min(selected, patterns.count - 1)
    now = max(now, event.time)
    problem = nil
    if asksToDelete {
      asksToDelete = false
      guard key == .character("y") || key == .enter else { return [] }
      let id = patterns[selected].id
      selected = max(0, selected - 1)
      return [.deletePattern(id)]
    }
    switch phase {
    case .playing:
      return play(event, settings: settings, pattern: patterns[selected], history: history)
    case .explaining, .gameOver:
      if key == .enter {
        start(patterns[selected], settings: settings, history: history, at: event.time)
      }
      return []
    case .running:
      return runKey(event, patterns: patterns, settings: &settings)
    case .choosing where key == .character("r"):
      phase = .records
      return []
    case .records:
      return []
    case .tutorial(let page):
      guard key == .enter else { return [] }
      if page + 1 < Self.tutorialPages {
        phase = .tutorial(page: page + 1)
      } else {
        settings.fretboard.arpeggiosUnlocked = true
        phase = .exploring
      }
      return []
    case .choosing
    where key == .enter && patterns[selected].category == .arpeggio
      && !settings.fretboard.arpeggiosUnlocked:
      phase = .tutorial(page: 0)
      return []
    case .exploring where key == .character("t"):
      let passed = Self.runLevels(in: history)[patterns[selected].id] ?? 0
      return begin(RunLevel.next(after: passed), patterns[selected], settings: &settings)
    case .exploring where key == .character("g"):
      let played = history.contains { $0.module == Self.module && $0.exercise == Self.exercise }
      if played {
        start(patterns[selected], settings: settings, history: history, at: event.time)
      } else {
        phase = .explaining
      }
      return []
    default:
      handle(key, settings: &settings, patterns: patterns)
      return []
    }
  }

  /// The clock reached `time`: the lane moves on, and the game may end.
  mutating func tick(
    _ time: MonotonicInstant, patterns: [FretPattern], history: [SessionRecord]
  ) -> [Effect] {
    now = max(now, time)
    if phase == .running, var run, patterns.indices.contains(selected) {
      run.check(at: time.sinceEpoch)
      self.run = run
      return run.isOver ? finish(run, of: patterns[selected]) : []
    }
    guard phase == .playing, var game, let startedAt, patterns.indices.contains(selected) else {
      return []
    }
    game.advance(to: Double(time.nanoseconds &- startedAt.nanoseconds) / 1e9, using: &random)
    self.game = game
    return game.isOver ? finish(patterns[selected], history: history) : []
  }

  private mutating func start(
    _ pattern: FretPattern, settings: Settings, history: [SessionRecord], at time: MonotonicInstant
  ) {
    let root = NamingSystem.english.noteClass(parsing: settings.fretboard.root) ?? NoteClass(.A)
    let positions = Self.placement(of: pattern, root: root)
    game = IntervalGame(positions: positions, intervals: pattern.intervals)
    cursor = positions.first ?? FretPosition(string: 1, fret: 0)
    previousBest = nil
    typed = ""
    lastMark = nil
    startedAt = time
    now = time
    phase = .playing
  }

  private mutating func play(
    _ event: KeyEvent, settings: Settings, pattern: FretPattern, history: [SessionRecord]
  ) -> [Effect] {
    let strings = pattern.tuning.stringCount
    if let moved = cursor.moved(by: event.key, strings: strings) {
      cursor = moved
      return []
    }
    switch event.key {
    case .character(let character) where character.isNumber || (character == " " && !typed.isEmpty):
      if typed.count < 5 { typed.append(character) }
    case .backspace:
      if !typed.isEmpty { typed.removeLast() }
    case .enter:
      let place = typed.isEmpty ? cursor : Self.place(typed, strings: strings)
      typed = ""
      guard let place else {
        lastMark = .wrong
        return []
      }
      return mark(place, settings: settings, pattern: pattern)
    case .escape where !typed.isEmpty:
      typed = ""
    case .escape:
      game?.end()
      return finish(pattern, history: history)
    default:
      break
    }
    return []
  }

  private mutating func startRun(
    _ pattern: FretPattern, settings: Settings, direction: ScaleRun.Direction
  ) {
    let root = NamingSystem.english.noteClass(parsing: settings.fretboard.root) ?? NoteClass(.A)
    let positions = Self.placement(of: pattern, root: root)
    run = ScaleRun(
      positions: positions,
      pitches: positions.map { pattern.tuning.pitch(string: $0.string, fret: $0.fret) },
      direction: direction)
    cursor = run?.expected.first?.position ?? cursor
    showedPlaces = showsMarkers
    isCountingIn = clicks
    presentedAt = nil
    if direction == .ascending { upMetLevel = false }
    passedLevel = false
    phase = .running
  }

  /// Starts playing `pattern` through at `level`: its places shown or hidden, and the click on
  /// (at least as fast as the level asks) or off.
  private mutating func begin(
    _ level: RunLevel, _ pattern: FretPattern, settings: inout Settings
  ) -> [Effect] {
    runLevel = level
    showsMarkers = level.showsPlaces
    let wasClicking = clicks
    clicks = level.minimumBPM != nil
    if let minimum = level.minimumBPM {
      settings.fretboard.bpm = max(settings.fretboard.bpm, minimum)
    }
    startRun(pattern, settings: settings, direction: .ascending)
    if clicks { return [.metronome(.start(clickOptions(settings)))] }
    return wasClicking ? [.metronome(.stop)] : []
  }

  /// Enter plays the note under the cursor; a run played up is then asked down; when both
  /// are clean the next pattern is next. `p` plays the pattern, `m` hides or shows its places.
  /// With the click on, every new try starts with a bar of count-in.
  private mutating func runKey(
    _ event: KeyEvent, patterns: [FretPattern], settings: inout Settings
  ) -> [Effect] {
    let key = event.key
    guard let run else { return [] }
    let pattern = patterns[selected]
    if let moved = cursor.moved(by: key, strings: pattern.tuning.stringCount) {
      cursor = moved
      return []
    }
    switch key {
    case .character("m"):
      showsMarkers.toggle()
      showedPlaces = showedPlaces || showsMarkers
    case .character("p"):
      presentedAt = event.time
      return [.playNotes(run.expected.map(\.pitch), settings.fretboard.sound)]
    case .escape:
      phase = .exploring
      var effects: [Effect] = []
      if listens { effects += [.listen(.stop), .midiIn(.stop)] }
      if clicks { effects.append(.metronome(.stop)) }
      listens = false
      clicks = false
      return effects
    case .character("c"):
      clicks.toggle()
      startRun(pattern, settings: settings, direction: run.direction)
      return [.metronome(clicks ? .start(clickOptions(settings)) : .stop)]
    case .character("+"), .character("-"):
      let step = key == .character("+") ? 4 : -4
      return setTempo(settings.fretboard.bpm + step, pattern: pattern, settings: &settings)
    case .character("t"):
      guard let bpm = tapTempo.tap(at: event.time.sinceEpoch, range: FretboardSettings.bpmRange)
      else { return [] }
      return setTempo(bpm, pattern: pattern, settings: &settings)
    case .enter where run.isOver:
      // Up, then down, then the next level (after the last, the next pattern); a mistake
      // tries the same way again, and a level not met starts it again.
      let clean = run.verdict == .finished
      if clean, run.direction == .descending {
        guard passedLevel else { return begin(runLevel, pattern, settings: &settings) }
        if runLevel == RunLevel.all.last {
          selected = (selected + 1) % patterns.count
          return begin(RunLevel.all[0], patterns[selected], settings: &settings)
        }
        return begin(RunLevel.next(after: runLevel.number), pattern, settings: &settings)
      }
      startRun(pattern, settings: settings, direction: clean ? .descending : run.direction)
      return clicks ? [.metronome(.start(clickOptions(settings)))] : []
    case .character("i"):
      listens.toggle()
      heldNotes = HeldNoteDetector(reference: settings.concertPitch, armed: false)
      microphoneProblem = nil
      midiPort = nil
      return listens
        ? [.listen(.start(profile: settings.listening.profile)), .midiIn(.start(from: nil))]
        : [.listen(.stop), .midiIn(.stop)]
    case .enter:
      let pitch = pattern.tuning.pitch(string: cursor.string, fret: cursor.fret)
      return [.playNotes([pitch], settings.fretboard.sound)]
        + play(pitch, at: event.time, pattern: pattern)
    default:
      break
    }
    return []
  }

  /// A new tempo for the click; while it plays, the try starts again with a count-in at it.
  private mutating func setTempo(
    _ bpm: Int, pattern: FretPattern, settings: inout Settings
  ) -> [Effect] {
    let range = FretboardSettings.bpmRange
    let bpm = min(max(bpm, range.lowerBound), range.upperBound)
    guard bpm != settings.fretboard.bpm else { return [] }
    settings.fretboard.bpm = bpm
    guard clicks, let run else { return [] }
    startRun(pattern, settings: settings, direction: run.direction)
    return [.metronome(.start(clickOptions(settings)))]
  }

  static let beatsPerBar = 4

  /// A click of the count-in or the bar was heard: the first one places the beats the notes
  /// belong on.
  mutating func heardBeat(_ beat: BeatDisplay) {
    guard phase == .running, clicks, var run, beat.bpm > 0 else { return }
    isCountingIn = beat.isCountIn
    guard run.grid == nil else { return }
    run.grid = BeatGrid(heard: beat, beatsPerBar: Self.beatsPerBar)
    self.run = run
  }

  /// The click for playing a pattern through: plain 4/4 at the fretboard's tempo, after a bar
  /// of count-in.
  public func clickOptions(_ settings: Settings) -> MetronomeOptions {
    var options = MetronomeOptions(settings: settings)
    options.bpm = settings.fretboard.bpm
    options.meter = "\(Self.beatsPerBar)/4"
    options.accents = ""
    options.subdivision = 1
    options.countInBars = 1
    options.clickSound = settings.fretboard.click
    return options
  }

  /// A note played into the run at `time`, from the cursor or the microphone; the run's end is
  /// recorded. Before the click's first beat is heard there is no beat to play on, and the
  /// note is not taken.
  private mutating func play(_ pitch: Pitch, at time: MonotonicInstant, pattern: FretPattern)
    -> [Effect]
  {
    guard var run, !run.isOver, !clicks || run.grid != nil else { return [] }
    run.play(pitch, at: time.sinceEpoch)
    self.run = run
    return run.isOver ? finish(run, of: pattern) : []
  }

  /// How the run under way is played.
  private var conditions: RunLevel.Conditions {
    RunLevel.Conditions(
      showedPlaces: showedPlaces,
      bpm: run?.grid.map { Int((Duration.seconds(60) / $0.beatLength).rounded()) })
  }

  /// The run is over: whether it met the level is kept, and it is recorded.
  private mutating func finish(_ run: ScaleRun, of pattern: FretPattern) -> [Effect] {
    let met = run.verdict == .finished && runLevel.isMet(by: conditions)
    if run.direction == .ascending {
      upMetLevel = met
    } else {
      passedLevel = upMetLevel && met
    }
    return record(run, of: pattern)
  }

  /// The run's line of the history: whether it was clean, which way, at what tempo (0 in free
  /// time), and whether the places were shown.
  private func record(_ run: ScaleRun, of pattern: FretPattern) -> [Effect] {
    [
      .record(
        SessionRecord(
          module: Self.module, exercise: Self.runExercise,
          startedAt: Date(timeIntervalSince1970: 0),
          duration: 0,
          figures: [
            "passed": run.verdict == .finished ? 1 : 0,
            "descending": run.direction == .descending ? 1 : 0,
            "bpm": Double(conditions.bpm ?? 0),
            "markers": showedPlaces ? 1 : 0,
          ],
          content: [pattern.id]))
    ]
  }

  /// An onset further back than half a second before a note is held was something else.
  static let longestAttack = Int64(ListenerEvent.frameRate / 2)

  /// What the microphone heard while a pattern is played through: each note held clearly is
  /// played into the run, as if entered at the cursor. Against the click, a note was played at
  /// its attack, the onset heard just before it was held; without one, when it was held.
  mutating func hear(
    _ events: [ListenerEvent], timing: InputTiming?, patterns: [FretPattern]
  ) -> [Effect] {
    guard phase == .running, listens, patterns.indices.contains(selected) else { return [] }
    var effects: [Effect] = []
    for event in events {
      if case .onset(let frame, _) = event { lastOnset = frame }
      for held in heldNotes.held(in: [event]) {
        guard let pitch = Pitch(nearestTo: held, reference: heldNotes.reference),
          case .pitch(let frame, _, _) = event
        else { continue }
        let attack = lastOnset.flatMap { frame - $0 <= Self.longestAttack ? $0 : nil } ?? frame
        let played = timing?.instant(ofFrame: attack) ?? now
        lastOnset = nil
        effects += play(pitch, at: played, pattern: patterns[selected])
      }
    }
    return effects
  }

  /// The microphone started, or could not; without it, listening goes on only for MIDI.
  mutating func listening(failure: String?) {
    microphoneProblem = failure
    if failure != nil, midiPort == nil { listens = false }
  }

  /// Keys pressed on a MIDI keyboard while a pattern is played through: each is played into
  /// the run at the instant it was pressed, its pitch exact.
  mutating func played(_ events: [PlayedEvent], patterns: [FretPattern]) -> [Effect] {
    guard phase == .running, listens, patterns.indices.contains(selected) else { return [] }
    var effects: [Effect] = []
    for event in events {
      guard let pitch = event.pitch else { continue }
      now = max(now, event.instant)
      effects += play(pitch, at: event.instant, pattern: patterns[selected])
    }
    return effects
  }

  /// MIDI input opened on `port`, or could not.
  mutating func midiInput(failure: String?, port: String?) {
    guard listens else { return }
    midiPort = failure == nil ? port : nil
  }

  /// "3 5" is string 3, fret 5.
  static func place(_ text: String, strings: Int) -> FretPosition? {
    let numbers = text.split(separator: " ").compactMap { Int($0) }
    guard numbers.count == 2, (1...strings).contains(numbers[0]),
      (0...FretboardView.lastFret).contains(numbers[1])
    else { return nil }
    return FretPosition(string: numbers[0], fret: numbers[1])
  }

  private mutating func mark(_ place: FretPosition, settings: Settings, pattern: FretPattern)
    -> [Effect]
  {
    guard var game else { return [] }
    let interval = game.tones[place]
    let result = game.mark(place)
    self.game = game
    lastMark = result
    guard result == .right || result == .cleared, let interval else { return [] }
    // The tonic, then the note marked, so the ear learns the interval too.
    let tonic = pattern.tuning.pitch(string: place.string, fret: place.fret) - interval.semitones
    return [
      .playNotes(
        [tonic, pattern.tuning.pitch(string: place.string, fret: place.fret)],
        settings.fretboard.sound)
    ]
  }

  /// The game is over: its record is compared with the best so far, then saved.
  private mutating func finish(_ pattern: FretPattern, history: [SessionRecord]) -> [Effect] {
    guard let game, let record = record(of: pattern) else { return [] }
    phase = .gameOver
    previousBest = Self.best(pattern: pattern.id, band: Self.band(of: game.level), in: history)
    return [.record(record)]
  }

  /// The game so far as a line of the history; the runtime dates it.
  func record(of pattern: FretPattern) -> SessionRecord? {
    guard let game, let startedAt else { return nil }
    return SessionRecord(
      module: Self.module, exercise: Self.exercise, startedAt: Date(timeIntervalSince1970: 0),
      duration: Double(now.nanoseconds &- startedAt.nanoseconds) / 1e9,
      figures: [
        "score": Double(game.score), "level": Double(game.level),
        "band": Double(Self.band(of: game.level)), "passed": game.isPassed ? 1 : 0,
      ],
      content: [pattern.id], isCutShort: !game.isOver)
  }

  mutating func handle(_ key: Key, settings: inout Settings, patterns: [FretPattern]) {
    guard !patterns.isEmpty else { return }
    selected = min(selected, patterns.count - 1)
    switch key {
    case .left, .character("-"):
      settings.fretboard.root = Self.root(settings.fretboard.root, by: -1)
    case .right, .character("+"):
      settings.fretboard.root = Self.root(settings.fretboard.root, by: 1)
    case .up, .character("k"):
      selected = (selected + patterns.count - 1) % patterns.count
    case .down, .character("j"):
      selected = (selected + 1) % patterns.count
    case .enter where phase == .choosing:
      phase = .exploring
    case .character("x") where phase == .choosing:
      let id = patterns[selected].id
      if let index = settings.fretboard.practised.firstIndex(of: id) {
        settings.fretboard.practised.remove(at: index)
      } else {
        settings.fretboard.practised.append(id)
      }
    case .character("l") where phase == .exploring:
      let all = FretboardSettings.Labels.allCases
      settings.fretboard.labels =
        all[(all.firstIndex(of: settings.fretboard.labels)! + 1) % all.count]
    case .character("h") where phase == .exploring:
      settings.fretboard.isLeftHanded.toggle()
    default:
      break
    }
  }

  /// The root a semitone away; a root typed by hand (say "Gb") is found by its pitch.
  static func root(_ current: String, by step: Int) -> String {
    let pitchClass = NamingSystem.english.noteClass(parsing: current)?.semitonesFromC ?? 9
    return roots[((pitchClass + step) % 12 + 12) % 12]
  }

  /// Where the pattern lies with its tonic on `root`: the lowest place its tonic's string holds
  /// that note with every tone on the neck.
  public static func placement(of pattern: FretPattern, root: NoteClass) -> [FretPosition] {
    guard let tonic = pattern.tones.first else { return [] }
    let open = pattern.tuning.pitch(string: tonic.string, fret: 0).pitchClass
    var fret = ((root.semitonesFromC - open) % 12 + 12) % 12
    while fret < pattern.lowestTonicFret { fret += 12 }
    return pattern.positions(tonicFret: fret)
  }
}
