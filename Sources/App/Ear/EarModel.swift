import DSP
import FoundationEssentials
import MusicTheory
import Practice
import Storage
import TerminalUI

/// The Ear room: choose an exercise, a level, how intervals sound (or whether chords are
/// inverted) and how many questions; then hear each question and name it with a key. After each
/// answer the verdict, the notes spelled and on the staff; `r` hears it again, Space hears the
/// answer given beside the right one. At the end the score, the items missed and what was heard
/// as what, counted over every ear session of the history.
public struct EarModel: Equatable, Sendable {
  public enum Phase: Equatable, Sendable {
    case setup
    case asking
    case finished
  }

  /// How the room sounds an interval: one of the question's ways, or any of them at random.
  public enum Sounding: String, CaseIterable, Sendable {
    case up
    case down
    case harmonic
    case mixed

    var soundings: [EarQuestion.Sounding] {
      self == .mixed ? [.up, .down, .harmonic] : [EarQuestion.Sounding(rawValue: rawValue)!]
    }
  }

  /// The lines of the setup list, top to bottom; the third is the sounding for intervals and
  /// the inversions for chords.
  public enum Row: Int, CaseIterable, Sendable {
    case exercise
    case level
    case sounding
    case count
  }

  /// A question asked and the item given for it.
  public struct Answer: Equatable, Sendable {
    public let question: EarQuestion
    public let given: EarItem
    public let seconds: Double

    public var isCorrect: Bool { given == question.item }
  }

  static let module = "ear"
  public static let counts = [10, 20, 30]
  /// The keys that answer, in the order of the choices: 1–9, then letters. None is `r`, `q`,
  /// `j` or `k`, which mean something else on the screen or everywhere.
  static let answerKeys: [Character] = Array("123456789abcdefghilmnopstuvwxyz")

  public private(set) var phase = Phase.setup
  public private(set) var row = Row.exercise
  public private(set) var exercise = EarExercise.intervals
  public private(set) var level = 1
  public private(set) var sounding = Sounding.up
  public private(set) var inversions = false
  public private(set) var count = 10
  /// The items of the session, in level order: the choices.
  public private(set) var items: [EarItem] = []
  /// The name being typed as the answer (after Tab); nil while keys answer.
  public private(set) var typed: String?
  /// A typed name that names no choice, to say so.
  public private(set) var unknownName: String?
  /// The question on show; nil before the first.
  public private(set) var question: EarQuestion?
  public private(set) var answers: [Answer] = []
  /// The answers of the history's ear sessions of this exercise before this one.
  private var earlier: [SessionRecord.Answer] = []
  private var boxes = LeitnerBoxes()
  /// The latest instant the model was told of.
  public private(set) var now = MonotonicInstant(nanoseconds: 0)
  private var shownAt: MonotonicInstant?
  public private(set) var startedAt: MonotonicInstant?
  public private(set) var endedAt: MonotonicInstant?
  private var random: SplitMix64

  /// `seed` makes the session's questions; the runtime passes the moment the screen opened.
  public init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  static let setupHints: [KeyHint] = [
    KeyHint(.upDown, "common.move"),
    KeyHint(.leftRight, "ear.key.change"),
    KeyHint(.enter, "ear.key.start"),
    .back,
    .help,
  ]

  static let askingHints: [KeyHint] = [
    KeyHint(.text("1-9"), "ear.key.answer"),
    KeyHint(.text("r"), "ear.key.again"),
    KeyHint(.text("Tab"), "ear.key.type"),
    .back,
    .help,
  ]

  static let typingHints: [KeyHint] = [
    KeyHint(.typedText, "ear.key.typeName"),
    KeyHint(.enter, "ear.key.answerTyped"),
    KeyHint(.escape, "ear.key.stopTyping"),
  ]

  static let answeredHints: [KeyHint] = [
    KeyHint(.enter, "ear.key.next"),
    KeyHint(.text("r"), "ear.key.again"),
    KeyHint(.space, "ear.key.compare"),
    // The bar has no room for it at 80 columns in every language; Esc goes back everywhere.
    KeyHint(.escape, "common.back", inBar: false),
    .help,
  ]

  static let finishedHints: [KeyHint] = [
    KeyHint(.enter, "ear.key.setup"),
    .back,
    .help,
  ]

  var keyHints: [KeyHint] {
    switch phase {
    case .setup: Self.setupHints
    case .asking:
      typed != nil ? Self.typingHints : isAnswered ? Self.answeredHints : Self.askingHints
    case .finished: Self.finishedHints
    }
  }

  /// The items of the level chosen, as the setup list shows them.
  public var levelItems: [EarItem] {
    exercise.items(upToLevel: level) ?? []
  }

