import AudioModel
import DSP
import FoundationEssentials
import MusicTheory
import Practice
import Storage
import TerminalUI

/// Playing a pattern through note by note, up and then down, level after level: with the
/// cursor and Enter, on the instrument through the microphone, or on a MIDI keyboard; with its
/// places shown or from memory, in free time or on the click.
public struct ScaleRunSession: Equatable, Sendable {
  /// What the browser does after a key: stay on the run, leave it, or go on to the next
  /// pattern (the last level of this one passed).
  enum Next: Equatable {
    case leave
    case nextPattern
  }

  public private(set) var run: ScaleRun
  /// The place the cursor is on.
  public private(set) var cursor: FretPosition
  /// Whether the pattern's places are shown while it is played from memory; `m` toggles.
  public private(set) var showsMarkers = true
  /// Whether the places were shown at any time during the run under way.
  private var showedPlaces = true
  /// The level being worked on.
  public private(set) var runLevel = RunLevel.all[0]
  /// Whether the run up met the level, so a clean run down passes it.
  private var upMetLevel = false
  /// Whether the last run down, with the run up before it, passed the level.
  public private(set) var passedLevel = false
  /// Whether notes are taken from the microphone and MIDI as well as the cursor; `l` toggles.
  public private(set) var listens = false
  /// Whether the click plays; `c` toggles.
  public private(set) var clicks = false
  /// The leaps or groups a scale is played in, nil straight; `s` goes through them.
  public private(set) var sequence: ScaleSequence?
  /// When the pattern started being played to the player (`p`), while it is.
  private var presentedAt: MonotonicInstant?
  /// Whether the click is still in its bar of count-in, or not yet heard.
  public private(set) var isCountingIn = false
  /// Why the microphone could not be used.
  public private(set) var microphoneProblem: String?
  /// The MIDI port notes are also taken from while listening, when one is open.
  public private(set) var midiPort: String?
  private var heldNotes = HeldNoteDetector()
  private var tapTempo = TapTempo()
  /// When the microphone last heard an attack, until a note takes it.
  private var lastAttack: MonotonicInstant?
  /// When the first note of the run under way was played: the run's time starts there.
  private var firstNoteAt: MonotonicInstant?
  /// Whether the run waits while the scale is explained: no note is taken and no beat is
  /// awaited, and the click is stopped.
  public private(set) var isHeld = false
  /// The wrong note that ended the run, shown on the neck beside the one expected until the
  /// next try.
  public private(set) var wrongNote: WrongNote?

  /// A wrong note, where it was played, and the note the run expected there.
  public struct WrongNote: Equatable, Sendable {
    public let played: Pitch
    /// Where it was played: the cursor's place, or for a note from the instrument (which says
    /// only its pitch) the place nearest the expected one that sounds it; nil off the neck.
    public let place: FretPosition?
    public let expected: ScaleRun.Step
  }

  static let beatsPerBar = 4
  /// An attack further back than half a second before a note is held was something else.
  static let longestAttack: UInt64 = 500_000_000

  /// A session with no run yet: `begin` starts one.
  init() {
    run = ScaleRun(positions: [], pitches: [], direction: .ascending)
    cursor = FretPosition(string: 1, fret: 0)
  }

  /// The note sounding at `now` while the pattern is played to the player; they follow each
  /// other as the note player spaces them.
  func presentedNote(at now: MonotonicInstant) -> Int? {
    guard let presentedAt, now >= presentedAt else { return nil }
    let index = Int((now - presentedAt) / .seconds(NotePlayer.spacing))
    return index < run.expected.count ? index : nil
  }

  /// The next note of the pattern being played to the player, or a beat going by without its
  /// note, which ends the run.
  func deadline(at now: MonotonicInstant) -> MonotonicInstant? {
    guard !isHeld else { return nil }
    if let presentedAt, let note = presentedNote(at: now) {
      return presentedAt.advanced(by: .seconds(NotePlayer.spacing * Double(note + 1)))
    }
    return run.deadline.map(MonotonicInstant.init(sinceEpoch:))
  }

