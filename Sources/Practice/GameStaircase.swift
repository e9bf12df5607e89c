/// The pace of an interval game that fits its player: how long a question takes to cross the
/// lane, and so how many are on it at once, set from the player's answers alone.
///
/// The rule is Kaernbach's weighted up/down staircase (1991) on the crossing time, in steps of
/// a constant ratio: an answer that succeeds makes the lane `stepRatio` faster (one step down),
/// one that fails makes it four steps slower. Where the player succeeds with a chance `p`, the
/// expected move is `p · 1 − (1 − p) · 4` steps, which is zero only at `p` = 4/5: the pace
/// drifts towards the speed at which the player succeeds 80 % of the time, whatever the shape
/// of their skill. Better still, after `n` answers of which `w` failed the pace has moved
/// `4w − (n − w)` steps, and while it stays off the bounds it cannot have moved more than the
/// 41 steps between `slowest` and `fastest`, so the share that succeeded is 80 % within
/// 41/(5n): within 5 points after 165 answers, for any player whose 80 % lies inside them.
/// Steps of 4 % are small enough that a mark does not jolt the lane, and large enough to come
/// down from level 1's speed to a good player's in about thirty marks.
///
/// An answer succeeds when it is right and came within its share of the time between two
/// questions entering: a player slower than that falls behind the lane however right they are.
public struct GameStaircase: Equatable, Sendable {
  /// What one answer tells the staircase.
  public struct Answer: Equatable, Sendable {
    public let isCorrect: Bool
    /// Seconds from when it could first be given (its question on the lane, the mark before
    /// done) to when it came.
    public let seconds: Double
    /// How many places its question asks to mark: they share the time between two entries.
    public let places: Int

    public init(isCorrect: Bool, seconds: Double, places: Int = 1) {
      self.isCorrect = isCorrect
      self.seconds = seconds
      self.places = max(1, places)
    }

    /// A question that reached the left edge unanswered.
    public static let missed = Answer(isCorrect: false, seconds: .infinity)
  }

  /// The share of answers the staircase settles at.
  public static let target = 0.8
  /// Never slower than the fixed game's first level.
  public static let slowest = IntervalGame.crossingSeconds(level: 1, clearedAtLevel: 0)
  /// Never faster than a question can be read and placed: a new one every 0.75 s, about the
  /// time it takes to read a label and move to a fret.
  public static let fastest = 3.0
  /// One step down, after an answer that succeeds.
  static let stepRatio = 0.96
  /// Four steps up after one that fails: `target / (1 − target)` steps.
  static let failureRatio = 1 / (stepRatio * stepRatio * stepRatio * stepRatio)
  /// The questions on the lane at once when the player keeps up, as in the fixed game, so a
  /// pace reads like that game's crossing times.
  public static let questionsOnLane = 4.0

  /// Seconds a question entering now takes to cross the lane.
  public private(set) var crossingSeconds: Double
  public private(set) var answered = 0
  public private(set) var succeeded = 0

  public init(crossingSeconds: Double = GameStaircase.slowest) {
    self.crossingSeconds = min(max(crossingSeconds, Self.fastest), Self.slowest)
  }

  /// Seconds between two questions entering.
  public var entrySpacing: Double { crossingSeconds / Self.questionsOnLane }

  /// The share of answers that succeeded, once there is one.
  public var successRate: Double? {
    answered == 0 ? nil : Double(succeeded) / Double(answered)
  }

  /// The level of the fixed game whose speed this pace has reached: level `n` starts at
  /// 18 − 2n seconds. The neck's aids and the points follow it.
  public var level: Int {
    let reached = Int(((18 - crossingSeconds) / 2 + 1e-9).rounded(.down))
    return min(max(reached, IntervalGame.levels.lowerBound), IntervalGame.levels.upperBound)
  }

  /// Whether `answer` counts as a success: right, and in time to keep up with the lane.
  public func succeeds(_ answer: Answer) -> Bool {
    answer.isCorrect && answer.seconds <= entrySpacing / Double(answer.places)
  }

  /// The pace after `answer`.
  public mutating func record(_ answer: Answer) {
    let success = succeeds(answer)
    answered += 1
    if success { succeeded += 1 }
    let next = crossingSeconds * (success ? Self.stepRatio : Self.failureRatio)
    crossingSeconds = min(max(next, Self.fastest), Self.slowest)
  }
}
