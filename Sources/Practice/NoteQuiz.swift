import MusicTheory

/// A flashcard session: a number of rounds, each a card dealt from one of the chosen decks (a
/// pack's notes), answered once. A card's wrong answers come from its own deck. The random
/// generator is passed in, so a seeded one replays a session exactly.
public struct NoteQuiz: Equatable, Sendable {
  public static let roundRange = 5...100

  /// One answered card.
  public struct Answer: Equatable, Sendable {
    public let card: NoteCard
    /// The deck the card was dealt from.
    public let deck: Int
    public let given: NoteClass
    public let seconds: Double

    public var isCorrect: Bool { given == card.answer }
  }

  public let decks: [[Note]]
  public let rounds: Int
  /// The card on show; after the last answer it stays, answered, until the session ends.
  public private(set) var card: NoteCard
  /// Which deck the card on show came from.
  public private(set) var deck: Int
  public private(set) var answers: [Answer] = []
  private let names: [Set<NoteClass>]

  /// Each deck must hold at least four different note names (every pack does); `rounds` is
  /// clamped to `roundRange`. Every note of every deck is equally likely.
  public init(decks: [[Note]], rounds: Int, using random: inout some RandomNumberGenerator) {
    precondition(decks.contains { !$0.isEmpty }, "a quiz needs notes")
    self.decks = decks
    self.rounds = min(max(rounds, Self.roundRange.lowerBound), Self.roundRange.upperBound)
    names = decks.map { Set($0.map(\.noteClass)) }
    let (deck, note) = Self.draw(from: decks, except: nil, using: &random)
    self.deck = deck
    card = NoteCard(note: note, names: names[deck], using: &random)
  }

  private static func draw(
    from decks: [[Note]], except previous: Note?, using random: inout some RandomNumberGenerator
  ) -> (deck: Int, note: Note) {
    let all = decks.indices.flatMap { deck in decks[deck].map { (deck, $0) } }
    let others = all.filter { $0.1 != previous }
    return (others.isEmpty ? all : others).randomElement(using: &random)!
  }

  /// Whether the card on show has been answered.
  public private(set) var isAnswered = false

  public var isFinished: Bool { answers.count == rounds }
  public var correctCount: Int { answers.count { $0.isCorrect } }
  /// The round being played, from 1.
  public var round: Int { min(answers.count + (isAnswered ? 0 : 1), rounds) }

  /// Answers the card on show; a second answer to the same card is ignored. Returns whether
  /// it was right.
  @discardableResult
  public mutating func answer(_ given: NoteClass, seconds: Double) -> Bool {
    guard !isAnswered, !isFinished else { return false }
    let answer = Answer(card: card, deck: deck, given: given, seconds: seconds)
    answers.append(answer)
    isAnswered = true
    return answer.isCorrect
  }

  /// Deals the next card once the one on show is answered, never the same note twice running
  /// when the pack has another.
  public mutating func next(using random: inout some RandomNumberGenerator) {
    guard isAnswered, !isFinished else { return }
    let (deck, note) = Self.draw(from: decks, except: card.note, using: &random)
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
