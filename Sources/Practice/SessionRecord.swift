import FoundationEssentials

/// One finished practice session, as a line of the results history. Modules add their own
/// figures under `figures` so the history format never has to change for a new module.
public struct SessionRecord: Codable, Equatable, Sendable {
  /// One question of a session and how it was answered, such as a flashcard.
  public struct Answer: Codable, Equatable, Sendable {
    /// What was asked, such as the note `C4`.
    public var question: String
    /// Where it was asked, such as the staff `treble`: the same note read in another clef is
    /// another skill.
    public var context: String
    /// What the user answered, such as `D` (empty when the time ran out).
    public var given: String
    public var isCorrect: Bool
    public var seconds: Double
    /// For the answer that cleared a moving question (the interval game), how far across its
    /// lane the question had come: 0 just entered, 1 at the edge. Nil for every other answer,
    /// and in lines written before it was kept.
    public var lane: Double?

    public init(
      question: String, context: String, given: String, isCorrect: Bool, seconds: Double,
      lane: Double? = nil
    ) {
      self.question = question
      self.context = context
      self.given = given
      self.isCorrect = isCorrect
      self.seconds = seconds
      self.lane = lane
    }

    enum CodingKeys: String, CodingKey {
      case question, context, given, seconds, lane
      case isCorrect = "correct"
    }
  }

  /// One note of a graded rhythm line: its grade, and how far the hit matched to it was from
  /// it, so that a leaderboard can count the accuracy again.
  public struct GradedNote: Codable, Equatable, Sendable {
    public var grade: RhythmGrade
    /// Milliseconds, negative when early; nil exactly for a missed note.
    public var offsetMilliseconds: Double?

    public init(grade: RhythmGrade, offsetMilliseconds: Double?) {
      self.grade = grade
      self.offsetMilliseconds = offsetMilliseconds
    }

    enum CodingKeys: String, CodingKey {
      case grade
      case offsetMilliseconds = "offsetMs"
    }
  }

  public var module: String
  public var exercise: String
  public var startedAt: Date
  public var duration: TimeInterval
  /// Fraction of correct answers or well-timed hits, 0…1, when the exercise has one.
  public var score: Double?
  public var figures: [String: Double]
  /// What was practised, such as the ids of the note packs.
  public var content: [String]
  /// Each question in the order asked, for exercises that ask questions.
  public var answers: [Answer]
  /// Each note of the line in order, for a graded rhythm; empty elsewhere and in lines
  /// written before it was kept.
  public var graded: [GradedNote]
  /// Whether the session was left before its end (a hang-up, a signal, Esc): it is listed as
  /// stopped and its answers still move the Leitner boxes, but it is no result: no total, best,
  /// streak or score counts it.
  public var isCutShort: Bool

  public init(
    module: String, exercise: String, startedAt: Date, duration: TimeInterval,
    score: Double? = nil, figures: [String: Double] = [:], content: [String] = [],
    answers: [Answer] = [], graded: [GradedNote] = [], isCutShort: Bool = false
  ) {
    self.module = module
    self.exercise = exercise
    self.startedAt = startedAt
    self.duration = duration
    self.score = score.map { min(max($0, 0), 1) }
    self.figures = figures
    self.content = content
    self.answers = answers
    self.graded = graded
    self.isCutShort = isCutShort
  }

  enum CodingKeys: String, CodingKey {
    case module, exercise, startedAt, duration, score, figures, content, answers, graded
    case isCutShort = "cutShort"
  }

  /// Lines written before a field existed still read: the newer fields are optional.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      module: try container.decode(String.self, forKey: .module),
      exercise: try container.decode(String.self, forKey: .exercise),
      startedAt: try container.decode(Date.self, forKey: .startedAt),
      duration: try container.decode(TimeInterval.self, forKey: .duration),
      score: try container.decodeIfPresent(Double.self, forKey: .score),
      figures: try container.decodeIfPresent([String: Double].self, forKey: .figures) ?? [:],
      content: try container.decodeIfPresent([String].self, forKey: .content) ?? [],
      answers: try container.decodeIfPresent([Answer].self, forKey: .answers) ?? [],
      graded: try container.decodeIfPresent([GradedNote].self, forKey: .graded) ?? [],
      isCutShort: try container.decodeIfPresent(Bool.self, forKey: .isCutShort) ?? false)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(module, forKey: .module)
    try container.encode(exercise, forKey: .exercise)
    try container.encode(startedAt, forKey: .startedAt)
    try container.encode(duration, forKey: .duration)
    try container.encodeIfPresent(score, forKey: .score)
    try container.encode(figures, forKey: .figures)
    if !content.isEmpty { try container.encode(content, forKey: .content) }
    if !answers.isEmpty { try container.encode(answers, forKey: .answers) }
    if !graded.isEmpty { try container.encode(graded, forKey: .graded) }
    if isCutShort { try container.encode(true, forKey: .isCutShort) }
  }

  /// The same record dated by when it ended: models time a session on the monotonic clock
  /// and leave the wall clock to the runtime.
  public func ended(at end: Date) -> SessionRecord {
    var record = self
    record.startedAt = end.addingTimeInterval(-duration)
    return record
  }

  /// The questions answered wrongly, each once, in the order first missed.
  public var missed: [String] { answers.missedQuestions }
}

extension [SessionRecord.Answer] {
  /// The questions answered wrongly, each once, in the order first missed.
  public var missedQuestions: [String] {
    var missed: [String] = []
    for answer in self where !answer.isCorrect && !missed.contains(answer.question) {
      missed.append(answer.question)
    }
    return missed
  }
}
