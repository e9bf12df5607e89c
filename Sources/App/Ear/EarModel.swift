import DSP
import FoundationEssentials
import MusicTheory
import Practice
import Storage
import TerminalUI

/// The Ear room: choose an exercise, a level, how intervals and scales sound (or whether chords
/// are inverted), how many questions and, for intervals and dictations, whether answers may be
/// played; then hear each question and name it with a key, a typed name, or the second note
/// played on the instrument or a MIDI keyboard, or write a dictation's melody on the staff with
/// the cursor (or by playing it), or choose a rhythm heard on the click among four written on
/// the beat grid (or tap it back). After each answer the verdict, the notes spelled and on the
/// staff (a rhythm's cells named and drawn); `r` hears it again, Space hears the answer given beside the right one. At the end the
/// score, the items missed and what was heard as what, counted over every ear session of the
/// history. The items missed come back first, by their Leitner boxes.
public struct EarModel: Equatable, Sendable {
  public enum Phase: Equatable, Sendable {
    case setup
    case asking
    case finished
  }

  /// How the room sounds an interval or a scale: one of the question's ways, or any of the
  /// exercise's at random.
  public enum Sounding: String, CaseIterable, Sendable {
    case up
    case down
    case harmonic
    case mixed

    func soundings(for exercise: EarExercise) -> [EarQuestion.Sounding] {
      self == .mixed ? exercise.soundings : [EarQuestion.Sounding(rawValue: rawValue)!]
    }

    /// The choices the setup steps through for `exercise`: its ways, then mixed.
    static func choices(for exercise: EarExercise) -> [Sounding] {
      exercise.soundings.map { Sounding(rawValue: $0.rawValue)! } + [.mixed]
    }
  }

  /// The lines of the setup list, top to bottom; the third is the sounding for intervals and
  /// scales, the inversions for chords and the notes in a row for degrees, the last (intervals
  /// only) how to answer.
  public enum Row: CaseIterable, Sendable {
    case exercise
    case level
    /// The exercise's items, one at a time, each chosen or not: under a custom level.
    case items
    case sounding
    /// Where an interval's notes lie: its root moving, every note within a voice's range, or
    /// one root for every question.
    case root
    case notes
    case count
    case playing
  }

  /// A question asked and the items given for it: one, or a degree for each note in a row.
  public struct Answer: Equatable, Sendable {
    public let question: EarQuestion
    public let givenItems: [EarItem]
    public let seconds: Double
    /// A rhythm tapped back: its grade, with its first beat on the taps' clock.
    public let taps: TappedRhythm?

    public init(
      question: EarQuestion, given: [EarItem], seconds: Double, taps: TappedRhythm? = nil
    ) {
      self.question = question
      givenItems = given
      self.seconds = seconds
      self.taps = taps
    }

    /// The first item given: the answer, but to degrees in a row.
    public var given: EarItem { givenItems[0] }
    public var isCorrect: Bool {
      if let taps { return RhythmDictation.isRight(taps.results) }
      return givenItems.count == question.answer.count && !marks.contains(false)
    }

    /// For each item asked, whether the one given in its place is it: a dictation's note
    /// sounding the same in any spelling, as the headless grade takes it; a rhythm's cell
    /// tapped with each note in its window and no tap extra.
    public var marks: [Bool] {
      if let taps, let rhythm = question.rhythm {
        return rhythm.cellMarks(taps.results, firstBeat: taps.firstBeat)
      }
      return question.answer.indices.map { index in
        givenItems.indices.contains(index) && Self.same(givenItems[index], question.answer[index])
      }
    }

    static func same(_ given: EarItem, _ asked: EarItem) -> Bool {
      guard case .note(let given) = given, case .note(let asked) = asked else {
        return given == asked
      }
      return given.pitch == asked.pitch
    }
  }

  /// A rhythm tapped back, graded.
  public struct TappedRhythm: Equatable, Sendable {
    public let results: RhythmResults
    /// When the rhythm's first beat sounded, in seconds on the monotonic clock.
    public let firstBeat: Double
  }

  /// A rhythm being tapped back with Space: when its first beat sounds after the bar counted
  /// in, when the last note's window has closed (the taps are graded then), the windows and
  /// the key path's delay, and the taps so far, in seconds on the monotonic clock, the delay
  /// taken off.
  public struct Tapping: Equatable, Sendable {
    /// When `t` was pressed, and whether the clicks' sound was since heard: until then their
    /// first beat is reckoned from the key, as if the output took no time.
    let asked: Double
    var isHeard = false
    public var firstBeat: Double
    public var end: Double
    let windows: RhythmWindows
    let delay: Double
    public var taps: [Double]

    /// The first beat and the grading's end when the clicks counted in from `start` on.
    mutating func count(from start: Double, beats: Int) {
      firstBeat = start + HeadlessEar.countInSeconds
      // The last note's window reaches at most half a beat past the bar's end.
      end = firstBeat + (Double(beats) + 0.5) * HeadlessEar.beatSeconds
    }
  }

  static let module = "ear"
  public static let counts = [10, 20, 30]
  /// The keys that answer, in the order of the choices: 1–9, then letters. None is `r`, `q`,
  /// `j` or `k`, which mean something else on the screen or everywhere.
  static let answerKeys: [Character] = Array("123456789abcdefghilmnopstuvwxyz")