  /// Starts playing `pattern` through at `level`, its places shown or hidden and the click on
  /// (at least as fast as the level asks) or off; returns what starts or stops the click.
  mutating func begin(_ level: RunLevel, _ pattern: FretPattern, settings: inout Settings)
    -> [Effect]
  {
    runLevel = level
    showsMarkers = level.showsPlaces
    let wasClicking = clicks
    clicks = level.minimumBPM != nil
    if let minimum = level.minimumBPM {
      settings.fretboard.bpm = max(settings.fretboard.bpm, minimum)
    }
    start(pattern, settings: settings, direction: .ascending)
    if clicks { return [.metronome(.start(Self.clickOptions(settings)))] }
    return wasClicking ? [.metronome(.stop)] : []
  }

  private mutating func start(
    _ pattern: FretPattern, settings: Settings, direction: ScaleRun.Direction
  ) {
    let root = NamingSystem.english.noteClass(parsing: settings.fretboard.root) ?? NoteClass(.A)
    let positions = FretboardModel.placement(of: pattern, root: root)
    // Leaps and groups are steps along a scale; an arpeggio or a chord is played straight.
    run = ScaleRun(
      positions: positions,
      pitches: positions.map { pattern.tuning.pitch(string: $0.string, fret: $0.fret) },
      direction: direction, sequence: pattern.category == .scale ? sequence : nil)
    cursor = run.expected.first?.position ?? cursor
    showedPlaces = showsMarkers
    isCountingIn = clicks
    presentedAt = nil
    firstNoteAt = nil
    wrongNote = nil
    if direction == .ascending { upMetLevel = false }
    passedLevel = false
  }

  /// Enter plays the note under the cursor; a run played up is then asked down; when both
  /// are clean the next level is next. `p` plays the pattern, `m` hides or shows its places.
  /// With the click on, every new try starts with a bar of count-in.
  mutating func handle(_ event: KeyEvent, pattern: FretPattern, settings: inout Settings)
    -> (effects: [Effect], next: Next?)
  {
    let key = event.key
    if let moved = cursor.moved(by: key, on: pattern.tuning) {
      cursor = moved
      return ([], nil)
    }
    switch key {
    case .character("m"):
      showsMarkers.toggle()
      showedPlaces = showedPlaces || showsMarkers
    case .character("p"):
      presentedAt = event.time
      return ([.playNotes(run.expected.map(\.pitch), settings.fretboard.sound)], nil)
    case .escape:
      var effects: [Effect] = []
      if listens { effects += [.listen(.stop), .midiIn(.stop)] }
      if clicks { effects.append(.metronome(.stop)) }
      return (effects, .leave)
    case .character("s") where pattern.category == .scale:
      sequence = Self.sequence(after: sequence)
      start(pattern, settings: settings, direction: .ascending)
      return (clicks ? [.metronome(.start(Self.clickOptions(settings)))] : [], nil)
    case .character("c"):
      clicks.toggle()
      start(pattern, settings: settings, direction: run.direction)
      return ([.metronome(clicks ? .start(Self.clickOptions(settings)) : .stop)], nil)
    case .character("+"), .character("-"):
      let step = key == .character("+") ? 4 : -4
      return (setTempo(settings.fretboard.bpm + step, pattern: pattern, settings: &settings), nil)
    case .character("t"):
      guard let bpm = tapTempo.tap(at: event.time.sinceEpoch, range: FretboardSettings.bpmRange)
      else { return ([], nil) }
      return (setTempo(bpm, pattern: pattern, settings: &settings), nil)
    case .enter where run.isOver:
      // Up, then down, then the next level (after the last, the next pattern); a mistake
      // tries the same way again, and a level not met starts it again.
      let clean = run.verdict == .finished
      if clean, run.direction == .descending {
        guard passedLevel else { return (begin(runLevel, pattern, settings: &settings), nil) }
        if runLevel == RunLevel.all.last { return ([], .nextPattern) }
        return (begin(RunLevel.next(after: runLevel.number), pattern, settings: &settings), nil)
      }
      start(pattern, settings: settings, direction: clean ? .descending : run.direction)
      return (clicks ? [.metronome(.start(Self.clickOptions(settings)))] : [], nil)
    case .character("l"):
      listens.toggle()
      heldNotes = HeldNoteDetector(reference: settings.concertPitch, armed: false)
      microphoneProblem = nil
      midiPort = nil
      let effects: [Effect] =
        listens
        ? [.listen(.start(profile: settings.listening.profile)), .midiIn(.start(from: nil))]
        : [.listen(.stop), .midiIn(.stop)]
      return (effects, nil)
    case .enter:
      let pitch = pattern.tuning.pitch(string: cursor.string, fret: cursor.fret)
      return (
        [.playNotes([pitch], settings.fretboard.sound)]
          + play(pitch, at: event.time, pattern: pattern, place: cursor), nil
      )
    default:
      break
    }
    return ([], nil)
  }

