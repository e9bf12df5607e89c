import AudioModel
import DSP
import FoundationEssentials
import MusicTheory
import Practice
import Storage
import TerminalUI

/// The rhythm trainer: choose a tempo and a line of patterns (a beat or more each); after a bar of
/// count-in, play the line for some bars by tapping Space, playing into the microphone or on
/// MIDI pads, and every note is graded the moment it is played; then the results. `l` measures
/// how late taps (or MIDI hits) arrive, which is then subtracted from every one.
public struct RhythmModel: Equatable, Sendable {
  public enum Phase: Equatable, Sendable {
    case setup
    case running
    case results(RhythmReport)
    /// Tapping along to clicks to measure the key path's delay.
    case calibrating
    /// The measurement, or nil when too few taps fell near the clicks.
    case calibrated(TapCalibration?)
  }

  /// What the last hit, or the last note gone by unplayed, got.
  public struct Feedback: Equatable, Sendable {
    /// Nil for an extra hit.
    public var grade: RhythmGrade?
    public var offsetMilliseconds: Double?
    public var at: MonotonicInstant
  }

  public private(set) var phase = Phase.setup
  /// The beat of the line being chosen.
  public private(set) var slot = 0
  /// The beats of the click under way, placed by the first click heard.
  public private(set) var grid: BeatGrid?
  /// The click last heard: 0 is the first after the count-in, whose clicks are negative.
  public private(set) var lastClick: Int?
  /// Hit times, in seconds on the monotonic clock, with the key path's delay taken off.
  public private(set) var hits: [Double] = []
  /// The hits graded against the line so far.
  public private(set) var results: RhythmResults?
  public private(set) var feedback: Feedback?
  /// Why the microphone could not be used; the run goes on with taps.
  public private(set) var microphoneProblem: String?
  /// Why MIDI input could not be used; the run goes on with taps.
  public private(set) var midiProblem: String?
  public private(set) var now = MonotonicInstant(nanoseconds: 0)
  public private(set) var line: RhythmLine?
  /// Where this run's hits come from: the chosen input, or taps once it has failed.
  public private(set) var input = RhythmSettings.Input.tap
  /// The inputs a file plays into in this run (`--audio-in`, `--midi-in`): hits from them are
  /// no live performance, and their runs go to no leaderboard.
  var inputsFromFiles: Set<RhythmSettings.Input> = []
  /// The best accuracy on this line, at this tempo and on this input, before this run.
  public private(set) var previousBest: Double?
  /// The instrument the microphone listens for.
  private var profile: InstrumentProfile?
  private var startedAt: MonotonicInstant?
  /// Notes whose window has closed, which are judged for good.
  public private(set) var decided = 0
  private var tapTempo = TapTempo()
  /// Which way this run's keys come, whose delay and wobble apply to taps.
  public let route: KeyRoute
  /// Set when the key path wobbles more than the finest window: how far, in milliseconds, a
  /// tap from a note still counts as perfect in this run.
  public private(set) var perfectWithinMilliseconds: Double?

  public init(route: KeyRoute = .local) {
    self.route = route
  }

  static let module = "rhythm"
  /// A frame of the play-head: smooth enough to follow, idle enough for SSH.
  static let frameNanoseconds: UInt64 = 40_000_000
  /// How long a grade's word stays lit.
  static let feedbackNanoseconds: UInt64 = 600_000_000
  static let calibrationClicks = 16
  static let calibrationBPM = 90