  public private(set) var phase = Phase.setup
  public private(set) var row = Row.exercise
  public private(set) var exercise = EarExercise.intervals
  /// From 1 to the exercise's levels, or one past them: the items chosen one by one.
  public private(set) var level = 1
  /// The items chosen for the custom level, and the one the Items line shows.
  public private(set) var customItems: [EarItem] = []
  public private(set) var itemCursor = 0
  /// Enter was pressed with fewer than two items chosen: the setup says so until a change.
  public private(set) var needsMoreItems = false
  public private(set) var sounding = Sounding.up
  public private(set) var inversions = false
  /// Where intervals lie: one of `roots`.
  public private(set) var root = IntervalRoot.moving
  public private(set) var count = 10
  /// How many degrees each degree question asks in a row.
  public private(set) var notesPerQuestion = 1
  /// The degrees named so far for the question on show, while it asks more than one.
  public private(set) var pending: [EarItem] = []
  /// A dictation's notes written so far on the staff; the first, the tonic, is given.
  public private(set) var written: [Note] = []
  /// Where a dictation's cursor stands on the staff: the note → or Enter writes next.
  public private(set) var cursor: Note?
  /// Intervals answered also by playing the second note, on the instrument into the
  /// microphone or on a MIDI keyboard, besides the keys.
  public private(set) var playsAnswers = false
  /// Why the microphone could not be used, while answers are played.
  public private(set) var microphoneProblem: String?
  /// The MIDI port played answers also come from, when one is open.
  public private(set) var midiPort: String?
  /// The right note held out of tune, by so many cents: not yet an answer.
  public private(set) var outOfTuneCents: Double?
  /// Until when the microphone is not listened to: the question (or its repetition) still
  /// sounds from the speakers, and its second note would answer itself.
  private var quietUntil = MonotonicInstant(nanoseconds: 0)
  private var heldNotes = HeldNoteDetector(armed: false)
  /// The items of the session, in level order: the choices.
  public private(set) var items: [EarItem] = []
  /// The name being typed as the answer (after Tab); nil while keys answer.
  public private(set) var typed: String?
  /// A typed name that names no choice, to say so.
  public private(set) var unknownName: String?
  /// The question on show; nil before the first.
  public private(set) var question: EarQuestion?
  /// The rhythm on show being tapped back, from `t` until its taps are graded.
  public private(set) var tapping: Tapping?
  /// Whether a rhythm's four choices are shown in words instead of on the beat grid, for a
  /// screen reader or an eye that reads words better; `w` switches, and it holds for the
  /// session.
  public private(set) var rhythmInWords = false
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

