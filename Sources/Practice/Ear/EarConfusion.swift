/// Which item was heard as which, counted over ear-training answers: the grid the Ear room
/// draws, and the pairs most often confused ("minor sixth heard as fifth: 7 of 12").
public struct EarConfusion: Equatable, Sendable {
  /// A played item, an answer given for it, and how often.
  public struct Pair: Equatable, Sendable {
    public var played: String
    public var given: String
    /// Times `played` was answered as `given`.
    public var count: Int
    /// Times `played` was asked in all.
    public var asked: Int
  }

  /// By played item's short name, then by the answer's.
  private var counts: [String: [String: Int]] = [:]

  /// Counts `answers`, each a question named by its item's short name and the one given.
  public init(_ answers: [SessionRecord.Answer]) {
    for answer in answers {
      counts[answer.question, default: [:]][answer.given, default: 0] += 1
    }
  }

  /// The answers to questions of `exercise` (their context) in the Ear room's sessions of
  /// `history`, oldest first; a session cut short counts too, as its answers were heard.
  public static func answers(
    in history: [SessionRecord], module: String, exercise: String
  ) -> [SessionRecord.Answer] {
    history.filter { $0.module == module }.flatMap(\.answers).filter { $0.context == exercise }
  }

  /// Times `played` was answered as `given`.
  public func count(played: String, given: String) -> Int {
    counts[played]?[given] ?? 0
  }

  /// Times `played` was asked.
  public func asked(_ played: String) -> Int {
    counts[played]?.values.reduce(0, +) ?? 0
  }

  /// The wrong answers most often given, most first (then the larger share of its item's
  /// questions, then by name so the order is stable), at most `limit`.
  public func worst(limit: Int) -> [Pair] {
    let pairs = counts.flatMap { played, answers in
      answers.filter { $0.key != played }.map { given, count in
        Pair(played: played, given: given, count: count, asked: asked(played))
      }
    }
    return Array(
      pairs.sorted {
        if $0.count != $1.count { return $0.count > $1.count }
        if $0.asked != $1.asked { return $0.asked < $1.asked }
        return ($0.played, $0.given) < ($1.played, $1.given)
      }.prefix(limit))
  }
}
