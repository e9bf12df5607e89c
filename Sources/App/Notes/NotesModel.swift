import AudioModel
import DSP
import FoundationEssentials
import MusicTheory
import Practice
import Storage
import TerminalUI

/// Reading notes: choose packs and an exercise, then read one note at a time and answer with
/// 1–4, by typing its name, or (play it) by playing or singing it. Flashcards deal a chosen
/// number of cards, the timed drill as many as fit in a minute, the streak until the first
/// mistake. Every session is recorded in the history, also one left before its end.
public struct NotesModel: Equatable, Sendable {
  public enum Phase: Equatable, Sendable {
    case choosing
    /// The mastery map of the chosen packs.
    case mastery
    case playing
    case finished
  }

  public private(set) var phase = Phase.choosing
  /// The pack under the cursor while choosing: the player's packs first, then those offered
  /// from the server's catalogue.
  public private(set) var cursor = 0
  /// The pack of the server's catalogue being fetched, if any.
  public private(set) var fetching: String?
  public private(set) var quiz: NoteQuiz?
  /// The packs the quiz was dealt from, in the order of its decks.
  public private(set) var quizPacks: [NotePack] = []
  public private(set) var exercise = NoteExercise.flashcards
  /// A name being typed as the answer.
  public private(set) var typed = ""
  /// Why the last key or note did nothing useful, such as a name that is not a note.
  public private(set) var problem: Message?
  /// The best score of this exercise with these packs before this session; nil if none.
  public private(set) var previousBest: Int?
  /// Why the microphone could not be used, in the play-it exercise.
  public private(set) var microphoneProblem: String?
  /// The MIDI port play-it also takes notes from, when one is open.
  public private(set) var midiPort: String?
  /// The last clear pitch heard, in the play-it exercise.
  public private(set) var hearing: Double?
  /// Whether a note was started since the card appeared: the one still ringing from the card
  /// before is not shown as heard on the new one.
  private var heardAnAttack = false
  /// The latest instant the model was told of, for the time left in the timed drill.
  public private(set) var now = MonotonicInstant(nanoseconds: 0)
  /// When the card on show appeared, to time the answer.
  private var shownAt: MonotonicInstant?
  /// When the first card appeared, to time the session.
  public private(set) var startedAt: MonotonicInstant?
  /// When the session ended: the last answer, the time limit or the mistake.
  private var endedAt: MonotonicInstant?
  /// Whether the box asking to stop a session midway is up, and which of its buttons is chosen
  /// (0 stops, 1 goes on).
  public private(set) var stopButton: Int?
  /// Set when the user stopped the session midway: the screen is then left.
  private(set) var isStopped = false
  /// When the answered card gives way to the next one; nil while waiting for an answer or for
  /// Enter.
  public private(set) var advanceAt: MonotonicInstant?
  private var heldNotes = HeldNoteDetector()
  private var random: SplitMix64

  /// `seed` makes the session's cards; the runtime passes the moment the screen opened.
  public init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  static let choosingHints: [KeyHint] = [
    KeyHint(.upDown, "common.move", inBar: false),
    KeyHint(.space, "notes.key.choose"),
    KeyHint(.text("Tab"), "notes.key.exercise"),
    KeyHint(.text("c"), "notes.key.staff", inBar: false),
    KeyHint(.leftRight, "notes.key.rounds"),
    KeyHint(.text("m"), "notes.key.mastery"),
    KeyHint(.enter, "notes.key.start"),
    // The bar has no room for it at 80 columns; Esc goes back on every screen.
    KeyHint(.escape, "common.back", inBar: false),
    .help,
  ]

  static let masteryHints: [KeyHint] = [
    KeyHint(.enter, "notes.key.start"),
    KeyHint(.text("m"), "notes.key.packs"),
    .back,
    .help,
  ]

  static let playingHints: [KeyHint] = [
    KeyHint(.text("1-4"), "notes.key.answer"),
    KeyHint(.noteNames, "notes.key.type"),
    KeyHint(.enter, "notes.key.next"),
    .back,
    .help,
  ]

  static let playingByEarHints: [KeyHint] = [
    KeyHint(.enter, "notes.key.next"),
    .back,
    .help,
  ]

  static let stoppingHints: [KeyHint] = [
    KeyHint(.text("y"), "notes.key.stop"),
    KeyHint(.escape, "notes.key.goOn"),
    KeyHint(.leftRight, "common.move"),
    KeyHint(.enter, "common.choose"),
  ]