  /// Whether the question on show has been answered.
  public var isAnswered: Bool {
    question != nil && answers.count == number
  }

  /// The number of the question on show, from 1: the questions dealt so far.
  public private(set) var number = 0

  public var rightCount: Int { answers.count(where: \.isCorrect) }

  /// The key that gives the choice at `index`.
  static func key(for index: Int) -> Character? {
    answerKeys.indices.contains(index) ? answerKeys[index] : nil
  }

  /// What was heard as what: the history's ear answers of this exercise and this session's.
  public var confusion: EarConfusion {
    EarConfusion(earlier + answers.map(Self.recorded))
  }

  /// While a name is typed every key goes into it.
  var capturesKeys: Bool { typed != nil }

  /// Returns the effects the key asks for: the question's sound, its repetition or the answer
  /// beside it, and the session's record at its end. `catalog` reads a typed name in any
  /// language.
  mutating func handle(
    _ event: KeyEvent, history: [SessionRecord], catalog: LocaleCatalog
  ) -> [Effect] {
    now = max(now, event.time)
    switch phase {
    case .setup:
      return choose(event.key, at: event.time, history: history)
    case .asking where typed != nil:
      return type(event, catalog: catalog)
    case .asking:
      unknownName = nil
      if event.key == .tab, !isAnswered {
        typed = ""
        return []
      }
      return isAnswered ? afterAnswer(event) : answer(event)
    case .finished:
      if event.key == .enter { phase = .setup }
      return []
    }
  }

  private mutating func choose(
    _ key: Key, at time: MonotonicInstant, history: [SessionRecord]
  ) -> [Effect] {
    let rows = Row.allCases
    switch key {
    case .up, .character("k"):
      row = rows[(row.rawValue + rows.count - 1) % rows.count]
    case .down, .character("j"):
      row = rows[(row.rawValue + 1) % rows.count]
    case .left:
      change(by: -1)
    case .right, .character(" "):
      change(by: 1)
    case .enter:
      return start(at: time, history: history)
    default:
      break
    }
    return []
  }

  /// Steps the value of the row under the cursor, round and round.
  private mutating func change(by step: Int) {
    func stepped<T: Equatable>(_ value: T, in all: [T]) -> T {
      all[(all.firstIndex(of: value)! + step + all.count) % all.count]
    }
    switch row {
    case .exercise:
      exercise = stepped(exercise, in: EarExercise.allCases)
      level = 1
    case .level:
      level = stepped(level, in: Array(1...exercise.levels.count))
    case .sounding where exercise == .chords:
      inversions.toggle()
    case .sounding:
      sounding = stepped(sounding, in: Sounding.allCases)
    case .count:
      count = stepped(count, in: Self.counts)
    }
  }

  private mutating func start(at time: MonotonicInstant, history: [SessionRecord]) -> [Effect] {
    items = levelItems
    earlier = EarConfusion.answers(in: history, module: Self.module, exercise: exercise.rawValue)
    boxes = LeitnerBoxes(replaying: history, module: Self.module)
    answers = []
    number = 0
    startedAt = time
    endedAt = nil
    phase = .asking
    return deal(at: time)
  }

  /// The next question, its item drawn with the weight of its Leitner box, so the items missed
  /// lately come back most; it sounds at once.
  private mutating func deal(at time: MonotonicInstant) -> [Effect] {
    let context = exercise.rawValue
    let weights = items.map { boxes.weight(of: $0.shortName, in: context) }
    var draw = Double.random(in: 0..<weights.reduce(0, +), using: &random)
    var chosen = items[items.count - 1]
    for (item, weight) in zip(items, weights) {
      if draw < weight {
        chosen = item
        break
      }
      draw -= weight
    }
    let soundings = exercise == .chords ? [EarQuestion.Sounding.harmonic] : sounding.soundings
    let quiz = EarQuiz(
      exercise: exercise, items: [chosen], soundings: soundings, count: 1,
      inversions: exercise == .chords && inversions, using: &random)
    question = quiz.questions[0]
    number += 1
    shownAt = time
    return [.playEar(EarSound(quiz.questions[0]))]
  }

  /// A key while a name is typed: a letter of it, Backspace, Esc to stop typing, or Enter to
  /// answer with the choice it names ("m3", "tercera menor", "малая терция"; a chord typed with
  /// its inversion, "maj inv1", names the chord).
  private mutating func type(_ event: KeyEvent, catalog: LocaleCatalog) -> [Effect] {
    guard var text = typed else { return [] }
    switch event.key {
    case .character(let character):
      if text.count < 40 { text.append(character) }
      typed = text
    case .backspace:
      if !text.isEmpty { text.removeLast() }
      typed = text
    case .escape:
      typed = nil
    case .enter:
      typed = nil
      let named =
        EarNames.item(parsing: text, exercise: exercise, catalog: catalog)
        ?? (exercise == .chords
          ? EarNames.chordAndInversion(parsing: text, catalog: catalog)?.item : nil)
      guard let named, let index = items.firstIndex(of: named) else {
        unknownName = text
        return []
      }
      return give(index, at: event.time)
    default:
      break
    }
    return []
  }

