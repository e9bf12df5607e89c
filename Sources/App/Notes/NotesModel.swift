import DSP
import FoundationEssentials
import MusicTheory
import Practice
import Storage
import TerminalUI

/// The note-reading flashcards: choose packs and a number of rounds, then read one note at a
/// time and answer with 1–4 or by typing its name; the answer is marked at once and the next
/// card follows after the delay set in the settings (or on Enter). Ends with a list of cards.
/// Every session is recorded in the history, also one left before its end.
public struct NotesModel: Equatable, Sendable {
  public enum Phase: Equatable, Sendable {
    case choosing
    case playing
    case finished
  }

  public private(set) var phase = Phase.choosing
  /// The pack under the cursor while choosing.
  public private(set) var cursor = 0
  public private(set) var quiz: NoteQuiz?
  /// The packs the quiz was dealt from, in the order of its decks.
  public private(set) var quizPacks: [NotePack] = []
  /// A name being typed as the answer.
  public private(set) var typed = ""
  /// Why the last key did nothing useful, such as a name that is not a note.
  public private(set) var problem: Message?
  /// When the card on show appeared, to time the answer.
  private var shownAt: MonotonicInstant?
  /// When the first card appeared, to time the session.
  private var startedAt: MonotonicInstant?
  /// Whether the box asking to stop a session midway is up, and which of its buttons is chosen
  /// (0 stops, 1 goes on).
  public private(set) var stopButton: Int?
  /// Set when the user stopped the session midway: the screen is then left.
  private(set) var isStopped = false
  /// When the answered card gives way to the next one; nil while waiting for an answer or for
  /// Enter.
  public private(set) var advanceAt: MonotonicInstant?
  private var random: SplitMix64

  /// `seed` makes the session's cards; the runtime passes the moment the screen opened.
  public init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  static let choosingHints: [KeyHint] = [
    KeyHint(.upDown, "common.move"),
    KeyHint(.text("Space"), "notes.key.choose"),
    KeyHint(.leftRight, "notes.key.rounds"),
    KeyHint(.enter, "notes.key.start"),
    .back,
    .help,
  ]