  static let finishedHints: [KeyHint] = [
    KeyHint(.enter, "notes.key.again"),
    .back,
    .help,
  ]

  var keyHints: [KeyHint] {
    if stopButton != nil { return Self.stoppingHints }
    switch phase {
    case .choosing: return Self.choosingHints
    case .mastery: return Self.masteryHints
    case .playing: return answersByEar ? Self.playingByEarHints : Self.playingHints
    case .finished: return Self.finishedHints
    }
  }

  /// While playing, letters are typed answers rather than keys of the app; while asking
  /// whether to stop, every key answers the question.
  var capturesKeys: Bool { stopButton != nil || (phase == .playing && !typed.isEmpty) }

  /// Whether leaving now would cut a session short: then the user is asked first.
  var asksBeforeLeaving: Bool {
    phase == .playing && endedAt == nil && !(quiz?.answers.isEmpty ?? true)
  }

  /// Whether the microphone should be on: only while a play-it session runs.
  var listens: Bool { phase == .playing && exercise == .play }

  /// Whether cards are answered by playing: play-it with a microphone or a MIDI keyboard.
  /// Without either, play-it falls back to the keys.
  public var answersByEar: Bool {
    exercise == .play && (microphoneProblem == nil || midiPort != nil)
  }

  /// When the screen wants a `.tick`: the next card, the end of the timed drill, and each
  /// second of its countdown.
  var deadline: MonotonicInstant? {
    var times = [advanceAt].compactMap { $0 }
    if exercise == .timed, phase == .playing, endedAt == nil, let startedAt {
      let elapsed = now.nanoseconds &- startedAt.nanoseconds
      let second: UInt64 = 1_000_000_000
      times.append(
        MonotonicInstant(nanoseconds: startedAt.nanoseconds + (elapsed / second + 1) * second))
    }
    return times.min()
  }

  /// Whole seconds left in the timed drill.
  public var secondsLeft: Int? {
    guard exercise == .timed, let startedAt else { return nil }
    let end = startedAt.nanoseconds + UInt64(NoteExercise.timedSeconds * 1e9)
    let until = (endedAt ?? now).nanoseconds
    return until >= end ? 0 : Int((end - until + 999_999_999) / 1_000_000_000)
  }

  /// Puts up the box asking whether to stop the session, with "stop" chosen.
  mutating func askToStop() {
    stopButton = 0
  }

  /// Returns the effects the key asks for: the answer's note is sounded when a card is
  /// answered, the session is recorded when it ends, and a session stopped midway is recorded
  /// as it stands before the screen is left.
  mutating func handle(
    _ event: KeyEvent, settings: inout Settings, packs: [NotePack], history: [SessionRecord],
    offered: [ServerSnapshot.CataloguePack] = []
  ) -> [Effect] {
    problem = nil
    now = max(now, event.time)
    if stopButton != nil { return answerStop(event) }
    switch phase {
    case .choosing:
      return choose(
        event, settings: &settings, packs: packs, history: history, offered: offered)
    case .mastery:
      if event.key == .enter {
        return start(at: event.time, settings: settings, packs: packs, history: history)
      }
      if event.key == .character("m") { phase = .choosing }
    case .playing:
      return play(event, settings: settings)
    case .finished:
      if event.key == .enter { phase = .choosing }
    }
    return []
  }

  /// The clock reached `now`: the timed drill may be over, an answered card gives way to the
  /// next when its time is up.
  mutating func tick(_ time: MonotonicInstant) -> [Effect] {
    now = max(now, time)
    guard phase == .playing else { return [] }
    if endedAt == nil, secondsLeft == 0 {
      return endSession(at: time)
    }
    if let advanceAt, time >= advanceAt { return advance(at: time) }
    return []
  }

  /// The microphone started, or could not.
  mutating func listening(failure: String?) {
    microphoneProblem = failure
  }