  private mutating func answer(_ event: KeyEvent) -> [Effect] {
    guard let question else { return [] }
    switch event.key {
    case .character("r"):
      return [.playEar(EarSound(question))]
    case .character(let character):
      guard let index = Self.answerKeys.firstIndex(of: character), index < items.count else {
        return []
      }
      return give(index, at: event.time)
    default:
      return []
    }
  }

  /// The choice at `index` answers the question on show.
  private mutating func give(_ index: Int, at time: MonotonicInstant) -> [Effect] {
    guard let question else { return [] }
    let seconds = shownAt.map { Double(time.nanoseconds &- $0.nanoseconds) / 1e9 } ?? 0
    let given = Answer(question: question, given: items[index], seconds: seconds)
    answers.append(given)
    boxes.record(Self.recorded(given))
    guard answers.count == count else { return [] }
    endedAt = time
    return record(at: time).map { [.record($0)] } ?? []
  }

  private mutating func afterAnswer(_ event: KeyEvent) -> [Effect] {
    guard let question, let last = answers.last else { return [] }
    switch event.key {
    case .character("r"):
      return [.playEar(EarSound(question))]
    case .character(" "):
      return [.playEar(Self.comparison(of: last))]
    default:
      if endedAt != nil {
        phase = .finished
        return []
      }
      return deal(at: event.time)
    }
  }

  /// The answer given on the question's root, sounded as the question was, then the question.
  static func comparison(of answer: Answer) -> EarSound {
    let question = answer.question
    let right = question.notes.map(\.pitch)
    let inversion = min(question.inversion, answer.given.intervals.count)
    let given =
      EarQuestion(
        item: answer.given, root: root(of: question), sounding: question.sounding,
        inversion: inversion)?.notes.map(\.pitch) ?? right
    return EarSound(phrases: [given, right], together: question.sounding == .harmonic)
  }

  /// The note a question was built on: its first note upwards, or in an inversion the one
  /// taken up an octave, back where it was.
  static func root(of question: EarQuestion) -> Note {
    let upwards = question.sounding == .down ? question.notes.reversed() : question.notes
    guard question.inversion > 0 else { return upwards[0] }
    let raised = upwards[upwards.count - question.inversion]
    return Note(raised.noteClass, octave: raised.octave - 1)
  }

  static func recorded(_ answer: Answer) -> SessionRecord.Answer {
    SessionRecord.Answer(
      question: answer.question.item.shortName, context: answer.question.itemExercise,
      given: answer.given.shortName, isCorrect: answer.isCorrect, seconds: answer.seconds)
  }

  /// The session so far as a line of the history, or nil before the first answer. The runtime
  /// dates it, as the model never reads the wall clock.
  public func record(at time: MonotonicInstant) -> SessionRecord? {
    guard !answers.isEmpty, let startedAt else { return nil }
    var figures: [String: Double] = [
      "right": Double(rightCount), "level": Double(level), "questions": Double(count),
    ]
    if exercise == .chords {
      figures["inversions"] = inversions ? 1 : 0
    } else {
      figures["sounding"] = Double(Sounding.allCases.firstIndex(of: sounding)!)
    }
    return SessionRecord(
      module: Self.module, exercise: exercise.rawValue, startedAt: Date(timeIntervalSince1970: 0),
      duration: seconds(until: endedAt ?? time),
      score: Double(rightCount) / Double(answers.count), figures: figures,
      content: items.map(\.shortName), answers: answers.map(Self.recorded),
      isCutShort: endedAt == nil)
  }

  /// Seconds from the first question to `time`.
  public func seconds(until time: MonotonicInstant) -> Double {
    startedAt.map { Double(time.nanoseconds &- $0.nanoseconds) / 1e9 } ?? 0
  }

  /// The items answered wrongly, each once, in the order first missed.
  public var missed: [EarItem] {
    var missed: [EarItem] = []
    for answer in answers where !answer.isCorrect && !missed.contains(answer.question.item) {
      missed.append(answer.question.item)
    }
    return missed
  }

  /// Whether leaving now cuts a session short.
  var isUnderWay: Bool { phase == .asking && endedAt == nil && !answers.isEmpty }
}

extension EarQuestion {
  /// The exercise its item belongs to, the context its answers are kept under.
  var itemExercise: String {
    switch item {
    case .interval: EarExercise.intervals.rawValue
    case .chord: EarExercise.chords.rawValue
    }
  }
}