  static let setupHints: [KeyHint] = [
    KeyHint(.leftRight, "rhythm.key.slot"),
    KeyHint(.upDown, "rhythm.key.change"),
    KeyHint(.text("+-"), "rhythm.key.tempo"),
    KeyHint(.enter, "rhythm.key.start"),
    KeyHint(.text("t"), "rhythm.key.tap", inBar: false),
    KeyHint(.text("a x"), "rhythm.key.addRemovePattern", inBar: false),
    KeyHint(.text("[ ]"), "rhythm.key.bars", inBar: false),
    KeyHint(.text("i"), "rhythm.key.input", inBar: false),
    KeyHint(.text("s"), "rhythm.key.strictness", inBar: false),
    KeyHint(.text("b"), "rhythm.key.bell", inBar: false),
    KeyHint(.text("l"), "rhythm.key.calibrate"),
    .back,
    .help,
  ]
  static let runningHints: [KeyHint] = [
    KeyHint(.space, "rhythm.key.hit"),
    KeyHint(.anyKey, "rhythm.key.hit", inBar: false),
    KeyHint(.escape, "rhythm.key.stop"),
  ]
  /// Played on an instrument or pads, the keys only stop the run.
  static let listeningHints: [KeyHint] = [KeyHint(.escape, "rhythm.key.stop")]
  static let resultsHints: [KeyHint] = [KeyHint(.enter, "rhythm.key.again"), .back, .help]
  static let calibratedHints: [KeyHint] = [KeyHint(.enter, "common.back"), .help]

  var keyHints: [KeyHint] {
    switch phase {
    case .setup: Self.setupHints
    case .running, .calibrating: input == .tap ? Self.runningHints : Self.listeningHints
    case .results: Self.resultsHints
    case .calibrated: Self.calibratedHints
    }
  }

  /// While the click plays every key is a hit, Esc included as a way out.
  var capturesKeys: Bool { phase == .running || phase == .calibrating }

  /// Esc after a run goes back to choosing rather than leaving the screen.
  var goesBackWithinScreen: Bool { phase != .setup }

  mutating func goBack() { phase = .setup }

  var deadline: MonotonicInstant? {
    guard capturesKeys else { return nil }
    return MonotonicInstant(nanoseconds: now.nanoseconds + Self.frameNanoseconds)
  }

  /// The count-in's clicks still to come, counting the one sounding (4 3 2 1); nil before the
  /// first is heard and once the line has begun.
  public var countInBeatsLeft: Int? {
    guard let grid, now.sinceEpoch < grid.firstBeat else { return nil }
    let left = Int(((grid.firstBeat - now.sinceEpoch) / grid.beatLength).rounded(.up))
    return min(max(left, 1), RhythmLine.beatsPerBar)
  }

  /// Whether the last feedback is still lit.
  public var isFlashing: Bool {
    guard let feedback else { return false }
    return now.nanoseconds &- feedback.at.nanoseconds < Self.feedbackNanoseconds
  }

  mutating func handle(
    _ event: KeyEvent, settings: inout Settings, rhythms: [RhythmPattern],
    history: [SessionRecord] = []
  ) -> [Effect] {
    now = max(now, event.time)
    switch phase {
    case .running, .calibrating:
      if event.key == .escape { return stop(settings: settings) }
      guard input == .tap else { return [] }
      return played([PlayedEvent(instant: event.time, source: .keyboard)], settings: settings)
    case .results:
      // "Enter again", as the key bar says: the same line once more.
      return event.key == .enter
        ? start(settings: settings, rhythms: rhythms, history: history) : []
    case .calibrated:
      if event.key == .enter { phase = .setup }
      return []
    case .setup:
      return setupKey(event, settings: &settings, rhythms: rhythms, history: history)
    }
  }

