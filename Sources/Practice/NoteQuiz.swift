import MusicTheory

/// A flashcard session: a number of rounds (or as many as the exercise allows), each a card
/// dealt from one of the chosen decks (a pack's notes on its staff), answered once. A card's
/// wrong answers come from its own deck. Notes the Leitner boxes hold as weak are dealt more
/// often, and the boxes learn from every answer, so a note missed now comes back soon. The
/// random generator is passed in, so a seeded one replays a session exactly.
public struct NoteQuiz: Equatable, Sendable {
  public static let roundRange = 5...100

  /// A pack's notes and where they are read, such as "treble": the context the boxes use.
  public struct Deck: Equatable, Sendable {
    public let context: String
    public let notes: [Note]

    public init(context: String, notes: [Note]) {
      self.context = context
      self.notes = notes
    }
  }

  /// One answered card.
  public struct Answer: Equatable, Sendable {
    public let card: NoteCard
    /// The deck the card was dealt from.
    public let deck: Int
    public let given: NoteClass
    /// The pitch played or sung, when the card was answered by playing.
    public let heard: Pitch?
    public let isCorrect: Bool
    public let seconds: Double
  }

  public let decks: [Deck]
  /// How many cards the session deals; nil when the exercise ends it otherwise (a time limit,
  /// a mistake).
  public let rounds: Int?
  /// The card on show; after the last answer it stays, answered, until the session ends.
  public private(set) var card: NoteCard
  /// Which deck the card on show came from.
  public private(set) var deck: Int
  public private(set) var answers: [Answer] = []
  /// How well each note is known: past sessions, then this one's answers.
  public private(set) var boxes: LeitnerBoxes
  private let names: [Set<NoteClass>]

  /// Each deck must hold at least four different note names (every pack does); `rounds` is
  /// clamped to `roundRange`.
  public init(
    decks: [Deck], rounds: Int?, boxes: LeitnerBoxes = LeitnerBoxes(),
    using random: inout some RandomNumberGenerator
  ) {
    precondition(decks.contains { !$0.notes.isEmpty }, "a quiz needs notes")
    self.decks = decks
    self.rounds = rounds.map {
      min(max($0, Self.roundRange.lowerBound), Self.roundRange.upperBound)
    }
    self.boxes = boxes
    names = decks.map { Set($0.notes.map(\.noteClass)) }
    let (deck, note) = Self.draw(from: decks, boxes: boxes, except: nil, using: &random)
    self.deck = deck
    card = NoteCard(note: note, names: names[deck], using: &random)
  }

  /// A note drawn with the chance its box gives it, never `previous` when there is another.
  private static func draw(
    from decks: [Deck], boxes: LeitnerBoxes, except previous: Note?,
    using random: inout some RandomNumberGenerator
  ) -> (deck: Int, note: Note) {
    let all = decks.indices.flatMap { deck in decks[deck].notes.map { (deck, $0) } }
    let others = all.filter { $0.1 != previous }
    let candidates = others.isEmpty ? all : others
    let weights = candidates.map { boxes.weight(of: $0.1.description, in: decks[$0.0].context) }
    var target = Double.random(in: 0..<weights.reduce(0, +), using: &random)
    for (candidate, weight) in zip(candidates, weights) {
      if target < weight { return candidate }
      target -= weight
    }
    return candidates[candidates.count - 1]
  }

  /// Whether the card on show has been answered.
  public private(set) var isAnswered = false

  public var isFinished: Bool { rounds.map { answers.count >= $0 } ?? false }
  public var correctCount: Int { answers.count { $0.isCorrect } }
  /// The round being played, from 1.
  public var round: Int {
    let round = answers.count + (isAnswered ? 0 : 1)
    return rounds.map { min(round, $0) } ?? round
  }

  /// Answers the card on show with a name; a second answer to the same card is ignored.
  /// Returns whether it was right.
  @discardableResult
  public mutating func answer(_ given: NoteClass, seconds: Double) -> Bool {
    record(given: given, heard: nil, isCorrect: given == card.answer, seconds: seconds)
  }

  /// Answers the card on show with a played pitch, judged by the caller (within a tolerance,
  /// in any octave or the written one).
  @discardableResult
  public mutating func answer(heard: Pitch, isCorrect: Bool, seconds: Double) -> Bool {
    let given = isCorrect ? card.note.noteClass : heard.spelling(preferSharps: true).noteClass
    return record(given: given, heard: heard, isCorrect: isCorrect, seconds: seconds)
  }

  private mutating func record(
    given: NoteClass, heard: Pitch?, isCorrect: Bool, seconds: Double
  ) -> Bool {
    guard !isAnswered, !isFinished else { return false }
    let answer = Answer(
      card: card, deck: deck, given: given, heard: heard, isCorrect: isCorrect, seconds: seconds)
    answers.append(answer)
    boxes.record(
      SessionRecord.Answer(
        question: card.note.description, context: decks[deck].context,
        given: given.description, isCorrect: isCorrect, seconds: seconds))
    isAnswered = true
    return isCorrect
  }

  /// Deals the next card once the one on show is answered, never the same note twice running
  /// when the pack has another.
  public mutating func next(using random: inout some RandomNumberGenerator) {
    guard isAnswered, !isFinished else { return }
    let (deck, note) = Self.draw(from: decks, boxes: boxes, except: card.note, using: &random)
    self.deck = deck
    card = NoteCard(note: note, names: names[deck], using: &random)
    isAnswered = false
  }

  /// The notes answered wrongly, each once, in the order first missed.
  public var missedNotes: [Note] {
    var missed: [Note] = []
    for answer in answers where !answer.isCorrect && !missed.contains(answer.card.note) {
      missed.append(answer.card.note)
    }
    return missed
  }

  public var meanSeconds: Double {
    answers.isEmpty ? 0 : answers.reduce(0) { $0 + $1.seconds } / Double(answers.count)
  }
}