  /// What was played in the play-it exercise: a note held in tune on the instrument, or a key
  /// pressed on a MIDI keyboard (exact, so right or wrong, never out of tune), answers the card.
  mutating func played(_ events: [PlayedEvent], settings: Settings) -> [Effect] {
    // Events carry when they were played; the model's clock may not have moved since the
    // card appeared, and the answer is timed and the verdict shown from when it was played.
    now = max(now, events.map(\.instant).max() ?? now)
    guard listens, endedAt == nil, var quiz, !quiz.isAnswered else { return [] }
    for event in events {
      switch event.kind {
      case .attack: heardAnAttack = true
      case .sounding(let frequency, let confidence):
        if heardAnAttack, frequency > 0, confidence >= HeldNoteDetector.minimumConfidence {
          hearing = frequency
        }
      }
    }
    let keys = events.compactMap { event in
      event.source == .midi ? event.pitch?.frequency(reference: settings.concertPitch) : nil
    }
    for frequency in keys + heldNotes.held(in: events).map(\.frequency) {
      let judgement = PlayedNoteJudgement(
        heard: frequency, written: quiz.card.note.pitch, reference: settings.concertPitch,
        toleranceCents: settings.notes.toleranceCents, anyOctave: settings.notes.anyOctave)
      switch judgement {
      case .inTune(let pitch):
        quiz.answer(heard: pitch, isCorrect: true, seconds: secondsSinceShown(now))
      case .outOfTune(let cents):
        problem = Message(
          cents > 0 ? "notes.play.sharp" : "notes.play.flat",
          ["cents": "\(Int(abs(cents).rounded()))"])
        continue
      case .wrong(let pitch):
        quiz.answer(heard: pitch, isCorrect: false, seconds: secondsSinceShown(now))
      }
      self.quiz = quiz
      return answered(at: now, settings: settings)
    }
    return []
  }

  /// MIDI input opened on `port`, or could not; without it the microphone answers alone.
  mutating func midiInput(failure: String?, port: String?) {
    guard listens else { return }
    midiPort = failure == nil ? port : nil
  }

  private func secondsSinceShown(_ time: MonotonicInstant) -> Double {
    shownAt.map { Double(time.nanoseconds &- $0.nanoseconds) / 1e9 } ?? 0
  }

  private mutating func answerStop(_ event: KeyEvent) -> [Effect] {
    switch event.key {
    case .left, .right, .tab:
      stopButton = stopButton == 0 ? 1 : 0
      return []
    case .escape, .character("n"):
      stopButton = nil
      return []
    case .enter where stopButton == 1:
      stopButton = nil
      return []
    case .enter, .character("y"):
      stopButton = nil
      let record = record(at: event.time)
      phase = .finished
      advanceAt = nil
      isStopped = true
      return (record.map { [.record($0)] } ?? []) + (exercise == .play ? Self.stopInputs : [])
    default:
      return []
    }
  }

  /// The session so far as a line of the history, or nil before the first answer. The runtime
  /// dates it, as the model never reads the wall clock.
  public func record(at time: MonotonicInstant) -> SessionRecord? {
    guard let quiz, !quiz.answers.isEmpty, let startedAt else { return nil }
    let answers = quiz.answers.map { answer in
      SessionRecord.Answer(
        question: answer.card.note.description,
        context: quizPacks[answer.deck].staff.name,
        given: answer.heard?.spelling(preferSharps: true).description ?? answer.given.description,
        isCorrect: answer.isCorrect, seconds: answer.seconds)
    }
    // The cards right, as a leaderboard of the drill or the streak takes it and checks it
    // against the answers.
    var figures: [String: Double] = ["right": Double(quiz.correctCount)]
    if let rounds = quiz.rounds { figures["rounds"] = Double(rounds) }
    if exercise == .timed { figures["seconds"] = NoteExercise.timedSeconds }
    return SessionRecord(
      module: Self.module, exercise: exercise.rawValue, startedAt: Date(timeIntervalSince1970: 0),
      duration: Double((endedAt ?? time).nanoseconds &- startedAt.nanoseconds) / 1e9,
      score: Double(quiz.correctCount) / Double(quiz.answers.count), figures: figures,
      content: quizPacks.map(\.id), answers: answers, isCutShort: endedAt == nil)
  }

  static let module = "notes"

  /// The best right count of `exercise` over exactly these packs in `history`. The timed
  /// drill and the streak keep personal bests; a harder choice of packs has its own.
  public static func best(
    of exercise: NoteExercise, packs: [String], in history: [SessionRecord]
  ) -> Int? {
    history.filter {
      $0.module == module && $0.exercise == exercise.rawValue && Set($0.content) == Set(packs)
        && !$0.isCutShort
    }.map { $0.answers.count { $0.isCorrect } }.max()
  }

