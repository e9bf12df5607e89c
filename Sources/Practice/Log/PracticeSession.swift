import FoundationEssentials

/// One sitting at one exercise: the attempts made at it one after the other (a scale played
/// through twelve times, two decks of flashcards) gathered into the single row a musician
/// remembers as "I practised that".
public struct PracticeSession: Equatable, Sendable {
  /// The attempts, oldest first; never empty.
  public let attempts: [SessionRecord]

  /// Attempts further apart than this are separate sittings.
  public static let pause: TimeInterval = 10 * 60

  init(attempts: [SessionRecord]) {
    precondition(!attempts.isEmpty, "a session has at least one attempt")
    self.attempts = attempts
  }

  public var module: String { attempts[0].module }
  public var exercise: String { attempts[0].exercise }
  public var content: [String] { attempts[0].content }
  public var startedAt: Date { attempts[0].startedAt }

  public var endedAt: Date {
    attempts.map { $0.startedAt.addingTimeInterval($0.duration) }.max() ?? startedAt
  }

  /// From the first attempt's start to the last one's end: the pauses between attempts, spent
  /// reading a result or tuning up, are practice too.
  public var duration: TimeInterval { endedAt.timeIntervalSince(startedAt) }

  public var answers: [SessionRecord.Answer] { attempts.flatMap(\.answers) }

  /// Right answers over all answers when questions were asked; otherwise the attempts' mean.
  public var score: Double? {
    let answers = answers
    if !answers.isEmpty {
      return Double(answers.filter(\.isCorrect).count) / Double(answers.count)
    }
    let scores = attempts.compactMap(\.score)
    return scores.isEmpty ? nil : scores.reduce(0, +) / Double(scores.count)
  }

  /// The best value of a figure over the attempts, such as the interval game's points.
  public func best(_ figure: String) -> Double? {
    attempts.compactMap { $0.figures[figure] }.max()
  }

  /// How many attempts have `figure` at 1, such as the clean runs among the tries.
  public func count(_ figure: String) -> Int {
    attempts.filter { $0.figures[figure] == 1 }.count
  }

  /// Left before its end (a hang-up, a signal, Esc): a sitting of its own, never gathered with
  /// finished attempts, so it shows as stopped and counts in no total, best or streak.
  public var isCutShort: Bool { attempts.allSatisfy(\.isCutShort) }

  /// The questions answered wrongly, each once, in the order first missed.
  public var missed: [String] { answers.missedQuestions }

  /// The records gathered into sittings, oldest first: a record joins the sitting before it when
  /// it is of the same exercise on the same material and starts within `pause` of its end. A
  /// record cut short stays alone, so that it never lends a finished sitting its figures.
  public static func gathering(_ records: [SessionRecord]) -> [PracticeSession] {
    var sessions: [[SessionRecord]] = []
    for record in records.sorted(by: { $0.startedAt < $1.startedAt }) {
      if let last = sessions.last, let first = last.first, !first.isCutShort, !record.isCutShort,
        first.module == record.module, first.exercise == record.exercise,
        first.content == record.content,
        record.startedAt.timeIntervalSince(PracticeSession(attempts: last).endedAt) <= pause
      {
        sessions[sessions.count - 1].append(record)
      } else {
        sessions.append([record])
      }
    }
    return sessions.map(PracticeSession.init(attempts:))
  }
}