  private mutating func setupKey(
    _ event: KeyEvent, settings: inout Settings, rhythms: [RhythmPattern],
    history: [SessionRecord]
  ) -> [Effect] {
    var rhythm = settings.rhythm
    slot = min(slot, rhythm.line.count - 1)
    switch event.key {
    case .left: slot = max(0, slot - 1)
    case .right: slot = min(rhythm.line.count - 1, slot + 1)
    case .up, .down:
      let ids = rhythms.map(\.id)
      guard !ids.isEmpty else { break }
      let index = ids.firstIndex(of: rhythm.line[slot]) ?? 0
      let step = event.key == .down ? 1 : -1
      rhythm.line[slot] = ids[((index + step) % ids.count + ids.count) % ids.count]
    case .character("+"), .character("-"):
      rhythm.bpm = Self.clamped(rhythm.bpm + (event.key == .character("+") ? 2 : -2))
    case .character("t"):
      if let bpm = tapTempo.tap(at: event.time.sinceEpoch, range: RhythmSettings.bpmRange) {
        rhythm.bpm = bpm
      }
    case .character("a") where rhythm.line.count < RhythmSettings.lineLengthRange.upperBound:
      rhythm.line.insert(rhythm.line[slot], at: slot + 1)
      slot += 1
    case .character("x") where rhythm.line.count > 1:
      rhythm.line.remove(at: slot)
      slot = min(slot, rhythm.line.count - 1)
    case .character("["), .character("]"):
      let bars = rhythm.bars + (event.key == .character("]") ? 1 : -1)
      rhythm.bars = min(
        max(bars, RhythmSettings.barRange.lowerBound), RhythmSettings.barRange.upperBound)
    case .character("i"):
      let inputs = RhythmSettings.Input.allCases
      rhythm.input = inputs[((inputs.firstIndex(of: rhythm.input) ?? 0) + 1) % inputs.count]
    case .character("s"):
      rhythm.strictness = rhythm.strictness == .relative ? .strict : .relative
    case .character("b"):
      rhythm.rings.toggle()
    case .character("l"):
      return calibrate(settings: settings)
    case .enter, .character(" "):
      settings.rhythm = rhythm
      return start(settings: settings, rhythms: rhythms, history: history)
    default:
      break
    }
    settings.rhythm = rhythm
    return []
  }

  static func clamped(_ bpm: Int) -> Int {
    min(max(bpm, RhythmSettings.bpmRange.lowerBound), RhythmSettings.bpmRange.upperBound)
  }

  /// The click for the exercise: 4/4 at the chosen tempo after a bar of count-in, with quiet
  /// ticks on the notes to play.
  func clickOptions(_ settings: Settings, line: RhythmLine?) -> MetronomeOptions {
    var options = MetronomeOptions(settings: settings)
    options.bpm = line == nil ? Self.calibrationBPM : settings.rhythm.bpm
    options.meter = "\(RhythmLine.beatsPerBar)/4"
    options.accents = ""
    options.subdivision = 1
    options.countInBars = 1
    options.targets = line.map(Self.ticks) ?? []
    options.heldBeats = line?.heldBeats ?? []
    return options
  }

  /// The notes' onsets beat by beat over the whole exercise, as fractions of their beat: a
  /// long pattern or a beat a pattern skipped makes the beats differ from one time through the
  /// line to the next.
  static func ticks(_ line: RhythmLine) -> [[Double]] {
    var ticks = Array(repeating: [Double](), count: line.beatCount)
    for note in line.notes {
      let (beat, part) = note.onset.numerator.quotientAndRemainder(
        dividingBy: note.onset.denominator)
      ticks[beat].append(BeatFraction(part, note.onset.denominator).value)
    }
    return ticks
  }

  /// The best accuracy of finished runs of `line` at `bpm` on `input` in `history`: a faster
  /// tempo or another input is another challenge, with a best of its own.
  public static func best(
    line: [String], bpm: Int, input: RhythmSettings.Input, in history: [SessionRecord]
  ) -> Double? {
    history.filter {
      $0.module == module && $0.exercise == input.rawValue && $0.content == line
        && $0.figures["bpm"] == Double(bpm) && !$0.isCutShort
    }.compactMap { $0.figures["accuracy"] }.max()
  }

  private mutating func start(
    settings: Settings, rhythms: [RhythmPattern], history: [SessionRecord]
  ) -> [Effect] {
    let patterns = settings.rhythm.line.compactMap { id in rhythms.first { $0.id == id } }
    guard patterns.count == settings.rhythm.line.count,
      let line = RhythmLine(patterns: patterns, bars: settings.rhythm.bars)
    else { return [] }
    reset()
    self.line = line
    phase = .running
    input = settings.rhythm.input
    previousBest = Self.best(
      line: settings.rhythm.line, bpm: settings.rhythm.bpm, input: input, in: history)
    profile = settings.listening.profile
    perfectWithinMilliseconds = perfectWithin(line, settings: settings)
    return [.metronome(.start(clickOptions(settings, line: line)))]
  }

