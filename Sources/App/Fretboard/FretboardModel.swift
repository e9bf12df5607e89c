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
  /// The interval game, while it runs and after it ends.
  public private(set) var gameSession: IntervalGameSession?
  /// Playing the pattern through, while it runs.
  public private(set) var runSession: ScaleRunSession?
  /// The study path's placement while it asks its questions (`p` on the list).
  public private(set) var placing: Placement?
  /// Whether the box asking to delete the user's pattern under the cursor is up.
  public private(set) var asksToDelete = false
  /// Why the last key did nothing, such as asking to delete a library pattern.
  public private(set) var problem: Message?
  /// Words typed after `/` to find patterns by name; empty finds all.
  public private(set) var search = ""
  /// Whether keys are typed into the search.
  public private(set) var isSearching = false
  /// What the list shows, as `Tab` chose it; nil until then: the player's own patterns when
  /// there are any (`Shelf.mine`), else all.
  public private(set) var chosenShelf: Shelf?
  /// On the open pattern's neck, the place a cursor is on while frets are played by hand
  /// (`f`): the arrows move it and Enter sounds it.
  public private(set) var fretCursor: FretPosition?
  /// On the open scale's neck, the chord of the scale lit (`c`), as its place among the
  /// triads and then the seventh chords, from the tonic's; nil shows the whole scale.
  public private(set) var chordStep: Int?
  /// Whether the open pattern's explanation is up (`i`): its intervals and steps, where it is
  /// played and its chords. A run waits while it is (`ScaleRunSession.hold`), and none starts.
  public private(set) var explains = false

  /// What the next game asks (`n` switches), and whether it sounds its questions rather than
  /// writing them (`e`): chosen on the neck or between games.
  public private(set) var gameMode = IntervalGame.Mode.intervals
  public private(set) var hearsQuestions = false

  public var game: IntervalGame? { gameSession?.game }
  public var run: ScaleRun? { runSession?.run }
  /// The cursor of the game or of the run.
  public var cursor: FretPosition {
    (phase == .running ? runSession?.cursor : gameSession?.cursor)
      ?? FretPosition(string: 1, fret: 0)
  }
  public var typed: String { gameSession?.typed ?? "" }
  public var lastMark: IntervalGame.Mark? { gameSession?.lastMark }
  public var showsMarkers: Bool { runSession?.showsMarkers ?? true }
  public var runLevel: RunLevel { runSession?.runLevel ?? RunLevel.all[0] }
  public var passedLevel: Bool { runSession?.passedLevel ?? false }
  public var listens: Bool { runSession?.listens ?? false }
  public var clicks: Bool { runSession?.clicks ?? false }
  public var sequence: ScaleSequence? { runSession?.sequence }
  public var isCountingIn: Bool { runSession?.isCountingIn ?? false }
  public var microphoneProblem: String? { runSession?.microphoneProblem }
  public var midiPort: String? { runSession?.midiPort }
  public var wrongNote: ScaleRunSession.WrongNote? { runSession?.wrongNote }
  /// The note of the run sounding now while the pattern is played to the player.
  public var presentedNote: Int? { runSession?.presentedNote(at: now) }

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
  public private(set) var now = MonotonicInstant(nanoseconds: 0)
  private var random: SplitMix64

  /// `seed` makes the game's questions; the runtime passes the moment the screen opened.
  public init(seed: UInt64 = 0) {
    random = SplitMix64(seed: seed)
  }

  static let module = IntervalGame.module
  static let exercise = IntervalGame.exercise
  static let runExercise = StudyPath.runExercise

  /// How many levels of playing it through each pattern has passed, from the history: the
  /// player's progress.
  public static func runLevels(in history: [SessionRecord]) -> [String: Int] {
    StudyPath.passedLevels(in: history)
  }
  /// A frame of the lane's movement: smooth enough to read, idle enough for SSH.
  static let frameNanoseconds: UInt64 = 100_000_000

  /// The roots offered, spelled the way most charts spell them.
  static let roots = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"]

  static let choosingHints: [KeyHint] = [
    KeyHint(.upDown, "common.move"),
    KeyHint(.leftRight, "fretboard.key.root"),
    KeyHint(.enter, "fretboard.key.show"),
    KeyHint(.text("s"), "fretboard.key.study", inBar: false),
    KeyHint(.text("p"), "fretboard.key.placement", inBar: false),
    KeyHint(.text("/"), "fretboard.key.search"),
    KeyHint(.text("Tab"), "fretboard.key.family", inBar: false),
    KeyHint(.text("PgUp PgDn"), "fretboard.key.page", inBar: false),
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
    KeyHint(.text("c"), "fretboard.key.chords"),
    KeyHint(.text("n"), "fretboard.key.noteNames", inBar: false),
    KeyHint(.text("e"), "fretboard.key.heard", inBar: false),
    KeyHint(.text("p"), "fretboard.key.hear", inBar: false),
    KeyHint(.text("f"), "fretboard.key.frets", inBar: false),
    KeyHint(.text("t"), "fretboard.key.test", inBar: false),
    KeyHint(.text("i"), "fretboard.key.about", inBar: false),
    // No room at 80 columns; Esc goes back on every screen and the ? overlay lists it.
    KeyHint(.escape, "common.back", inBar: false),
    .help,
  ]

  static let playingHints: [KeyHint] = [
    KeyHint(.text("←→↑↓"), "fretboard.key.cursor"),
    KeyHint(.enter, "fretboard.key.mark"),
    KeyHint(.text("1-6"), "fretboard.key.type"),
    KeyHint(.space, "fretboard.key.pause"),
    KeyHint(.escape, "fretboard.key.stop"),
    .help,
  ]

  static let hearingHints: [KeyHint] =
    playingHints.map {
      // The bar makes room for `r`: typing a place works as ever, and `?` lists it.
      $0.keys == .text("1-6") ? KeyHint(.text("1-6"), "fretboard.key.type", inBar: false) : $0
    } + [KeyHint(.text("r"), "fretboard.key.repeat")]

  static let runningHints: [KeyHint] = [
    KeyHint(.text("←→↑↓"), "fretboard.key.cursor"),
    KeyHint(.enter, "fretboard.key.play"),
    KeyHint(.text("p"), "fretboard.key.present"),
    // Before `m`, which the bar leaves out at 80 columns: the levels from memory hide the
    // places themselves, and `?` lists it.
    KeyHint(.text("i"), "fretboard.key.aboutWaits"),
    KeyHint(.text("m"), "fretboard.key.markers"),
    // The line under the verdict names `l`, so the bar keeps room for `i`.
    KeyHint(.text("l"), "fretboard.key.listen", inBar: false),
    KeyHint(.text("c +-"), "fretboard.key.click", inBar: false),
    KeyHint(.text("t"), "fretboard.key.tap", inBar: false),
    KeyHint(.text("s"), "fretboard.key.sequence", inBar: false),
    KeyHint(.escape, "fretboard.key.stop"),
  ]

  static let placementHints: [KeyHint] = [
    KeyHint(.enter, "fretboard.key.playPlacement"),
    KeyHint(.text("n"), "fretboard.key.notYet"),
    KeyHint(.escape, "fretboard.key.later"),
  ]

  static let explanationHints: [KeyHint] = [
    KeyHint(.text("i"), "fretboard.key.closeAbout"),
    KeyHint(.escape, "fretboard.key.closeAbout"),
    .help,
  ]

  static let gameOverHints: [KeyHint] = [
    KeyHint(.enter, "fretboard.key.again"),
    KeyHint(.text("n"), "fretboard.key.noteNames"),
    KeyHint(.text("e"), "fretboard.key.heard"),
    .back,
    .help,
  ]

  static let fretHints: [KeyHint] = [
    KeyHint(.text("←→↑↓"), "fretboard.key.cursor"),
    KeyHint(.enter, "fretboard.key.sound"),
    KeyHint(.space, "fretboard.key.sound", inBar: false),
    KeyHint(.text("f"), "fretboard.key.endFrets"),
  ]

  var keyHints: [KeyHint] { explains ? Self.explanationHints : phaseHints }

  private var phaseHints: [KeyHint] {
    switch phase {
    case .choosing where placing != nil: Self.placementHints
    case .choosing where isSearching:
      KeyHint.typing("fretboard.key.typeSearch", enter: "fretboard.key.show")
        + [KeyHint(.upDown, "common.move")]
    case .choosing: Self.choosingHints
    // The arrows move the cursor; the pattern's other keys still work.
    case .exploring where fretCursor != nil:
      Self.fretHints
        + Self.exploringHints.filter {
          $0.keys != .upDown && $0.keys != .leftRight && $0.keys != .text("f")
        }
    case .exploring: Self.exploringHints
    case .explaining, .gameOver: Self.gameOverHints
    case .records: [.back, .help]
    case .tutorial: [KeyHint(.enter, "fretboard.key.next"), .back]
    case .playing where gameSession?.isHeard == true: Self.hearingHints
    case .playing: Self.playingHints
    case .running: Self.runningHints
    }
  }

  /// While playing, every key is the game's, and digits are typed places; while asking to
  /// delete or placing, every key answers; while searching, keys are typed.
  var capturesKeys: Bool {
    phase == .playing || phase == .running || asksToDelete || isSearching || placing != nil
  }

  /// In the game and a run, `?` is no answer: it shows the keys.
  var opensKeysWhileCapturing: Bool { (phase == .playing || phase == .running) && !asksToDelete }

  /// What the list shows: the player's patterns (those they chose to practise with `x`, made,
  /// or were recommended), all of them, or one family.
  public enum Shelf: Equatable, Sendable {
    case mine
    case all
    case family(FretPattern.Category)

    /// In the order `Tab` goes through them.
    static let cycle: [Shelf] = [.mine, .all] + FretPattern.Category.allCases.map(Shelf.family)

    /// Its label's locale key.
    var labelKey: String {
      switch self {
      case .mine: "fretboard.family.mine"
      case .all: "fretboard.family.all"
      case .family(let category): "fretboard.family.\(category.rawValue)"
      }
    }

    func holds(_ pattern: FretPattern, mine: Set<String>) -> Bool {
      switch self {
      case .mine: mine.contains(pattern.id)
      case .all: true
      case .family(let category): pattern.category == category
      }
    }
  }

  /// The player's patterns, by id: chosen to practise, their own, and shared with them.
  static func mine(practised: [String], own: Set<String>, shared: Set<String>) -> Set<String> {
    own.union(practised).union(shared)
  }

  /// The shelf listed: the one chosen, or before any is, the player's patterns when there are
  /// any, so the room opens on them.
  func shelf(mine: Set<String>) -> Shelf {
    chosenShelf ?? (mine.isEmpty ? .all : .mine)
  }

  /// The patterns the list shows, as indices into all of them: those of the shelf listed
  /// whose name, in the player's language or as written, holds every word searched for.
  func listed(_ patterns: [FretPattern], strings: Localizer, mine: Set<String>) -> [Int] {
    let words = search.lowercased().split(separator: " ")
    let shelf = shelf(mine: mine)
    return patterns.indices.filter { index in
      let pattern = patterns[index]
      guard shelf.holds(pattern, mine: mine) else { return false }
      // Names are made only to be searched: the list is listed on every key and frame.
      guard !words.isEmpty else { return true }
      let names = (PatternName(pattern.name).text(strings) + " " + pattern.name).lowercased()
      return words.allSatisfy { names.contains($0) }
    }
  }

  /// The keys of the library as a browser: `/` searches, `Tab` changes the family, the
  /// arrows, pages, Home and End move within what is listed. Returns whether the key was one.
  mutating func browse(
    _ key: Key, patterns: [FretPattern], strings: Localizer, mine: Set<String>, pageRows: Int
  ) -> Bool {
    let wasSearching = isSearching
    if isSearching {
      switch key {
      case .character(let character) where !character.isNewline:
        search.append(character)
      case .backspace:
        if search.isEmpty { isSearching = false } else { search.removeLast() }
      case .enter:
        isSearching = false
      case .escape:
        search = ""
        isSearching = false
      case .up, .down, .pageUp, .pageDown, .home, .end:
        break
      default:
        return true
      }
    }
    var listed = listed(patterns, strings: strings, mine: mine)
    let place = listed.firstIndex(of: selected) ?? 0
    var moved: Int?
    switch key {
    case .character("/") where !wasSearching:
      isSearching = true
    case .tab:
      let cycle = Shelf.cycle
      chosenShelf = cycle[((cycle.firstIndex(of: shelf(mine: mine)) ?? 0) + 1) % cycle.count]
      listed = self.listed(patterns, strings: strings, mine: mine)
    case .up: moved = place - 1
    case .down: moved = place + 1
    case .character("k") where !wasSearching: moved = place - 1
    case .character("j") where !wasSearching: moved = place + 1
    case .pageUp: moved = max(0, place - max(1, pageRows - 1))
    case .pageDown: moved = min(listed.count - 1, place + max(1, pageRows - 1))
    case .home: moved = 0
    case .end: moved = listed.count - 1
    default:
      guard wasSearching else { return false }
    }
    guard !listed.isEmpty else { return true }
    if let moved {
      selected = listed[(moved % listed.count + listed.count) % listed.count]
    } else if !listed.contains(selected) {
      selected = listed[0]
    }
    return true
  }

  /// The patterns were read again, say with a pattern just shared with the player: while the
  /// list is chosen from, the cursor stays on a pattern it lists, such as the one a search
  /// typed before it came in now finds.
  mutating func keepSelectionListed(
    _ patterns: [FretPattern], strings: Localizer, mine: Set<String>
  ) {
    guard phase == .choosing else { return }
    let listed = listed(patterns, strings: strings, mine: mine)
    if let first = listed.first, !listed.contains(selected) { selected = first }
  }

  /// `d` on a pattern: the user's own is deleted after asking, the library's cannot be.
  mutating func askToDelete(isOwn: Bool) {
    if isOwn { asksToDelete = true } else { problem = Message("fretboard.problem.notYours") }
  }

  /// Esc on the neck or after a game goes back a step rather than leaving the screen.
  var goesBackWithinScreen: Bool { phase != .choosing }

  mutating func goBack() {
    if explains {
      explains = false
      return
    }
    if fretCursor != nil {
      fretCursor = nil
      return
    }
    if chordStep != nil {
      chordStep = nil
      return
    }
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
      return runSession?.deadline(at: now)
    default:
      return nil
    }
  }

  /// The best score and the longest survival with `pattern` in `band` (levels 1–2, 3–4, 5–6),
  /// of games played to their end.
  /// Each mode, heard or written, keeps its own records, and so do adaptive games, in one band:
  /// their level goes down as well as up.
  public static func best(
    pattern: String, band: Int, mode: IntervalGame.Mode = .intervals, isHeard: Bool = false,
    isAdaptive: Bool = false, in history: [SessionRecord]
  ) -> Best? {
    let games = history.filter {
      $0.module == module && $0.exercise == exercise && $0.content == [pattern]
        && (isAdaptive || $0.figures["band"] == Double(band)) && !$0.isCutShort
        && ($0.figures["mode"] ?? 0) == Double(mode.rawValue)
        && ($0.figures["heard"] ?? 0) == (isHeard ? 1 : 0)
        && ($0.figures["adaptive"] ?? 0) == (isAdaptive ? 1 : 0)
    }
    guard let score = games.compactMap({ $0.figures["score"] }).max() else { return nil }
    return Best(score: Int(score), seconds: games.map(\.duration).max() ?? 0)
  }

  /// The pace the last adaptive game with `pattern` in this mode ended at, where the next one
  /// starts, so a player comes back to their own speed rather than to level 1's.
  static func lastPace(
    pattern: String, mode: IntervalGame.Mode, isHeard: Bool, in history: [SessionRecord]
  ) -> Double? {
    history.last {
      $0.module == module && $0.exercise == exercise && $0.content == [pattern]
        && !$0.isCutShort && ($0.figures["mode"] ?? 0) == Double(mode.rawValue)
        && ($0.figures["heard"] ?? 0) == (isHeard ? 1 : 0) && $0.figures["adaptive"] == 1
    }?.figures["pace"]
  }

  /// The level band a level belongs to: 1 for levels 1–2, 2 for 3–4, 3 for 5–6.
  static func band(of level: Int) -> Int { IntervalGame.band(of: level) }

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
    let pattern = patterns[selected]
    if phase == .exploring || phase == .running,
      let effects = explain(key, pattern: pattern, settings: settings)
    {
      return effects
    }
    let choosesMode = key == .character("n") || key == .character("e")
    switch phase {
    case .playing:
      guard var session = gameSession else { return [] }
      let (effects, ends) = session.handle(
        key, at: event.time, settings: settings, pattern: pattern)
      gameSession = session
      return ends ? effects + finishGame(pattern, history: history) : effects
    case .explaining where choosesMode, .gameOver where choosesMode, .exploring where choosesMode:
      if key == .character("n") {
        gameMode = gameMode == .intervals ? .noteNames : .intervals
      } else {
        hearsQuestions.toggle()
      }
      return []
    case .explaining, .gameOver:
      if key == .enter {
        startGame(pattern, settings: settings, at: event.time, history: history)
      }
      return []
    case .running:
      guard var session = runSession else { return [] }
      let (effects, next) = session.handle(event, pattern: pattern, settings: &settings)
      runSession = session
      switch next {
      case .leave:
        // Out of a placement's run, back to its question.
        phase = placing == nil ? .exploring : .choosing
        runSession = nil
        return effects
      case .nextPattern:
        selected = (selected + 1) % patterns.count
        let started = session.begin(RunLevel.all[0], patterns[selected], settings: &settings)
        runSession = session
        return effects + started
      case nil:
        return effects + settlePlacement()
      }
    case .choosing where key == .character("r"):
      phase = .records
      return []
    case .choosing where key == .character("s"):
      return startStep(patterns, settings: &settings, history: history)
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
    where key == .enter && pattern.category == .arpeggio && !settings.fretboard.arpeggiosUnlocked:
      phase = .tutorial(page: 0)
      return []
    case .exploring where key == .character("t"):
      let passed = Self.runLevels(in: history)[pattern.id] ?? 0
      var session = ScaleRunSession()
      let effects = session.begin(RunLevel.next(after: passed), pattern, settings: &settings)
      runSession = session
      phase = .running
      return effects
    case .exploring where fretCursor != nil:
      return playFret(key, pattern: pattern, settings: settings)
    case .exploring where key == .character("c"):
      stepChord(pattern, settings: settings)
      return []
    case .exploring where key == .character("f"):
      let root = NamingSystem.english.noteClass(parsing: settings.fretboard.root) ?? NoteClass(.A)
      fretCursor = Self.placement(of: pattern, root: root).first ?? FretPosition(string: 1, fret: 0)
      return []
    case .exploring where key == .character("p"):
      let root = NamingSystem.english.noteClass(parsing: settings.fretboard.root) ?? NoteClass(.A)
      let pitches = Self.placement(of: pattern, root: root).map {
        pattern.tuning.pitch(string: $0.string, fret: $0.fret)
      }
      // From the lowest note up, as the shape is practised.
      return [.playNotes(pitches.sorted(), settings.fretboard.sound)]
    case .exploring where key == .character("g"):
      let played = history.contains { $0.module == Self.module && $0.exercise == Self.exercise }
      if played {
        startGame(pattern, settings: settings, at: event.time, history: history)
      } else {
        phase = .explaining
      }
      return []
    default:
      handle(key, settings: &settings, patterns: patterns)
      return []
    }
  }

  /// The placement's answer: Enter plays its pattern through at its level, and a clean run
  /// each way that meets the level answers yes; `n` answers no; Esc leaves the placement
  /// unrecorded. Once done, where the path starts is kept in the history.
  mutating func answerPlacement(_ key: Key, patterns: [FretPattern], settings: inout Settings)
    -> [Effect]
  {
    guard var asking = placing, let question = asking.question else { return [] }
    switch key {
    case .enter:
      guard let index = patterns.firstIndex(where: { $0.id == question.pattern }) else {
        problem = Message("fretboard.study.missing", ["id": question.pattern])
        return []
      }
      problem = nil
      selected = index
      var session = ScaleRunSession()
      let effects = session.begin(
        RunLevel.all[question.level - 1], patterns[index], settings: &settings)
      runSession = session
      phase = .running
      return effects
    case .character("n"):
      asking.answer(false)
      placing = asking
      return finishPlacement()
    case .escape:
      placing = nil
      return []
    default:
      return []
    }
  }

  /// A placement's run that met its level answers its question yes: the run stops and the
  /// next question is asked.
  private mutating func settlePlacement() -> [Effect] {
    guard var asking = placing, phase == .running, let session = runSession, session.passedLevel
    else { return [] }
    var effects: [Effect] = []
    if session.listens { effects += [.listen(.stop), .midiIn(.stop)] }
    if session.clicks { effects.append(.metronome(.stop)) }
    runSession = nil
    phase = .choosing
    asking.answer(true)
    placing = asking
    return effects + finishPlacement()
  }

  /// The placement's line of the history once it is done.
  private mutating func finishPlacement() -> [Effect] {
    guard let asking = placing, asking.isDone else { return [] }
    placing = nil
    return [.record(asking.record(startedAt: Date(timeIntervalSince1970: 0), duration: 0))]
  }

  mutating func startPlacement() { placing = Placement() }

  /// The study path's next step (`StudyPath`): its pattern played through at its level.
  private mutating func startStep(
    _ patterns: [FretPattern], settings: inout Settings, history: [SessionRecord]
  ) -> [Effect] {
    let step = StudyPath(history: history).next
    guard let index = patterns.firstIndex(where: { $0.id == step.pattern }) else {
      problem = Message("fretboard.study.missing", ["id": step.pattern])
      return []
    }
    selected = index
    var session = ScaleRunSession()
    let effects = session.begin(
      RunLevel.next(after: step.level - 1), patterns[index], settings: &settings)
    runSession = session
    phase = .running
    return effects
  }

  /// `i` opens the explanation of the open pattern, on the neck or during a run, which waits;
  /// while it is up, `i` or Esc closes it and the run goes on, and other keys do nothing.
  /// Nil for a key that is not the explanation's.
  private mutating func explain(_ key: Key, pattern: FretPattern, settings: Settings)
    -> [Effect]?
  {
    if explains {
      guard key == .character("i") || key == .escape else { return [] }
      explains = false
      return runSession?.resume(pattern: pattern, settings: settings) ?? []
    }
    guard key == .character("i") else { return nil }
    explains = true
    return phase == .running ? runSession?.hold() ?? [] : []
  }

  /// The clock reached `time`: the lane moves on, and the game may end; a run on the click may
  /// end with a beat gone by.
  mutating func tick(
    _ time: MonotonicInstant, settings: Settings, patterns: [FretPattern],
    history: [SessionRecord]
  ) -> [Effect] {
    now = max(now, time)
    guard patterns.indices.contains(selected) else { return [] }
    if phase == .running, var session = runSession {
      let effects = session.tick(time, pattern: patterns[selected])
      runSession = session
      return effects + settlePlacement()
    }
    guard phase == .playing, var session = gameSession else { return [] }
    let sounds = session.advance(to: time, settings: settings, using: &random)
    gameSession = session
    return session.game.isOver ? finishGame(patterns[selected], history: history) : sounds
  }

  private mutating func startGame(
    _ pattern: FretPattern, settings: Settings, at time: MonotonicInstant,
    history: [SessionRecord]
  ) {
    gameSession = IntervalGameSession(
      pattern: pattern, settings: settings, at: time, mode: gameMode, isHeard: hearsQuestions,
      pace: Self.lastPace(pattern: pattern.id, mode: gameMode, isHeard: hearsQuestions, in: history)
    )
    previousBest = nil
    now = time
    phase = .playing
  }

  /// The game is over: its record is compared with the best so far, then saved.
  private mutating func finishGame(_ pattern: FretPattern, history: [SessionRecord]) -> [Effect] {
    guard let gameSession else { return [] }
    phase = .gameOver
    previousBest = Self.best(
      pattern: pattern.id, band: Self.band(of: gameSession.game.level), mode: gameSession.mode,
      isHeard: gameSession.isHeard, isAdaptive: gameSession.game.isAdaptive, in: history)
    return [.record(gameSession.record(of: pattern, at: now))]
  }

  /// The game under way as a line of the history, for when the app is told to stop.
  func record(of pattern: FretPattern) -> SessionRecord? {
    gameSession?.record(of: pattern, at: now)
  }

  /// A click of the count-in or the bar was heard while a pattern is played through.
  mutating func heardBeat(_ beat: BeatDisplay) {
    guard phase == .running else { return }
    runSession?.heardBeat(beat)
  }

  /// The click for playing a pattern through.
  public func clickOptions(_ settings: Settings) -> MetronomeOptions {
    ScaleRunSession.clickOptions(settings)
  }

  /// A key while frets are played by hand: the arrows move along the neck, Enter sounds the
  /// fret, `f` ends it (Esc too, as a step back).
  private mutating func playFret(_ key: Key, pattern: FretPattern, settings: Settings) -> [Effect] {
    guard let cursor = fretCursor else { return [] }
    if let moved = cursor.moved(by: key, on: pattern.tuning) {
      fretCursor = moved
      return []
    }
    switch key {
    case .enter, .character(" "):
      return [
        .playNotes(
          [pattern.tuning.pitch(string: cursor.string, fret: cursor.fret)],
          settings.fretboard.sound)
      ]
    case .character("f"):
      fretCursor = nil
    default:
      break
    }
    return []
  }

  /// The microphone started, or could not.
  mutating func listening(failure: String?) {
    runSession?.listening(failure: failure)
  }

  /// What the microphone or a MIDI keyboard played while a pattern is played through.
  mutating func played(_ events: [PlayedEvent], patterns: [FretPattern]) -> [Effect] {
    guard phase == .running, patterns.indices.contains(selected) else { return [] }
    if let last = events.map(\.instant).max() { now = max(now, last) }
    let effects = runSession?.played(events, pattern: patterns[selected]) ?? []
    return effects + settlePlacement()
  }

  /// MIDI input opened on `port`, or could not.
  mutating func midiInput(failure: String?, port: String?) {
    runSession?.midiInput(failure: failure, port: port)
  }

  mutating func handle(_ key: Key, settings: inout Settings, patterns: [FretPattern]) {
    guard !patterns.isEmpty else { return }
    selected = min(selected, patterns.count - 1)
    switch key {
    case .left:
      settings.fretboard.root = Self.root(settings.fretboard.root, by: -1)
    case .right:
      settings.fretboard.root = Self.root(settings.fretboard.root, by: 1)
    case .up, .character("k"):
      selected = (selected + patterns.count - 1) % patterns.count
      chordStep = nil
    case .down, .character("j"):
      selected = (selected + 1) % patterns.count
      chordStep = nil
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

  /// `c` on a scale's neck: the next of its chords, the triads from the tonic's and then the
  /// seventh chords, and after the last the whole scale again. A pattern of no seven-note
  /// scale has no such chords, and says so.
  private mutating func stepChord(_ pattern: FretPattern, settings: Settings) {
    let root = NamingSystem.english.noteClass(parsing: settings.fretboard.root) ?? NoteClass(.A)
    guard let chords = Self.chords(of: pattern, root: root) else {
      chordStep = nil
      problem = Message("fretboard.chord.none")
      return
    }
    chordStep = chordStep.map { $0 + 1 < chords.count ? $0 + 1 : nil } ?? 0
  }

  /// The chords `c` goes through on `pattern` with its tonic on `root`: the scale's triads,
  /// then its seventh chords; nil unless the pattern holds a seven-note scale.
  public static func chords(of pattern: FretPattern, root: NoteClass) -> [DiatonicChord]? {
    guard let scale = pattern.scale(root: root),
      let triads = scale.diatonicChords(sevenths: false),
      let sevenths = scale.diatonicChords(sevenths: true)
    else { return nil }
    return triads + sevenths
  }

  /// The chord lit on the open pattern with its tonic on `root`, if any.
  public func chord(of pattern: FretPattern, root: NoteClass) -> DiatonicChord? {
    guard let chordStep, let chords = Self.chords(of: pattern, root: root),
      chords.indices.contains(chordStep)
    else { return nil }
    return chords[chordStep]
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
