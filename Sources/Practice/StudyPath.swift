import FoundationEssentials

/// The suggested way through the fretboard's patterns: what to play next, from the history.
/// New patterns come in a fixed order (`stages`) and each is played up its levels
/// (`RunLevel`) until it is known well enough to move on; what was learnt comes back by
/// Leitner boxes, one per pattern and level, so a level failed comes back soon and a level
/// played cleanly again and again comes back ever later. Pure: the history is given, and the
/// path holds no state of its own.
public struct StudyPath: Equatable, Sendable {
  /// The records of playing a pattern through (`ScaleRunSession`) and of the placement.
  public static let module = IntervalGame.module
  public static let runExercise = "run"
  public static let placementExercise = "placement"

  /// A family of patterns and the positions of it learnt at this point of the path.
  public struct Stage: Equatable, Sendable {
    public let family: String
    public let positions: ClosedRange<Int>

    public var patterns: [String] { positions.map { "\(family)-\($0)" } }
  }

  /// The order new patterns come in: the first pentatonic box, which most players meet first,
  /// then the major scale's positions that every mode is read from, the other pentatonic boxes
  /// and the blues, then the minor scale and the modes.
  public static let stages: [Stage] = [
    Stage(family: "minor-pentatonic", positions: 1...1),
    Stage(family: "major", positions: 1...7),
    Stage(family: "minor-pentatonic", positions: 2...5),
    Stage(family: "major-pentatonic", positions: 1...5),
    Stage(family: "blues", positions: 1...5),
    Stage(family: "natural-minor", positions: 1...7),
    Stage(family: "dorian", positions: 1...7),
    Stage(family: "mixolydian", positions: 1...7),
    Stage(family: "lydian", positions: 1...7),
    Stage(family: "phrygian", positions: 1...7),
    Stage(family: "locrian", positions: 1...7),
    Stage(family: "harmonic-minor", positions: 1...7),
    Stage(family: "melodic-minor", positions: 1...7),
  ]

  /// Every pattern of the path, in order.
  public static let order: [String] = stages.flatMap(\.patterns)

  /// A pattern is left for the next one once this level is passed: from memory, on the click.
  /// The levels above it come once the whole path is there.
  public static let moveOnLevel = 3