  private mutating func calibrate(settings: Settings) -> [Effect] {
    reset()
    phase = .calibrating
    // Pads are measured as taps are; the microphone's delay is the round trip's, measured
    // elsewhere, so in that mode the keys are measured.
    input = settings.rhythm.input == .midi ? .midi : .tap
    return [.metronome(.start(clickOptions(settings, line: nil)))]
  }

  private mutating func reset() {
    grid = nil
    lastClick = nil
    hits = []
    results = nil
    feedback = nil
    microphoneProblem = nil
    midiProblem = nil
    decided = 0
    line = nil
    input = .tap
    perfectWithinMilliseconds = nil
    startedAt = now
  }

  /// A click was heard: the first places the beats, and the microphone starts listening then,
  /// as the player does. A stream can take a good part of a second to sound its first click; a
  /// recording standing in for the microphone (`--audio-in`) starts with it as a player would.
  mutating func heardBeat(_ beat: BeatDisplay) -> [Effect] {
    guard capturesKeys, beat.bpm > 0 else { return [] }
    lastClick = beat.bar * RhythmLine.beatsPerBar + beat.beatInBar
    guard grid == nil else { return [] }
    grid = BeatGrid(heard: beat, beatsPerBar: RhythmLine.beatsPerBar)
    switch input {
    case .tap: return []
    case .microphone: return [.listen(.start(profile: profile))]
    case .midi: return [.midiIn(.start(from: beat.audibleAt))]
    }
  }

  /// What stops this run's input, if it needs stopping.
  private var stopInput: [Effect] {
    switch input {
    case .tap: []
    case .microphone: [.listen(.stop)]
    case .midi: [.midiIn(.stop)]
    }
  }

  private static func seconds(_ instant: MonotonicInstant) -> Double {
    seconds(instant.sinceEpoch)
  }

  private static func seconds(_ duration: Duration) -> Double {
    duration / .seconds(1)
  }

  /// A hit at `time`: taps and MIDI hits lose their path's delay (unless it is being
  /// measured); it is graded with all hits so far.
  private mutating func hit(at time: MonotonicInstant, settings: Settings) -> [Effect] {
    let milliseconds =
      switch input {
      case .tap: settings.rhythm.tapPaths[route.name]?.offsetMilliseconds ?? 0
      case .midi: settings.rhythm.midiOffsetMilliseconds
      case .microphone: 0.0
      }
    let delay = phase == .calibrating ? 0 : milliseconds / 1000
    hits.append(Self.seconds(time) - delay)
    guard phase == .running else { return [] }
    regrade(settings: settings)
    let time = hits[hits.count - 1]
    guard let results else { return [] }
    if let note = results.notes.first(where: { $0.hit == time }) {
      feedback = Feedback(grade: note.grade, offsetMilliseconds: note.offsetMilliseconds, at: now)
      return []
    }
    feedback = Feedback(grade: nil, offsetMilliseconds: nil, at: now)
    return settings.rhythm.rings ? [.bell] : []
  }

  private var expected: [RhythmGrader.ExpectedNote] {
    guard let line, let grid else { return [] }
    let bpm = .seconds(60) / grid.beatLength
    return line.expectedNotes(firstBeat: Self.seconds(grid.firstBeat), bpm: bpm)
  }

  /// Windows no finer than the key path can tell apart: a tap exactly on the note arrives
  /// within two of the path's spreads of it 95 times in 100.
  func windows(_ settings: Settings) -> RhythmWindows {
    let chosen = Self.chosenWindows(settings)
    guard input == .tap, let path = settings.rhythm.tapPaths[route.name] else { return chosen }
    return chosen.resolving(2 * path.spreadMilliseconds / 1000)
  }