  static let itemHints: [KeyHint] = [
    KeyHint(.upDown, "common.move"),
    KeyHint(.leftRight, "ear.key.item"),
    KeyHint(.space, "ear.key.chooseItem"),
    KeyHint(.enter, "ear.key.start"),
    // The bar has no room for it at 80 columns in every language; Esc goes back everywhere.
    KeyHint(.escape, "common.back", inBar: false),
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

  static let writingHints: [KeyHint] = [
    KeyHint(.upDown, "ear.key.step"),
    KeyHint(.text("#/b"), "ear.key.accidental"),
    KeyHint(.text("→"), "ear.key.write"),
    KeyHint(.text("←"), "ear.key.unwrite"),
    KeyHint(.enter, "ear.key.handIn"),
    KeyHint(.text("r"), "ear.key.again", inBar: false),
    KeyHint(.text("Tab"), "ear.key.typeNotes", inBar: false),
    KeyHint(.escape, "common.back", inBar: false),
    .help,
  ]

  static let rhythmHints: [KeyHint] = [
    KeyHint(.text("1-4"), "ear.key.choose"),
    KeyHint(.text("t"), "ear.key.tap"),
    KeyHint(.text("r"), "ear.key.again"),
    KeyHint(.text("w"), "ear.key.words", inBar: false),
    .back,
    .help,
  ]

  static let tappingHints: [KeyHint] = [
    KeyHint(.space, "ear.key.tapNote"),
    KeyHint(.escape, "ear.key.stopTapping"),
  ]

  static let finishedHints: [KeyHint] = [
    KeyHint(.enter, "ear.key.setup"),
    .back,
    .help,
  ]

  var keyHints: [KeyHint] {
    switch phase {
    case .setup: return row == .items ? Self.itemHints : Self.setupHints
    case .asking:
      if typed == nil, isAnswered, exercise == .intonation {
        // Space plays no answer given: the pair in tune, then as it was asked.
        return Self.answeredHints.map {
          $0.keys == .space ? KeyHint(.space, "ear.key.compareInTune") : $0
        }
      }
      if exercise == .dictation, !isAnswered, typed == nil { return Self.writingHints }
      if exercise == .rhythm, !isAnswered {
        return tapping == nil ? Self.rhythmHints : Self.tappingHints
      }
      return typed != nil ? Self.typingHints : isAnswered ? Self.answeredHints : Self.askingHints
    case .finished: return Self.finishedHints
    }
  }

  /// The items of the level chosen, as the setup list shows them: in level order, but degrees
  /// by number, those between the key's own after them, so each is where its key is.
  public var levelItems: [EarItem] {
    let items =
      isCustom
      ? choosableItems.filter(customItems.contains) : exercise.items(upToLevel: level) ?? []
    guard exercise == .degrees else { return items }
    return items.sorted { Self.degreeOrder($0) < Self.degreeOrder($1) }
  }

  /// Every item of the exercise in the order the Items line steps through them: intervals by
  /// size, the others in level order.
  public var choosableItems: [EarItem] {
    let all = exercise.allItems
    guard exercise == .intervals else { return all }
    // Level order among those as wide (the augmented fourth before the diminished fifth).
    let size = { (index: Int) -> Int in
      guard case .interval(let interval) = all[index] else { return 0 }
      return interval.semitones
    }
    return all.indices.sorted { (size($0), $0) < (size($1), $1) }.map { all[$0] }
  }

  /// The fewest items one's own choice may hold: two to choose between, but one style of
  /// melody or rhythm is a whole exercise.
  var fewestItems: Int { exercise == .dictation || exercise == .rhythm ? 1 : 2 }

  /// Where an interval's notes lie, as the Root line chooses.
  public enum IntervalRoot: Equatable, Sendable {
    /// At random in the exercise's own range of roots.
    case moving
    /// Every note between these two: a voice's or an instrument's range.
    case within(Note, Note)
    /// Every question on this root.
    case fixed(Note)

    var placement: EarQuiz.Placement? {
      switch self {
      case .moving: nil
      case .within(let low, let high): .everyNote(in: low.pitch...high.pitch)
      case .fixed(let note): .fixedRoot(note)
      }
    }
  }

  /// The Root line's choices: the moving root, every note within two octaves of a low, a
  /// middle and a high voice's range (an interval of two octaves fits each), or a fixed root.
  public static let roots: [IntervalRoot] = [
    .moving,
    .within(Note(.E, octave: 2), Note(.E, octave: 4)),
    .within(Note(.C, octave: 3), Note(.C, octave: 5)),
    .within(Note(.G, octave: 3), Note(.G, octave: 5)),
    .within(Note(.C, octave: 4), Note(.C, octave: 6)),
    .fixed(Note(.C, octave: 3)),
    .fixed(Note(.C, octave: 4)),
  ]

  /// Whether the items are chosen one by one rather than by a level.
  public var isCustom: Bool { level > exercise.levels.count }

  /// The levels the setup offers: the exercise's, and a custom one but for intonation, whose
  /// levels change how far off the note is, not what is asked.
  private var levelChoices: [Int] {
    Array(1...(exercise.levels.count + (exercise == .intonation ? 0 : 1)))
  }

  private static func degreeOrder(_ item: EarItem) -> Int {
    guard case .degree(let degree) = item else { return 0 }
    return (degree.isChromatic ? 10 : 0) + degree.number
  }

  /// The key that gives the choice at `index`: by place, but a degree of the key by its own
  /// number (5 answers 5 at every level) and those between them from 8 on.
  func answerKey(at index: Int) -> Character? {
    guard items.indices.contains(index), case .degree(let degree) = items[index] else {
      return Self.key(for: index)
    }
    guard degree.isChromatic else { return Character("\(degree.number)") }
    let before = items[..<index].count(where: { item in
      if case .degree(let other) = item { return other.isChromatic }
      return false
    })
    return Self.key(for: 7 + before)
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
    EarConfusion(earlier + answers.flatMap(Self.recorded))
  }

  /// While a name is typed every key goes into it; while a rhythm is tapped, Space taps and
  /// nothing else answers.
  var capturesKeys: Bool { typed != nil || tapping != nil }

  /// When the taps are graded, while a rhythm is tapped.
  var deadline: MonotonicInstant? {
    tapping.map { MonotonicInstant(nanoseconds: UInt64(($0.end * 1e9).rounded(.up))) }
  }

  /// Returns the effects the key asks for: the question's sound, its repetition or the answer
  /// beside it, the inputs played answers come from, and the session's record at its end.
  /// `catalog` reads a typed name in any language.
  mutating func handle(
    _ event: KeyEvent, history: [SessionRecord], catalog: LocaleCatalog, settings: Settings,
    keyRoute: KeyRoute = .local
  ) -> [Effect] {
    now = max(now, event.time)
    if tapping != nil, phase == .asking { return tap(event) }
    switch phase {
    case .setup:
      return choose(event.key, at: event.time, history: history, settings: settings)
    case .asking where typed != nil:
      return type(event, catalog: catalog)
    case .asking:
      unknownName = nil
      // A rhythm is chosen, never named.
      if event.key == .tab, !isAnswered, question?.rhythm == nil {
        typed = ""
        return []
      }
      guard !isAnswered else { return afterAnswer(event) }
      let (delay, windows) = Self.tapPath(settings, route: keyRoute)
      return answer(event, tapDelay: delay, windows: windows)
    case .finished:
      if event.key == .enter { phase = .setup }
      return []
    }
  }

  private mutating func choose(
    _ key: Key, at time: MonotonicInstant, history: [SessionRecord], settings: Settings
  ) -> [Effect] {
    let rows = self.rows
    needsMoreItems = false
    switch key {
    case .character(" ") where row == .items:
      let item = choosableItems[itemCursor]
      if let chosen = customItems.firstIndex(of: item) {
        customItems.remove(at: chosen)
      } else {
        customItems.append(item)
      }
    case .up, .character("k"):
      row = rows[(rows.firstIndex(of: row)! + rows.count - 1) % rows.count]
    case .down, .character("j"):
      row = rows[(rows.firstIndex(of: row)! + 1) % rows.count]
    case .left:
      change(by: -1)
    case .right, .character(" "):
      change(by: 1)
    case .enter:
      return start(at: time, history: history, settings: settings)
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
      customItems = []
      itemCursor = 0
      // Chords sound together whatever the choice; scales never do.
      if exercise == .scales && sounding == .harmonic { sounding = .up }
    case .level:
      level = stepped(level, in: levelChoices)
      // The first level's items are where a choice of one's own starts.
      if isCustom, customItems.isEmpty { customItems = exercise.items(upToLevel: 1) ?? [] }
    case .items:
      itemCursor = stepped(itemCursor, in: Array(choosableItems.indices))
    case .sounding where exercise == .chords:
      inversions.toggle()
    case .sounding:
      sounding = stepped(sounding, in: Sounding.choices(for: exercise))
    case .root:
      root = stepped(root, in: Self.roots)
    case .notes:
      notesPerQuestion = stepped(notesPerQuestion, in: Array(EarQuiz.notesPerQuestionRange))
    case .count:
      count = stepped(count, in: Self.counts)
    case .playing:
      playsAnswers.toggle()
    }
  }

  /// The setup list's lines: only intervals, degrees and dictations are answered by playing;
  /// degrees, cadences, intonation and dictations always sound one way.
  public var rows: [Row] {
    guard isCustom else { return exerciseRows }
    var rows = exerciseRows
    rows.insert(.items, at: rows.firstIndex(of: .level)! + 1)
    return rows
  }

  private var exerciseRows: [Row] {
    switch exercise {
    case .intervals: [.exercise, .level, .sounding, .root, .count, .playing]
    case .degrees: [.exercise, .level, .notes, .count, .playing]
    case .dictation: [.exercise, .level, .count, .playing]
    case .cadences, .intonation, .rhythm: [.exercise, .level, .count]
    case .chords, .scales: [.exercise, .level, .sounding, .count]
    }
  }

  /// Whether the microphone and MIDI are open: while a session answered by playing runs.
  var listens: Bool { phase == .asking && endedAt == nil && plays }

  /// Whether this session's answers may be played.
  private var plays: Bool {
    playsAnswers && [.intervals, .degrees, .dictation].contains(exercise)
  }

  /// Play-it listens to the microphone and to MIDI at once; whichever hears a note answers.
  static let stopInputs: [Effect] = [.listen(.stop), .midiIn(.stop)]

  private mutating func start(
    at time: MonotonicInstant, history: [SessionRecord], settings: Settings
  ) -> [Effect] {
    guard !isCustom || levelItems.count >= fewestItems else {
      needsMoreItems = true
      return []
    }
    items = levelItems
    earlier = EarConfusion.answers(in: history, module: Self.module, exercise: exercise.rawValue)
    boxes = LeitnerBoxes(replaying: history, module: Self.module)
    answers = []
    number = 0
    startedAt = time
    endedAt = nil
    phase = .asking
    microphoneProblem = nil
    midiPort = nil
    heldNotes = HeldNoteDetector(reference: settings.concertPitch, armed: false)
    let inputs: [Effect] =
      plays
      ? [.listen(.start(profile: settings.listening.profile)), .midiIn(.start(from: nil))] : []
    return inputs + deal(at: time)
  }

  /// The next question, its item drawn with the weight of its Leitner box, so the items missed
  /// lately come back most; it sounds at once.
  private mutating func deal(at time: MonotonicInstant) -> [Effect] {
    pending = []
    if exercise == .degrees {
      let drawn = (0..<notesPerQuestion).map { _ in weightedItem() }
      question = EarQuiz.question(
        inKeyOf: drawn, minorKeys: exercise.hasMinorKeys(atLevel: level), using: &random)
      number += 1
      shownAt = time
      return sound(EarSound(question!), at: time)
    }
    let chosen = weightedItem()
    if case .rhythm(let style) = chosen {
      // Each cell is drawn by its own Leitner box: the cells missed come back most.
      let boxes = self.boxes
      let rhythm = RhythmDictation.question(
        style: style,
        weight: { boxes.weight(of: $0.id, in: EarExercise.rhythm.rawValue) }, using: &random)
      let asked = EarQuestion(rhythm: rhythm, note: EarQuiz.rhythmNote)
      question = asked
      number += 1
      shownAt = time
      return sound(EarSound(asked), at: time)
    }
    if case .melody(let style) = chosen {
      // Each note's degree is drawn by its own Leitner box, as the history keeps it.
      let boxes = self.boxes
      let melody = Dictation.question(
        style: style,
        weight: { boxes.weight(of: $0.description, in: EarExercise.dictation.rawValue) },
        using: &random)
      question = melody
      written = [melody.notes[0]]
      cursor = melody.notes[0]
      number += 1
      shownAt = time
      return sound(EarSound(melody), at: time)
    }
    let soundings =
      exercise.soundings.count == 1 ? exercise.soundings : sounding.soundings(for: exercise)
    let quiz = EarQuiz(
      exercise: exercise, items: [chosen], soundings: soundings, count: 1,
      inversions: exercise == .chords && inversions,
      placement: exercise == .intervals ? root.placement : nil,
      minorKeys: exercise.hasMinorKeys(atLevel: level),
      cents: EarExercise.intonationCents(atLevel: level), using: &random)
    question = quiz.questions[0]
    number += 1
    shownAt = time
    return sound(EarSound(quiz.questions[0]), at: time)
  }

  /// An item of the session drawn with the weight of its Leitner box.
  private mutating func weightedItem() -> EarItem {
    let context = exercise.rawValue
    let weights = items.map { boxes.weight(of: $0.shortName, in: context) }
    return items.randomElement(weights: weights, using: &random)
  }

  /// Sounds `sound` now; the microphone is not listened to until it has died away.
  private mutating func sound(_ sound: EarSound, at time: MonotonicInstant) -> [Effect] {
    quietUntil = time.advanced(by: .nanoseconds(Int64((sound.seconds + Self.ringSeconds) * 1e9)))
    heldNotes.disarm()
    outOfTuneCents = nil
    return [.playEar(sound)]
  }

  /// How long the piano rings on after a note's end, loud enough for the microphone to take it
  /// for a note played.
  static let ringSeconds = 0.5

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
    case .enter where question?.item.isMelody == true:
      typed = nil
      return typeMelody(text, at: event.time)
    case .enter:
      typed = nil
      let named =
        EarNames.item(parsing: text, exercise: exercise, catalog: catalog)
        ?? (exercise == .chords
          ? EarNames.chordAndInversion(parsing: text, catalog: catalog)?.item : nil)
        ?? question?.key.flatMap { EarNames.degree(bySyllable: text, in: $0, among: items) }
      if let question, question.answer.count > 1 {
        return typeDegrees(text, for: question, catalog: catalog, at: event.time)
      }
      guard let named, items.contains(named) else {
        unknownName = text
        return []
      }
      return give([named], at: event.time)
    default:
      break
    }
    return []
  }

  /// A dictation's notes typed on one line in any naming, with their octaves or without ("C4
  /// D4 E4", "do re mi"): the notes after the tonic given, or the whole melody with the tonic
  /// first. A note without its octave counts in any octave, as `ear grade` takes it: it is
  /// written in the octave nearest the melody's note at its place. They answer at once, as a
  /// melody written and handed in.
  private mutating func typeMelody(_ text: String, at time: MonotonicInstant) -> [Effect] {
    guard let question, let tonic = question.notes.first else { return [] }
    let words = text.split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
    var notes = [tonic]
    for word in words.suffix(question.notes.count - 1) {
      guard let named = EarNames.dictationNote(parsing: word),
        let note = named.octave.map({ Note(named.noteClass, octave: $0) })
          ?? Dictation.note(named.noteClass, after: question.notes[notes.count])
      else { break }
      notes.append(note)
    }
    guard words.count >= question.notes.count - 1, words.count <= question.notes.count,
      notes.count == question.notes.count
    else {
      unknownName = text
      return []
    }
    written = notes
    return give(notes.map(EarItem.note), at: time)
  }

  /// Degrees typed on one line for the notes in a row, by number or syllable: "3 5", "mi sol".
  private mutating func typeDegrees(
    _ text: String, for question: EarQuestion, catalog: LocaleCatalog, at time: MonotonicInstant
  ) -> [Effect] {
    let words = text.split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
    let named = words.compactMap { word in
      EarNames.item(parsing: word, exercise: exercise, catalog: catalog)
        ?? question.key.flatMap { EarNames.degree(bySyllable: word, in: $0, among: items) }
    }
    guard named.count == words.count, named.count == question.answer.count,
      named.allSatisfy(items.contains)
    else {
      unknownName = text
      return []
    }
    return give(named, at: time)
  }

  private mutating func answer(
    _ event: KeyEvent, tapDelay: Double, windows: RhythmWindows
  ) -> [Effect] {
    guard let question else { return [] }
    if case .melody = question.item { return write(event, question: question) }
    if let rhythm = question.rhythm {
      return choose(event, rhythm: rhythm, question: question, tapDelay: tapDelay, windows: windows)
    }
    switch event.key {
    case .character("r"):
      return sound(EarSound(question), at: event.time)
    case .backspace:
      if !pending.isEmpty { pending.removeLast() }
      return []
    case .character(let character):
      guard let index = items.indices.first(where: { answerKey(at: $0) == character }) else {
        return []
      }
      // Notes in a row are named one key after the other; the last one answers.
      pending.append(items[index])
      guard pending.count == question.answer.count else { return [] }
      return give(pending, at: event.time)
    default:
      return []
    }
  }

  /// A key while a rhythm waits for its answer: 1 to 4 chooses among the rhythms written, `r`
  /// hears it again, `t` sounds its clicks alone, a bar counted in and its bars, for the rhythm
  /// to be tapped back with Space.
  private mutating func choose(
    _ event: KeyEvent, rhythm: RhythmDictation, question: EarQuestion, tapDelay: Double,
    windows: RhythmWindows
  ) -> [Effect] {
    switch event.key {
    case .character("r"):
      return sound(EarSound(question), at: event.time)
    case .character("w"):
      rhythmInWords.toggle()
      return []
    case .character("t"):
      let asked = Self.seconds(event.time)
      var started = Tapping(
        asked: asked, firstBeat: asked, end: asked, windows: windows, delay: tapDelay, taps: [])
      started.count(from: asked, beats: rhythm.line.beatCount)
      tapping = started
      return sound(
        EarSound(placed: [], clicks: HeadlessEar.clicks(of: question, from: 0)), at: event.time)
    case .character(let character):
      guard let number = character.wholeNumberValue, rhythm.choices.indices.contains(number - 1)
      else { return [] }
      return give(rhythm.choices[number - 1].map(EarItem.cell), at: event.time)
    default:
      return []
    }
  }

  /// A key while a rhythm is tapped: Space is a tap, Esc gives up tapping (the rhythm still
  /// waits for its answer); the taps are graded once the last note's window has closed.
  private mutating func tap(_ event: KeyEvent) -> [Effect] {
    guard var tapping else { return [] }
    switch event.key {
    case .character(" "):
      tapping.taps.append(Self.seconds(event.time) - tapping.delay)
      self.tapping = tapping
      return tapped(at: event.time)
    case .escape:
      self.tapping = nil
      return []
    default:
      return []
    }
  }

  /// The sound played last was first heard at `instant`: the clicks to tap along with, when it
  /// came after `t` (and not an earlier sound still starting), now count in from there, so
  /// that the output's start-up delay is not taken for late taps.
  mutating func soundStarted(at instant: MonotonicInstant) {
    let heard = Self.seconds(instant)
    guard var tapping, !tapping.isHeard, heard >= tapping.asked,
      heard < tapping.asked + Self.longestStartSeconds, let rhythm = question?.rhythm
    else { return }
    tapping.isHeard = true
    tapping.count(from: heard, beats: rhythm.line.beatCount)
    self.tapping = tapping
  }

  /// A sound heard later than this after `t` is not the one `t` asked for.
  static let longestStartSeconds = 1.0

  /// Grades the taps once the last note's window has closed at `time`, answering with the
  /// rhythm's cells.
  mutating func tapped(at time: MonotonicInstant) -> [Effect] {
    now = max(now, time)
    guard let tapping, Self.seconds(time) >= tapping.end, let question,
      let rhythm = question.rhythm
    else { return [] }
    self.tapping = nil
    let results = rhythm.grade(
      taps: tapping.taps, firstBeat: tapping.firstBeat, windows: tapping.windows)
    return give(
      question.answer, at: time,
      taps: TappedRhythm(results: results, firstBeat: tapping.firstBeat))
  }

  /// The key path's delay a tap loses, in seconds, and the windows taps are graded by: the
  /// rhythm trainer's, the ones the player chose, none finer than the path can tell apart.
  static func tapPath(_ settings: Settings, route: KeyRoute) -> (Double, RhythmWindows) {
    let chosen: RhythmWindows = settings.rhythm.strictness == .strict ? .strict : .relative
    guard let path = settings.rhythm.tapPaths[route.name] else { return (0, chosen) }
    return (
      path.offsetMilliseconds / 1000, chosen.resolving(2 * path.spreadMilliseconds / 1000)
    )
  }

  static func seconds(_ instant: MonotonicInstant) -> Double {
    Double(instant.nanoseconds) / 1e9
  }

  /// A key while a dictation is written: ↑/↓ move the cursor a step of the key's scale (on
  /// the key's own note of the line or space), `#` and `b` raise and lower it a semitone from
  /// the key's note, → or Enter writes it and moves on, ← or Backspace takes the last note
  /// back (never the tonic given), and Enter on a whole melody hands it in.
  private mutating func write(_ event: KeyEvent, question: EarQuestion) -> [Effect] {
    guard let key = question.key, let current = cursor else { return [] }
    let position = Clef.treble.position(of: current)
    let own = Dictation.note(atPosition: position, in: key)?.accidental.semitones ?? 0
    let alteration = current.accidental.semitones - own
    switch event.key {
    case .character("r"):
      return sound(EarSound(question), at: event.time)
    case .up, .down:
      let next = position + (event.key == .up ? 1 : -1)
      guard Dictation.positions.contains(next) else { return [] }
      cursor = Dictation.note(atPosition: next, in: key)
    case .character("#"), .character("b"):
      let moved = alteration + (event.key == .character("#") ? 1 : -1)
      guard abs(moved) <= 1,
        let note = Dictation.note(atPosition: position, alteration: moved, in: key)
      else { return [] }
      cursor = note
    case .right, .enter:
      if written.count < question.notes.count {
        written.append(current)
        return []
      }
      guard event.key == .enter else { return [] }
      return give(written.map(EarItem.note), at: event.time)
    case .left, .backspace:
      guard written.count > 1 else { return [] }
      cursor = written.removeLast()
    default:
      break
    }
    return []
  }

  /// `item` answers the question on show.
  private mutating func give(
    _ items: [EarItem], at time: MonotonicInstant, taps: TappedRhythm? = nil
  ) -> [Effect] {
    guard let question else { return [] }
    let seconds = shownAt.map { Double(time.nanoseconds &- $0.nanoseconds) / 1e9 } ?? 0
    let given = Answer(question: question, given: items, seconds: seconds, taps: taps)
    answers.append(given)
    pending = []
    for record in Self.recorded(given) { boxes.record(record) }
    outOfTuneCents = nil
    heldNotes.disarm()
    // A degree goes home to the tonic once named, so the ear learns its pull.
    let resolves = question.key != nil && !question.resolution.isEmpty
    let resolution =
      resolves
      ? sound(
        EarSound(
          phrases: [[question.notes.last!.pitch] + question.resolution.map(\.pitch)],
          together: false, noteSeconds: HeadlessEar.resolutionNoteSeconds), at: time) : []
    guard answers.count == count else { return resolution }
    let stops = listens ? Self.stopInputs : []
    endedAt = time
    return resolution + (record(at: time).map { [.record($0)] } ?? []) + stops
  }

  /// The microphone started, or could not: then the keys answer alone (and MIDI, if open).
  mutating func listening(failure: String?) {
    microphoneProblem = failure
  }

  /// MIDI input opened on `port`, or could not.
  mutating func midiInput(failure: String?, port: String?) {
    guard listens else { return }
    midiPort = failure == nil ? port : nil
  }

  /// What was played while an interval waits for its answer: a MIDI key at once, or a note held
  /// in tune on the instrument once the question has died away, is the second note. In tune
  /// (in any octave, if the settings say so) it answers right; another note answers the
  /// interval it makes with the first.
  mutating func played(_ events: [PlayedEvent], settings: Settings) -> [Effect] {
    now = max(now, events.map(\.instant).max() ?? now)
    guard listens, let question, !isAnswered else { return [] }
    let heard = events.filter { $0.source == .midi || $0.instant >= quietUntil }
    if question.item.isMelody {
      return writePlayed(heard, question: question, settings: settings)
    }
    if exercise == .degrees { return degreesPlayed(heard, question: question, settings: settings) }
    guard question.notes.count == 2 else { return [] }
    let keys = heard.compactMap { event in
      event.source == .midi && event.kind == .attack
        ? event.pitch.map { ($0.frequency(reference: settings.concertPitch), event.instant) } : nil
    }
    let held = heldNotes.held(in: heard).map { ($0.frequency, $0.event.instant) }
    for (frequency, instant) in keys + held {
      let judgement = PlayedNoteJudgement(
        heard: frequency, written: question.notes[1].pitch, reference: settings.concertPitch,
        toleranceCents: settings.notes.toleranceCents, anyOctave: settings.notes.anyOctave)
      switch judgement {
      case .inTune:
        return give([question.item], at: instant)
      case .outOfTune(let cents):
        outOfTuneCents = cents
      case .wrong(let pitch):
        guard let item = interval(from: question.notes[0].pitch, to: pitch) else { continue }
        return give([item], at: instant)
      }
    }
    return []
  }

  /// Notes played while a dictation is written: each MIDI key, or note held clearly on the
  /// instrument once the melody has died away, is written where the cursor stands and the
  /// cursor moves on, as → writes; `Dictation.note(playing:in:after:)` spells it and chooses
  /// its octave. Enter still hands the melody in.
  private mutating func writePlayed(
    _ heard: [PlayedEvent], question: EarQuestion, settings: Settings
  ) -> [Effect] {
    guard let key = question.key else { return [] }
    let keys = heard.compactMap { event in
      event.source == .midi && event.kind == .attack ? event.pitch : nil
    }
    let held = heldNotes.held(in: heard).compactMap {
      Pitch(nearestTo: $0.frequency, reference: settings.concertPitch)
    }
    for pitch in keys + held where written.count < question.notes.count {
      guard let previous = written.last,
        let note = Dictation.note(playing: pitch, in: key, after: previous)
      else { continue }
      written.append(note)
      cursor = note
    }
    return []
  }

  /// Notes played while degrees wait for their answer: each MIDI key, or note held clearly once
  /// the question has died away, names the degree it stands on in the key, in any octave, as
  /// its number key would; the last one asked for hands them in.
  private mutating func degreesPlayed(
    _ heard: [PlayedEvent], question: EarQuestion, settings: Settings
  ) -> [Effect] {
    guard let key = question.key else { return [] }
    let keys = heard.compactMap { event in
      event.source == .midi && event.kind == .attack ? event.pitch.map { ($0, event.instant) } : nil
    }
    let held = heldNotes.held(in: heard).compactMap { held in
      Pitch(nearestTo: held.frequency, reference: settings.concertPitch).map {
        ($0, held.event.instant)
      }
    }
    for (pitch, instant) in keys + held where pending.count < question.answer.count {
      guard
        let note = Dictation.note(playing: pitch, in: key, after: question.notes[pending.count]),
        let degree = Dictation.degree(of: note, in: key)
      else { continue }
      pending.append(.degree(degree))
      if pending.count == question.answer.count { return give(pending, at: instant) }
    }
    return []
  }

  /// The item a note played makes with the first note: a choice of the session where one
  /// spans it, else any interval of the exercise; beyond two octaves, taken down by octaves.
  /// Nil for the first note itself.
  private func interval(from first: Pitch, to played: Pitch) -> EarItem? {
    var semitones = abs(played.midiNumber - first.midiNumber)
    guard semitones > 0 else { return nil }
    while semitones > 24 { semitones -= 12 }
    let spans = { (item: EarItem) in item.intervals.first?.semitones == semitones }
    return items.first(where: spans) ?? exercise.allItems.first(where: spans)
  }

  private mutating func afterAnswer(_ event: KeyEvent) -> [Effect] {
    guard let question, let last = answers.last else { return [] }
    switch event.key {
    case .character("r"):
      return sound(EarSound(question), at: event.time)
    case .character(" "):
      return sound(Self.comparison(of: last), at: event.time)
    case .character("w") where question.rhythm != nil:
      rhythmInWords.toggle()
      return []
    default:
      if endedAt != nil {
        phase = .finished
        return []
      }
      return deal(at: event.time)
    }
  }

  /// The answer given on the question's root, sounded as the question was, then the question;
  /// a degree or a cadence in the question's key, each after the chords that set it.
  static func comparison(of answer: Answer) -> EarSound {
    let question = answer.question
    if question.item.isIntonation {
      // The pair in tune first, as the ear should know it, then as it was asked.
      let inTune = EarQuestion(
        intonation: .inTune, note: question.notes[0], cents: abs(question.detuning))
      let first = HeadlessEar.layout(inTune, from: 0)
      let second = HeadlessEar.layout(
        question,
        from: (first.map(\.time.upperBound).max() ?? 0) + HeadlessEar.silenceSeconds)
      return EarSound(
        placed: (first + second).map {
          EarSound.Note(
            pitch: $0.note.pitch, start: $0.time.lowerBound, end: $0.time.upperBound,
            cents: $0.cents)
        })
    }
    if let rhythm = question.rhythm {
      // The rhythm chosen (or your taps) on the click, then the right one.
      let cells = answer.givenItems.compactMap { item -> RhythmPattern? in
        if case .cell(let cell) = item { return cell }
        return nil
      }
      let chosen = EarQuestion(
        rhythm: RhythmDictation(style: rhythm.style, choices: [cells], answerIndex: 0),
        note: EarQuiz.rhythmNote)
      let gap = HeadlessEar.silenceSeconds
      var first = HeadlessEar.layout(chosen, from: 0)
      if let taps = answer.taps {
        // Your taps where they landed, on the rhythm's note, short.
        let hits = taps.results.notes.compactMap(\.hit) + taps.results.extraHits
        first = hits.sorted().map { hit in
          let onset = HeadlessEar.countInSeconds + hit - taps.firstBeat
          return HeadlessEar.PlacedNote(
            note: EarQuiz.rhythmNote, time: onset...(onset + Self.tapSeconds), part: .question)
        }
      }
      let firstClicks = HeadlessEar.clicks(of: chosen, from: 0)
      let second = (firstClicks.last?.time ?? 0) + HeadlessEar.beatSeconds + gap
      return EarSound(
        placed: (first + HeadlessEar.layout(question, from: second)).map {
          EarSound.Note(pitch: $0.note.pitch, start: $0.time.lowerBound, end: $0.time.upperBound)
        }, clicks: firstClicks + HeadlessEar.clicks(of: question, from: second))
    }
    if let key = question.key {
      var given = question
      switch answer.given {
      case .degree:
        let tonic = VoiceLeading.note(key.tonic, atOrAbove: EarQuiz.lowestTonic.midiNumber)
        let degrees = answer.givenItems.compactMap { item -> ScaleDegree? in
          if case .degree(let degree) = item { return degree }
          return nil
        }
        given = EarQuestion(degrees: degrees, key: key, tonic: tonic) ?? question
      case .cadence(let cadence):
        given = EarQuestion(cadence: cadence, way: cadence.ways[0], key: key)
      case .note:
        if case .melody(let style) = question.item {
          let notes = answer.givenItems.compactMap { item -> Note? in
            if case .note(let note) = item { return note }
            return nil
          }
          given = EarQuestion(melody: notes, style: style, key: key)
        }
      default:
        break
      }
      let first = HeadlessEar.layout(given, from: 0)
      let second = HeadlessEar.layout(
        question,
        from: (first.map(\.time.upperBound).max() ?? 0) + HeadlessEar.silenceSeconds)
      return EarSound(
        placed: (first + second).map {
          EarSound.Note(pitch: $0.note.pitch, start: $0.time.lowerBound, end: $0.time.upperBound)
        })
    }
    let right = question.notes.map(\.pitch)
    let inversion = min(question.inversion, answer.given.intervals.count)
    let given =
      EarQuestion(
        item: answer.given, root: root(of: question), sounding: question.sounding,
        inversion: inversion)?.notes.map(\.pitch) ?? right
    return EarSound(
      phrases: [given, right], together: question.sounding == .harmonic,
      noteSeconds: HeadlessEar.noteSeconds(of: question.item))
  }

  /// The note a question was built on: its first note upwards, or in an inversion the one
  /// taken up an octave, back where it was.
  static func root(of question: EarQuestion) -> Note {
    let upwards = question.sounding == .down ? question.notes.reversed() : question.notes
    guard question.inversion > 0 else { return upwards[0] }
    let raised = upwards[upwards.count - question.inversion]
    return Note(raised.noteClass, octave: raised.octave - 1)
  }

  /// The answer as the history keeps it: a line per item asked, so that each degree of notes
  /// in a row has its Leitner box and its place in the confusion grid. A dictation's first
  /// note, the tonic it is given, is no answer.
  static func recorded(_ answer: Answer) -> [SessionRecord.Answer] {
    let given = answer.question.item.isMelody ? 1 : 0
    return zip(zip(answer.question.answer, answer.givenItems), answer.marks).dropFirst(given).map {
      pair, isCorrect in
      let (asked, given) = pair
      let question = kept(asked, in: answer.question)
      // A cell tapped wrong was heard as no cell of the choices: it is kept as tapped off.
      let wrong = answer.taps == nil ? kept(given, in: answer.question).shortName : tappedOff
      return SessionRecord.Answer(
        question: question.shortName, context: answer.question.itemExercise,
        given: isCorrect ? question.shortName : wrong, isCorrect: isCorrect,
        seconds: answer.seconds)
    }
  }

  /// How long a tap sounds when your taps are played back.
  static let tapSeconds = 0.15

  /// What the history keeps as the answer to a rhythm's cell tapped wrong.
  static let tappedOff = "tapped-off"

  /// An item as the history keeps it: a dictation's note by its degree in the question's key
  /// ("3 heard as 4" holds across keys, where "E4 heard as F4" would not), else itself.
  static func kept(_ item: EarItem, in question: EarQuestion) -> EarItem {
    guard case .note(let note) = item, let key = question.key,
      let degree = Dictation.degree(of: note, in: key)
    else { return item }
    return .degree(degree)
  }

  /// The session so far as a line of the history, or nil before the first answer. The runtime
  /// dates it, as the model never reads the wall clock.
  public func record(at time: MonotonicInstant) -> SessionRecord? {
    guard !answers.isEmpty, startedAt != nil else { return nil }
    var figures: [String: Double] = [
      "right": Double(rightCount), "questions": Double(count),
    ]
    // A custom choice has no level: the record's content names its items.
    if !isCustom { figures["level"] = Double(level) }
    if exercise == .chords {
      figures["inversions"] = inversions ? 1 : 0
    } else if exercise == .degrees {
      figures["notes"] = Double(notesPerQuestion)
    } else {
      figures["sounding"] = Double(Sounding.allCases.firstIndex(of: sounding)!)
      if exercise == .intervals, root != .moving {
        figures["root"] = Double(Self.roots.firstIndex(of: root)!)
      }
    }
    return SessionRecord(
      module: Self.module, exercise: exercise.rawValue, startedAt: Date(timeIntervalSince1970: 0),
      duration: seconds(until: endedAt ?? time),
      score: Double(rightCount) / Double(answers.count), figures: figures,
      content: items.map(\.shortName), answers: answers.flatMap(Self.recorded),
      isCutShort: endedAt == nil)
  }

  /// Seconds from the first question to `time`.
  public func seconds(until time: MonotonicInstant) -> Double {
    startedAt.map { Double(time.nanoseconds &- $0.nanoseconds) / 1e9 } ?? 0
  }

  /// The items answered wrongly, each once, in the order first missed; a dictation's notes by
  /// their degrees.
  public var missed: [EarItem] {
    var missed: [EarItem] = []
    for answer in answers {
      for (asked, isRight) in zip(answer.question.answer, answer.marks) where !isRight {
        let kept = Self.kept(asked, in: answer.question)
        if !missed.contains(kept) { missed.append(kept) }
      }
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
    case .scale: EarExercise.scales.rawValue
    case .degree: EarExercise.degrees.rawValue
    case .cadence: EarExercise.cadences.rawValue
    case .intonation: EarExercise.intonation.rawValue
    case .melody, .note: EarExercise.dictation.rawValue
    case .rhythm, .cell: EarExercise.rhythm.rawValue
    }
  }
}
