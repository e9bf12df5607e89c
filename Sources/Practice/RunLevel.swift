/// The steps a pattern is learnt in by playing it through: first with its places on the neck,
/// then from memory, then on the click at rising tempos. A level is passed by playing the
/// pattern cleanly up and down in a way that meets it.
public struct RunLevel: Equatable, Sendable {
  public let number: Int
  /// Whether the pattern's places may be shown.
  public let showsPlaces: Bool
  /// The slowest click that counts; nil in free time.
  public let minimumBPM: Int?

  public static let all: [RunLevel] = [
    RunLevel(number: 1, showsPlaces: true, minimumBPM: nil),
    RunLevel(number: 2, showsPlaces: false, minimumBPM: nil),
    RunLevel(number: 3, showsPlaces: false, minimumBPM: 60),
    RunLevel(number: 4, showsPlaces: false, minimumBPM: 90),
    RunLevel(number: 5, showsPlaces: false, minimumBPM: 120),
  ]

  /// How a run was played: with or without the places shown, in free time (`bpm` nil) or on a
  /// click.
  public struct Conditions: Equatable, Sendable {
    public let showedPlaces: Bool
    public let bpm: Int?

    public init(showedPlaces: Bool, bpm: Int?) {
      self.showedPlaces = showedPlaces
      self.bpm = bpm
    }
  }

  /// Whether a run played so counts for this level. Harder counts for easier: from memory for
  /// a level that shows the places, on the click for free time, faster for slower.
  public func isMet(by run: Conditions) -> Bool {
    (showsPlaces || !run.showedPlaces) && minimumBPM.map { (run.bpm ?? 0) >= $0 } ?? true
  }

  /// The level after `passed` (0 before any); the last one once all are passed.
  public static func next(after passed: Int) -> RunLevel {
    all[min(max(passed, 0), all.count - 1)]
  }

  /// How many levels clean runs up (`up`) and down (`down`) have passed, counting from the
  /// first.
  public static func passed(up: [Conditions], down: [Conditions]) -> Int {
    all.prefix { level in up.contains(where: level.isMet) && down.contains(where: level.isMet) }
      .count
  }
}