  /// The sequence `s` goes to from `current`: straight, then each of `ScaleSequence`'s in
  /// turn, then straight again.
  static func sequence(after current: ScaleSequence?) -> ScaleSequence? {
    let all: [ScaleSequence?] = [nil] + ScaleSequence.allCases
    return all[((all.firstIndex(of: current) ?? 0) + 1) % all.count]
  }

  /// A new tempo for the click; while it plays, the try starts again with a count-in at it.
  private mutating func setTempo(_ bpm: Int, pattern: FretPattern, settings: inout Settings)
    -> [Effect]
  {
    let range = FretboardSettings.bpmRange
    let bpm = min(max(bpm, range.lowerBound), range.upperBound)
    guard bpm != settings.fretboard.bpm else { return [] }
    settings.fretboard.bpm = bpm
    guard clicks else { return [] }
    start(pattern, settings: settings, direction: run.direction)
    return [.metronome(.start(Self.clickOptions(settings)))]
  }

  /// The scale's explanation opened: the run waits, and the click stops, since its beats
  /// would go by without their notes.
  mutating func hold() -> [Effect] {
    isHeld = true
    presentedAt = nil
    return clicks ? [.metronome(.stop)] : []
  }

  /// The explanation closed: in free time the run goes on where it was; on the click the try
  /// under way starts again after a bar of count-in, as the beats it was on have gone.
  mutating func resume(pattern: FretPattern, settings: Settings) -> [Effect] {
    isHeld = false
    guard clicks else { return [] }
    if !run.isOver { start(pattern, settings: settings, direction: run.direction) }
    return [.metronome(.start(Self.clickOptions(settings)))]
  }

  /// The clock reached `time`: a beat gone by without its note ends the run.
  mutating func tick(_ time: MonotonicInstant, pattern: FretPattern) -> [Effect] {
    guard !isHeld else { return [] }
    run.check(at: time.sinceEpoch)
    return run.isOver ? [.record(finish(of: pattern, at: time))] : []
  }

  /// A click of the count-in or the bar was heard: the first one places the beats the notes
  /// belong on.
  mutating func heardBeat(_ beat: BeatDisplay) {
    guard clicks, !isHeld, beat.bpm > 0 else { return }
    isCountingIn = beat.isCountIn
    guard run.grid == nil else { return }
    run.grid = BeatGrid(heard: beat, beatsPerBar: Self.beatsPerBar)
  }

  /// The click for playing a pattern through: plain 4/4 at the fretboard's tempo, after a bar
  /// of count-in.
  public static func clickOptions(_ settings: Settings) -> MetronomeOptions {
    var options = MetronomeOptions(settings: settings)
    options.bpm = settings.fretboard.bpm
    options.meter = "\(beatsPerBar)/4"
    options.accents = ""
    options.subdivision = 1
    options.countInBars = 1
    options.clickSound = settings.fretboard.click
    return options
  }

  /// A note played into the run at `time`, from the cursor at `place` or an instrument; the
  /// run's end is recorded, and a wrong note kept with the one expected. Before the click's
  /// first beat is heard there is no beat to play on, and the note is not taken; nor while
  /// the run waits.
  mutating func play(
    _ pitch: Pitch, at time: MonotonicInstant, pattern: FretPattern, place: FretPosition? = nil
  ) -> [Effect] {
    guard !run.isOver, !isHeld, !clicks || run.grid != nil, let next = run.next else { return [] }
    firstNoteAt = firstNoteAt ?? time
    if case .wrong = run.play(pitch, at: time.sinceEpoch) {
      wrongNote = WrongNote(
        played: pitch,
        place: place ?? Self.place(of: pitch, near: next.position, on: pattern.tuning),
        expected: next)
    }
    return run.isOver ? [.record(finish(of: pattern, at: time))] : []
  }