  /// The packs listed: all, or those on the staff the settings restrict practice to.
  static func shown(_ packs: [NotePack], _ settings: Settings) -> [NotePack] {
    let staff = settings.notes.staff
    return staff.isEmpty ? packs : packs.filter { $0.staff.name == staff }
  }

  /// The packs of the server's catalogue the player does not have, offered below their own.
  static func offered(_ server: ServerSnapshot?, packs: [NotePack]) -> [ServerSnapshot
    .CataloguePack]
  {
    let have = Set(packs.map(\.id))
    return (server?.catalogue ?? []).filter { !have.contains($0.id) }
  }

  /// A pack asked for from the server came, and is chosen and under the cursor; or it did
  /// not, and the screen says why.
  mutating func fetched(
    _ id: String, problem: String?, settings: inout Settings, packs: [NotePack]
  ) {
    guard fetching == id else { return }
    fetching = nil
    if let problem {
      self.problem = Message("notes.fetchFailed", ["problem": problem])
      return
    }
    if !settings.notes.packs.contains(id) { settings.notes.packs.append(id) }
    if let index = Self.shown(packs, settings).firstIndex(where: { $0.id == id }) {
      cursor = index
    }
  }

  private mutating func choose(
    _ event: KeyEvent, settings: inout Settings, packs allPacks: [NotePack],
    history: [SessionRecord], offered: [ServerSnapshot.CataloguePack]
  ) -> [Effect] {
    if event.key == .character("c") {
      var staffs = [""]
      for pack in allPacks where !staffs.contains(pack.staff.name) {
        staffs.append(pack.staff.name)
      }
      let index = staffs.firstIndex(of: settings.notes.staff) ?? 0
      settings.notes.staff = staffs[(index + 1) % staffs.count]
      cursor = 0
      return []
    }
    let packs = Self.shown(allPacks, settings)
    let rows = packs.count + offered.count
    guard rows > 0 else { return [] }
    cursor = min(cursor, rows - 1)
    switch event.key {
    case .up, .character("k"): cursor = (cursor + rows - 1) % rows
    case .down, .character("j"): cursor = (cursor + 1) % rows
    case .character(" ") where cursor >= packs.count:
      guard fetching == nil else { break }
      let id = offered[cursor - packs.count].id
      fetching = id
      return [.fetchPack(id)]
    case .character(" "):
      let id = packs[cursor].id
      var chosen = settings.notes.packs
      if let index = chosen.firstIndex(of: id) {
        // At least one pack stays chosen.
        if chosen.count > 1 { chosen.remove(at: index) }
      } else {
        chosen.append(id)
      }
      settings.notes.packs = chosen
    case .tab:
      let all = NoteExercise.allCases
      settings.notes.exercise = all[(all.firstIndex(of: settings.notes.exercise)! + 1) % all.count]
    case .left, .right:
      guard settings.notes.exercise.hasRounds else { break }
      let step = event.key == .left ? -5 : 5
      let range = NotesSettings.roundRange
      settings.notes.rounds = min(
        max(settings.notes.rounds + step, range.lowerBound), range.upperBound)
    case .character("m"):
      guard chosenPacks(settings, allPacks) != nil else { break }
      phase = .mastery
    case .enter:
      return start(at: event.time, settings: settings, packs: allPacks, history: history)
    default:
      break
    }
    return []
  }

  private mutating func chosenPacks(_ settings: Settings, _ packs: [NotePack]) -> [NotePack]? {
    let chosen = chosen(settings, packs)
    guard !chosen.isEmpty else {
      problem = Message(
        settings.notes.staff.isEmpty ? "notes.problem.noPack" : "notes.problem.noPackOnStaff")
      return nil
    }
    return chosen
  }

  /// The packs to practise: those chosen in the settings, on the staff chosen if any.
  func chosen(_ settings: Settings, _ packs: [NotePack]) -> [NotePack] {
    Self.shown(packs, settings).filter { settings.notes.packs.contains($0.id) }
  }