  static let playingHints: [KeyHint] = [
    KeyHint(.text("1-4"), "notes.key.answer"),
    KeyHint(.text("a-g"), "notes.key.type"),
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
    case .playing: return Self.playingHints
    case .finished: return Self.finishedHints
    }
  }

  /// While playing, letters are typed answers rather than keys of the app; while asking
  /// whether to stop, every key answers the question.
  var capturesKeys: Bool { stopButton != nil || (phase == .playing && !typed.isEmpty) }

  /// Whether leaving now would cut a session short: then the user is asked first.
  var asksBeforeLeaving: Bool {
    phase == .playing && quiz.map { !$0.answers.isEmpty && !$0.isFinished } ?? false
  }

  /// Puts up the box asking whether to stop the session, with "stop" chosen.
  mutating func askToStop() {
    stopButton = 0
  }

  /// Returns the effects the key asks for: the answer's note is sounded when a card is
  /// answered, the session is recorded when its last card is answered, and a session stopped
  /// midway is recorded as it stands before the screen is left.
  mutating func handle(_ event: KeyEvent, settings: inout Settings, packs: [NotePack]) -> [Effect] {
    problem = nil
    if stopButton != nil { return answerStop(event) }
    switch phase {
    case .choosing: choose(event, settings: &settings, packs: packs)
    case .playing:
      let answered = quiz?.answers.count
      play(event, settings: settings)
      guard let quiz, quiz.answers.count != answered else { break }
      var effects: [Effect] = [.playNote(quiz.card.note.pitch)]
      if quiz.isFinished, let record = record(at: event.time) { effects.append(.record(record)) }
      return effects
    case .finished:
      if event.key == .enter { phase = .choosing }
    }
    return []
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
      return record.map { [.record($0)] } ?? []
    default:
      return []
    }
  }

  /// The session so far as a line of the history, or nil before the first answer. The runtime
  /// dates it, as the model never reads the wall clock.
  func record(at time: MonotonicInstant) -> SessionRecord? {
    guard let quiz, !quiz.answers.isEmpty, let startedAt else { return nil }
    let answers = quiz.answers.map { answer in
      SessionRecord.Answer(
        question: answer.card.note.description,
        context: quizPacks[answer.deck].staff.name,
        given: answer.given.description, isCorrect: answer.isCorrect, seconds: answer.seconds)
    }
    return SessionRecord(
      module: "notes", exercise: "flashcards", startedAt: Date(timeIntervalSince1970: 0),
      duration: Double(time.nanoseconds &- startedAt.nanoseconds) / 1e9,
      score: Double(quiz.correctCount) / Double(quiz.answers.count),
      figures: quiz.rounds.map { ["rounds": Double($0)] } ?? [:], content: quizPacks.map(\.id), answers: answers,
      isCutShort: !quiz.isFinished)
  }

  /// The clock reached `now`: an answered card gives way to the next when its time is up.
  mutating func tick(_ now: MonotonicInstant) {
    guard let advanceAt, now >= advanceAt else { return }
    advance(at: now)
  }

  private mutating func choose(_ event: KeyEvent, settings: inout Settings, packs: [NotePack]) {
    guard !packs.isEmpty else { return }
    cursor = min(cursor, packs.count - 1)
    switch event.key {
    case .up, .character("k"): cursor = (cursor + packs.count - 1) % packs.count
    case .down, .character("j"): cursor = (cursor + 1) % packs.count
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
    case .left, .right:
      let step = event.key == .left ? -5 : 5
      let range = NotesSettings.roundRange
      settings.notes.rounds = min(max(settings.notes.rounds + step, range.lowerBound), range.upperBound)
    case .enter:
      let chosen = packs.filter { settings.notes.packs.contains($0.id) }
      guard !chosen.isEmpty else {
        problem = Message("notes.problem.noPack")
        return
      }
      quizPacks = chosen
      quiz = NoteQuiz(
        decks: chosen.map { NoteQuiz.Deck(context: $0.staff.name, notes: $0.notes) },
        rounds: settings.notes.rounds, using: &random)
      phase = .playing
      typed = ""
      shownAt = event.time
      startedAt = event.time
      advanceAt = nil
    default:
      break
    }
  }

  private mutating func play(_ event: KeyEvent, settings: Settings) {
    guard var quiz else { return }
    if quiz.isAnswered {
      if event.key == .enter || event.key == .character(" ") { advance(at: event.time) }
      return
    }
    switch event.key {
    case .character(let character) where ("1"..."4").contains(character) && typed.isEmpty:
      let index = character.wholeNumberValue! - 1
      answer(quiz.card.choices[index], at: event.time, quiz: &quiz, settings: settings)
    case .character(let character) where character.isLetter || "#♯♭ ".contains(character):
      if typed.count < 8 { typed.append(character) }
    case .backspace:
      if !typed.isEmpty { typed.removeLast() }
    case .escape where !typed.isEmpty:
      typed = ""
    case .enter where !typed.isEmpty:
      guard let named = settings.noteNaming.noteClass(parsing: typed) else {
        problem = Message("notes.problem.unknownName", ["name": typed])
        typed = ""
        return
      }
      typed = ""
      answer(named, at: event.time, quiz: &quiz, settings: settings)
    default:
      break
    }
    self.quiz = quiz
  }

  private mutating func answer(
    _ given: NoteClass, at time: MonotonicInstant, quiz: inout NoteQuiz, settings: Settings
  ) {
    let seconds = shownAt.map { Double(time.nanoseconds &- $0.nanoseconds) / 1e9 } ?? 0
    quiz.answer(given, seconds: seconds)
    advanceAt =
      settings.notes.advancesByHand
      ? nil
      : MonotonicInstant(
        nanoseconds: time.nanoseconds + UInt64(settings.notes.advanceSeconds * 1e9))
  }

  private mutating func advance(at time: MonotonicInstant) {
    guard var quiz else { return }
    advanceAt = nil
    if quiz.isFinished {
      phase = .finished
      return
    }
    quiz.next(using: &random)
    self.quiz = quiz
    shownAt = time
  }

  /// The pack the card on show was dealt from.
  public var currentPack: NotePack? {
    guard let quiz, quizPacks.indices.contains(quiz.deck) else { return nil }
    return quizPacks[quiz.deck]
  }
}