  /// The place sounding `pitch` nearest `target`, counting frets and strings apart alike, the
  /// same string first: where a hand reaching for `target` most likely played it.
  static func place(of pitch: Pitch, near target: FretPosition, on tuning: Tuning)
    -> FretPosition?
  {
    let places = (1...tuning.stringCount).compactMap { string -> FretPosition? in
      let fret = pitch - tuning.pitch(string: string, fret: 0)
      return (0...tuning.lastFret).contains(fret) ? FretPosition(string: string, fret: fret) : nil
    }
    func distance(_ place: FretPosition) -> (Int, Int) {
      let strings = abs(place.string - target.string)
      return (abs(place.fret - target.fret) + strings, strings)
    }
    return places.min { distance($0) < distance($1) }
  }

  /// How the run under way is played.
  private var conditions: RunLevel.Conditions {
    RunLevel.Conditions(
      showedPlaces: showedPlaces,
      bpm: run.grid.map { Int((Duration.seconds(60) / $0.beatLength).rounded()) })
  }

  /// The run is over at `now`: whether it met the level is kept, and its line of the history
  /// is returned: how long it took from its first note, whether it was clean, which way, at
  /// what tempo (0 in free time), whether the places were shown, and in which sequence (0
  /// straight, else 1 + its place in `ScaleSequence.allCases`).
  private mutating func finish(of pattern: FretPattern, at now: MonotonicInstant) -> SessionRecord {
    let met = run.verdict == .finished && runLevel.isMet(by: conditions)
    if run.direction == .ascending {
      upMetLevel = met
    } else {
      passedLevel = upMetLevel && met
    }
    return SessionRecord(
      module: FretboardModel.module, exercise: FretboardModel.runExercise,
      startedAt: Date(timeIntervalSince1970: 0),
      duration: firstNoteAt.map { Double(now.nanoseconds &- $0.nanoseconds) / 1e9 } ?? 0,
      figures: [
        "passed": run.verdict == .finished ? 1 : 0,
        "descending": run.direction == .descending ? 1 : 0,
        "bpm": Double(conditions.bpm ?? 0),
        "markers": showedPlaces ? 1 : 0,
        "sequence": Double(
          run.sequence.flatMap(ScaleSequence.allCases.firstIndex).map { $0 + 1 } ?? 0),
      ],
      content: [pattern.id])
  }

  /// What was played: each note held clearly on the instrument, or each key of a MIDI
  /// keyboard, is played into the run as if entered at the cursor. A note held was played at
  /// its attack, the one heard just before it; without one, when it was held.
  mutating func played(_ events: [PlayedEvent], pattern: FretPattern) -> [Effect] {
    guard listens, !isHeld else { return [] }
    var effects: [Effect] = []
    for event in events {
      if event.source == .midi, let pitch = event.pitch {
        effects += play(pitch, at: event.instant, pattern: pattern)
        continue
      }
      if event.source == .microphone, event.isAttack { lastAttack = event.instant }
      for (frequency, heldAt) in heldNotes.held(in: [event]) {
        guard let pitch = Pitch(nearestTo: frequency, reference: heldNotes.reference) else {
          continue
        }
        let attack = lastAttack.flatMap {
          heldAt.instant.nanoseconds &- $0.nanoseconds <= Self.longestAttack ? $0 : nil
        }
        lastAttack = nil
        effects += play(pitch, at: attack ?? heldAt.instant, pattern: pattern)
      }
    }
    return effects
  }

  /// The microphone started, or could not; without it, listening goes on only for MIDI.
  mutating func listening(failure: String?) {
    microphoneProblem = failure
    if failure != nil, midiPort == nil { listens = false }
  }

  /// MIDI input opened on `port`, or could not.
  mutating func midiInput(failure: String?, port: String?) {
    guard listens else { return }
    midiPort = failure == nil ? port : nil
  }
}