  /// What to play: a pattern of the path, at a level, in an exercise.
  public struct Step: Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
      /// The next level of the pattern the path is on.
      case new
      /// A level passed before, which its Leitner box brings back.
      case review
    }

    public let pattern: String
    /// The level's number, 1 to `RunLevel.all.count`.
    public let level: Int
    public let exercise: String
    public let reason: Reason

    public init(pattern: String, level: Int, exercise: String, reason: Reason) {
      self.pattern = pattern
      self.level = level
      self.exercise = exercise
      self.reason = reason
    }
  }

  /// How many levels each pattern of the path has passed (`passedLevels`).
  public let passed: [String: Int]
  /// Where the path starts in `order`, as the placement set it; 0 without one.
  public let start: Int
  /// Whether a pattern of the path was played through or the placement answered: before,
  /// the placement is offered.
  public let hasBegun: Bool
  private let boxes: LeitnerBoxes
  /// For each pattern and level played, how many runs of the path were played since.
  private let runsSince: [String: [Int: Int]]
  /// Whether the last run of the path played a level its pattern had passed: reviews take
  /// turns with new levels, so that once many patterns are known their reviews, however
  /// far apart, never fill every step.
  private let lastWasReview: Bool

  public init(history: [SessionRecord]) {
    let onPath = Set(Self.order)
    var boxes = LeitnerBoxes()
    var lastPlayed: [String: [Int: Int]] = [:]
    var passed: [String: Int] = [:]
    var ways: [String: (up: [RunLevel.Conditions], down: [RunLevel.Conditions])] = [:]
    var runs = 0
    var start = 0
    var lastWasReview = false
    var hasBegun = false
    for record in history where record.module == Self.module {
      if record.exercise == Self.placementExercise, !record.isCutShort {
        start = record.content.first.flatMap(Self.order.firstIndex) ?? 0
        hasBegun = true
      }
      guard record.exercise == Self.runExercise, let level = Self.level(of: record) else {
        continue
      }
      for pattern in record.content where onPath.contains(pattern) {
        let before = passed[pattern] ?? 0
        lastWasReview = level <= before
        hasBegun = true
        let isClean = record.figures["passed"] == 1
        if isClean, !record.isCutShort {
          if record.figures["descending"] == 1 {
            ways[pattern, default: ([], [])].down.append(Self.conditions(of: record))
          } else {
            ways[pattern, default: ([], [])].up.append(Self.conditions(of: record))
          }
          let way = ways[pattern, default: ([], [])]
          passed[pattern] = RunLevel.passed(up: way.up, down: way.down)
        }
        // A run counts for the levels it meets up to the one after those passed: a clean one
        // for each of them (harder counts for easier), a miss for the hardest only, as a miss
        // at speed says nothing of playing the shape at sight.
        let reach = min(level, (passed[pattern] ?? 0) + 1)
        for counted in isClean ? Array(1...reach) : [reach] {
          // The speed of a run is its level's tempo, so time plays no part in its box.
          boxes.record(
            SessionRecord.Answer(
              question: pattern, context: Self.context(counted), given: "", isCorrect: isClean,
              seconds: 0))
          lastPlayed[pattern, default: [:]][counted] = runs
        }
      }
      runs += 1
    }
    self.passed = passed.filter { $0.value > 0 }
    self.start = start
    self.hasBegun = hasBegun
    self.boxes = boxes
    self.runsSince = lastPlayed.mapValues { $0.mapValues { runs - 1 - $0 } }
    self.lastWasReview = lastWasReview
  }

  /// How many levels of playing it through each pattern has passed: a level needs a clean run
  /// up and one down that meet it. Runs recorded before the levels existed count as played
  /// with the places shown, in free time.
  public static func passedLevels(in history: [SessionRecord]) -> [String: Int] {
    var up: [String: [RunLevel.Conditions]] = [:]
    var down: [String: [RunLevel.Conditions]] = [:]
    for record in history
    where record.module == module && record.exercise == runExercise
      && record.figures["passed"] == 1 && !record.isCutShort
    {
      for id in record.content {
        if record.figures["descending"] == 1 {
          down[id, default: []].append(conditions(of: record))
        } else {
          up[id, default: []].append(conditions(of: record))
        }
      }
    }
    var levels: [String: Int] = [:]
    for (id, runs) in up {
      let passed = RunLevel.passed(up: runs, down: down[id] ?? [])
      if passed > 0 { levels[id] = passed }
    }
    return levels
  }

  private static func conditions(of record: SessionRecord) -> RunLevel.Conditions {
    let bpm = record.figures["bpm"].map { Int($0.rounded()) }
    return RunLevel.Conditions(
      showedPlaces: record.figures["markers"] != 0, bpm: bpm == 0 ? nil : bpm)
  }

  /// The hardest level a run was played for: the highest whose conditions it met.
  private static func level(of record: SessionRecord) -> Int? {
    RunLevel.all.last { $0.isMet(by: conditions(of: record)) }?.number
  }

  private static func context(_ level: Int) -> String { "level \(level)" }

  /// How many runs of the path a level in `box` waits before it comes back: doubling with
  /// each box, from 4, the runs up and down of two tries.
  public static func interval(box: Int) -> Int { 4 << box }

  /// The Leitner box of a pattern's level, 0 to `LeitnerBoxes.boxCount - 1`; nil when never
  /// played.
  public func box(of pattern: String, level: Int) -> Int? {
    boxes.box(of: pattern, in: Self.context(level))
  }

  /// What to play next: a pattern's highest level passed that its box brings back, the lowest
  /// box first and then the longest waiting, unless the last run was such a review; else the
  /// next level of the first pattern from the start not yet past `moveOnLevel`, then of the
  /// first not past the last level; once all are, the level that waited longest.
  public var next: Step {
    let due = lastWasReview ? [] : reviews.filter { $0.waited >= Self.interval(box: $0.box) }
    if let review = due.min(by: { ($0.box, -$0.waited, $0.rank) < ($1.box, -$1.waited, $1.rank) }) {
      return Step(
        pattern: review.pattern, level: review.level, exercise: Self.runExercise,
        reason: .review)
    }
    let ahead = Self.order[min(start, Self.order.count)...]
    for target in [Self.moveOnLevel, RunLevel.all.count] {
      if let pattern = ahead.first(where: { (passed[$0] ?? 0) < target }) {
        return Step(
          pattern: pattern, level: (passed[pattern] ?? 0) + 1, exercise: Self.runExercise,
          reason: .new)
      }
    }
    let longest = reviews.max { ($0.waited, -$0.rank) < ($1.waited, -$1.rank) }
    return Step(
      pattern: longest?.pattern ?? Self.order[0], level: longest?.level ?? 1,
      exercise: Self.runExercise, reason: .review)
  }

  private struct Review {
    var pattern: String
    var level: Int
    var box: Int
    var waited: Int
    /// The pattern's place in `order`, so that ties go to the earlier pattern.
    var rank: Int
  }

  /// The highest level each pattern passed, when played on the path, with its box and how
  /// long it waited: the levels below it are played in it (harder counts for easier).
  private var reviews: [Review] {
    Self.order.enumerated().compactMap { rank, pattern in
      guard let level = passed[pattern], let box = box(of: pattern, level: level),
        let waited = runsSince[pattern]?[level]
      else { return nil }
      return Review(pattern: pattern, level: level, box: box, waited: waited, rank: rank)
    }
  }
}