  private mutating func start(
    at time: MonotonicInstant, settings: Settings, packs: [NotePack], history: [SessionRecord]
  ) -> [Effect] {
    guard let chosen = chosenPacks(settings, packs) else {
      phase = .choosing
      return []
    }
    exercise = settings.notes.exercise
    quizPacks = chosen
    quiz = NoteQuiz(
      decks: chosen.map { NoteQuiz.Deck(context: $0.staff.name, notes: $0.notes) },
      rounds: exercise.hasRounds ? settings.notes.rounds : nil,
      boxes: LeitnerBoxes(replaying: history, module: Self.module), using: &random)
    previousBest =
      exercise.hasRounds ? nil : Self.best(of: exercise, packs: chosen.map(\.id), in: history)
    phase = .playing
    typed = ""
    hearing = nil
    heardAnAttack = false
    microphoneProblem = nil
    heldNotes = HeldNoteDetector(reference: settings.concertPitch, armed: false)
    shownAt = time
    startedAt = time
    endedAt = nil
    advanceAt = nil
    now = time
    midiPort = nil
    return exercise == .play
      ? [.listen(.start(profile: settings.listening.profile)), .midiIn(.start(from: nil))] : []
  }

  /// Play-it listens to the microphone and to MIDI at once; whichever hears a note answers.
  private static let stopInputs: [Effect] = [.listen(.stop), .midiIn(.stop)]

  private mutating func play(_ event: KeyEvent, settings: Settings) -> [Effect] {
    guard var quiz else { return [] }
    if quiz.isAnswered {
      if event.key == .enter || event.key == .character(" ") { return advance(at: event.time) }
      return []
    }
    guard !answersByEar else { return [] }
    switch event.key {
    case .character(let character) where ("1"..."4").contains(character) && typed.isEmpty:
      let index = character.wholeNumberValue! - 1
      quiz.answer(quiz.card.choices[index], seconds: secondsSinceShown(event.time))
    case .character(let character) where character.isLetter || "#♯♭ ".contains(character):
      if typed.count < 8 { typed.append(character) }
      return []
    case .backspace:
      if !typed.isEmpty { typed.removeLast() }
      return []
    case .escape where !typed.isEmpty:
      typed = ""
      return []
    case .enter where !typed.isEmpty:
      guard let named = settings.noteNaming.noteClass(parsing: typed) else {
        problem = Message("notes.problem.unknownName", ["name": typed])
        typed = ""
        return []
      }
      typed = ""
      quiz.answer(named, seconds: secondsSinceShown(event.time))
    default:
      return []
    }
    self.quiz = quiz
    return answered(at: event.time, settings: settings)
  }

  /// The card on show was just answered: sound it (unless the user just played it), end the
  /// session if this was its last card or its first mistake, and plan the next card.
  private mutating func answered(at time: MonotonicInstant, settings: Settings) -> [Effect] {
    guard let quiz, let answer = quiz.answers.last else { return [] }
    var effects: [Effect] = exercise == .play ? [] : [.playNote(answer.card.note.pitch)]
    heldNotes.disarm()
    if quiz.isFinished || (exercise == .streak && !answer.isCorrect) {
      effects += endSession(at: time)
    }
    // The drill's clock runs on: a right answer moves straight on, a wrong one is shown.
    if exercise == .timed, endedAt == nil, answer.isCorrect {
      return effects + advance(at: time)
    }
    let byHand = settings.notes.advancesByHand && exercise != .timed
    advanceAt =
      byHand
      ? nil
      : MonotonicInstant(
        nanoseconds: time.nanoseconds + UInt64(settings.notes.advanceSeconds * 1e9))
    return effects
  }

  /// The session is over: recorded now, its last verdict still on show until it advances.
  private mutating func endSession(at time: MonotonicInstant) -> [Effect] {
    guard endedAt == nil else { return [] }
    endedAt = time
    let record = record(at: time)
    var effects: [Effect] = record.map { [.record($0)] } ?? []
    if exercise == .play { effects += Self.stopInputs }
    // Time ran out with a card unanswered: straight to the score.
    if quiz?.isAnswered == false {
      phase = .finished
      advanceAt = nil
    }
    return effects
  }

  private mutating func advance(at time: MonotonicInstant) -> [Effect] {
    guard var quiz else { return [] }
    advanceAt = nil
    if endedAt != nil {
      phase = .finished
      return []
    }
    quiz.next(using: &random)
    self.quiz = quiz
    shownAt = time
    problem = nil
    hearing = nil
    heardAnAttack = false
    return []
  }

  /// The pack the card on show was dealt from.
  public var currentPack: NotePack? {
    guard let quiz, quizPacks.indices.contains(quiz.deck) else { return nil }
    return quizPacks[quiz.deck]
  }
}
