import FoundationEssentials

/// A short placement for the study path: a few questions at rising levels, each a pattern of
/// the path to play through at a level (the Fretboard room has it played, up and down, and
/// a run that meets the level answers yes), stopping at the first no. The
/// path starts after the last pattern the player can play at `StudyPath.moveOnLevel`: a player
/// who knows a pattern further on is taken to know those before it, which a few reviews check.
public struct Placement: Equatable, Sendable {
  public struct Question: Equatable, Sendable {
    public let pattern: String
    /// The level's number, from `RunLevel.all`.
    public let level: Int
  }

  /// From the first box at sight to the modes from memory on a brisk click; each pattern
  /// opens a stage of `StudyPath.stages`.
  public static let questions = [
    Question(pattern: "minor-pentatonic-1", level: 1),
    Question(pattern: "minor-pentatonic-1", level: 3),
    Question(pattern: "major-1", level: 3),
    Question(pattern: "major-pentatonic-1", level: 3),
    Question(pattern: "natural-minor-1", level: 4),
    Question(pattern: "dorian-1", level: 5),
  ]

  /// How many questions the player answered yes: played at their level.
  public private(set) var yes = 0
  public private(set) var isDone = false

  public init() {}

  /// The question asked now; nil once done.
  public var question: Question? { isDone ? nil : Self.questions[yes] }

  /// The player can (`true`) or cannot play what `question` asks.
  public mutating func answer(_ canPlay: Bool) {
    guard !isDone else { return }
    if canPlay { yes += 1 }
    isDone = !canPlay || yes == Self.questions.count
  }

  /// The pattern the path starts at: the one after the last that the player could play at the
  /// move-on level, else the first.
  public var start: String {
    let known = Self.questions.prefix(yes).last { $0.level >= StudyPath.moveOnLevel }
    guard let known, let index = StudyPath.order.firstIndex(of: known.pattern) else {
      return StudyPath.order[0]
    }
    return StudyPath.order[min(index + 1, StudyPath.order.count - 1)]
  }

  /// The line of the history that keeps where the path starts (`StudyPath.start`).
  public func record(startedAt: Date, duration: TimeInterval) -> SessionRecord {
    SessionRecord(
      module: StudyPath.module, exercise: StudyPath.placementExercise, startedAt: startedAt,
      duration: duration, figures: ["yes": Double(yes)], content: [start])
  }
}