  /// The windows the player chose, whatever the key path.
  private static func chosenWindows(_ settings: Settings) -> RhythmWindows {
    settings.rhythm.strictness == .strict ? .strict : .relative
  }

  /// The milliseconds within which a tap counts as perfect on every note of `line`, when the
  /// key path's wobble, not the chosen windows, sets it.
  private func perfectWithin(_ line: RhythmLine, settings: Settings) -> Double? {
    let chosen = Self.chosenWindows(settings)
    let widened = windows(settings)
    guard widened.finest > 0 else { return nil }
    let notes = line.expectedNotes(firstBeat: 0, bpm: Double(settings.rhythm.bpm))
    let isWidened = notes.contains {
      chosen.limit(chosen.perfect, windowBase: $0.windowBase) < widened.finest
    }
    return isWidened ? widened.finest * 1000 : nil
  }

  private mutating func regrade(settings: Settings) {
    guard let line, let grid else { return }
    results = RhythmGrader(windows: windows(settings)).grade(
      line, firstBeat: Self.seconds(grid.firstBeat), bpm: .seconds(60) / grid.beatLength,
      hits: hits)
  }

  /// The clock reached `time`: notes whose window closed unplayed are missed, and after the
  /// last one the run ends.
  mutating func tick(_ time: MonotonicInstant, settings: inout Settings) -> [Effect] {
    now = max(now, time)
    guard let grid else { return [] }
    if phase == .calibrating {
      guard now.sinceEpoch > grid.time(ofBeat: Self.calibrationClicks) else { return [] }
      let clicks = (0..<Self.calibrationClicks).map { Self.seconds(grid.time(ofBeat: $0)) }
      let measured = TapCalibration(clicks: clicks, taps: hits)
      if let measured, measured.isUsable {
        let offset = (measured.offsetMilliseconds * 10).rounded() / 10
        if input == .midi {
          settings.rhythm.midiOffsetMilliseconds = offset
        } else {
          settings.rhythm.tapPaths[route.name] = RhythmSettings.TapPath(
            offsetMilliseconds: offset,
            spreadMilliseconds: (measured.spreadMilliseconds * 10).rounded() / 10)
        }
      }
      phase = .calibrated(measured)
      return [.metronome(.stop)] + stopInput
    }
    guard phase == .running, let line else { return [] }
    if results == nil { regrade(settings: settings) }
    let notes = expected
    let windows = windows(settings)
    var effects: [Effect] = []
    let seconds = Self.seconds(now)
    // A microphone's onset is reported a little after the sound: a note is missed only once
    // its onset could no longer come.
    let reportDelay = input == .microphone ? OnsetDetector.longestReportDelaySeconds : 0
    while decided < notes.count,
      notes[decided].time + windows.limit(windows.inaccurate, windowBase: notes[decided].windowBase)
        + reportDelay < seconds
    {
      if results?.notes[decided].grade == .miss {
        feedback = Feedback(grade: .miss, offsetMilliseconds: nil, at: now)
        if settings.rhythm.rings { effects.append(.bell) }
      }
      decided += 1
    }
    let end = grid.time(ofBeat: line.beatCount)
    if decided == notes.count, now.sinceEpoch >= end {
      effects += finish(settings: settings, isCutShort: false)
    }
    return effects
  }

  /// Esc while the click plays: a run ends with what was played, a calibration is dropped.
  private mutating func stop(settings: Settings) -> [Effect] {
    guard phase == .running else {
      phase = .setup
      return [.metronome(.stop)] + stopInput
    }
    return finish(settings: settings, isCutShort: true)
  }

  private mutating func finish(settings: Settings, isCutShort: Bool) -> [Effect] {
    regrade(settings: settings)
    guard let report = report(isCutShort: isCutShort) else {
      phase = .setup
      return [.metronome(.stop)] + stopInput
    }
    phase = .results(report)
    var effects: [Effect] = [.metronome(.stop)] + stopInput
    effects.append(.record(record(report, settings: settings, isCutShort: isCutShort)))
    return effects
  }

