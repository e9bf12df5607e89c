import FoundationEssentials

/// One finished practice session, as a line of the results history. Modules add their own
/// figures under `figures` so the history format never has to change for a new module.
public struct SessionRecord: Codable, Equatable, Sendable {
  public var module: String
  public var exercise: String
  public var startedAt: Date
  public var duration: TimeInterval
  /// Fraction of correct answers or well-timed hits, 0…1, when the exercise has one.
  public var score: Double?
  public var figures: [String: Double]

  public init(
    module: String, exercise: String, startedAt: Date, duration: TimeInterval,
    score: Double? = nil, figures: [String: Double] = [:]
  ) {
    self.module = module
    self.exercise = exercise
    self.startedAt = startedAt
    self.duration = duration
    self.score = score.map { min(max($0, 0), 1) }
    self.figures = figures
  }
}