  /// A run stopped midway is judged on the notes whose time has come.
  private var decidedResults: RhythmResults? {
    guard let results else { return nil }
    let judged = Array(results.notes.prefix(decided))
    let lastTime = judged.last?.expected ?? 0
    return RhythmResults(
      notes: judged, extraHits: results.extraHits.filter { $0 <= max(lastTime, Self.seconds(now)) })
  }

  /// The run under way as stopped now, for when the app is told to stop.
  func recordInProgress(settings: Settings) -> SessionRecord? {
    guard phase == .running, let report = report(isCutShort: true) else { return nil }
    return record(report, settings: settings, isCutShort: true)
  }

  /// The run so far; stopped short, judged only on the notes whose time has come.
  private func report(isCutShort: Bool) -> RhythmReport? {
    guard let played = isCutShort ? decidedResults : results, let startedAt else { return nil }
    return RhythmReport(
      results: played, seconds: Double(now.nanoseconds &- startedAt.nanoseconds) / 1e9)
  }

  func record(_ report: RhythmReport, settings: Settings, isCutShort: Bool) -> SessionRecord {
    let results = report.results
    var figures: [String: Double] = [
      "bpm": Double(settings.rhythm.bpm), "accuracy": results.accuracy,
      "extra": Double(results.extraCount),
    ]
    for grade in RhythmGrade.allCases {
      figures[grade == .miss ? "missed" : grade.rawValue] = Double(results.count(of: grade))
    }
    if let mean = results.meanOffsetMilliseconds { figures["meanOffsetMs"] = mean }
    if let spread = results.spreadMilliseconds { figures["spreadMs"] = spread }
    // What a leaderboard checks the accuracy against: the line's length and each note's grade.
    if let line { figures["bars"] = Double(line.bars) }
    if !inputsFromFiles.contains(input) { figures["live"] = 1 }
    return SessionRecord(
      module: Self.module, exercise: settings.rhythm.input.rawValue,
      startedAt: Date(timeIntervalSince1970: 0), duration: report.seconds,
      score: results.accuracy / 100, figures: figures, content: settings.rhythm.line,
      graded: results.notes.map {
        SessionRecord.GradedNote(grade: $0.grade, offsetMilliseconds: $0.offsetMilliseconds)
      }, isCutShort: isCutShort)
  }

  /// What was played on the chosen input: each attack is a hit at the moment it was played
  /// (a key tapped, an onset the microphone heard, a MIDI pad or key whatever its note).
  mutating func played(_ events: [PlayedEvent], settings: Settings) -> [Effect] {
    let source: PlayedEvent.Source
    switch input {
    case .tap where capturesKeys: source = .keyboard
    case .microphone where phase == .running: source = .microphone
    case .midi where capturesKeys: source = .midi
    default: return []
    }
    var effects: [Effect] = []
    for event in events where event.source == source && event.isAttack {
      now = max(now, event.instant)
      effects += hit(at: event.instant, settings: settings)
    }
    return effects
  }

  /// The microphone started, or could not: then taps are taken instead.
  mutating func listening(failure: String?) {
    guard input == .microphone else { return }
    microphoneProblem = failure
    if failure != nil { input = .tap }
  }

  /// MIDI input started, or could not: then taps are taken instead.
  mutating func midiInput(failure: String?) {
    guard input == .midi else { return }
    midiProblem = failure
    if failure != nil { input = .tap }
  }
}

extension RhythmModel {
  /// `results` against the best before this run, as the results screen says it.
  func best(of results: RhythmResults) -> PersonalBest {
    func percent(_ value: Double) -> String { DecimalText.format(value, places: 1) + " %" }
    return PersonalBest(
      score: percent(results.accuracy), previous: previousBest.map(percent),
      isBeaten: results.accuracy > (previousBest ?? -1))
  }
}
