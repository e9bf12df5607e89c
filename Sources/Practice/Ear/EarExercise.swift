import MusicTheory

/// An ear-training exercise: what is heard and named. Each has levels from easy to hard, each
/// level adding items to the one before.
public enum EarExercise: String, CaseIterable, Sendable {
  case intervals
  case chords
  case scales

  /// The items of every level, easiest first; the last level holds every item.
  public var levels: [[EarItem]] {
    switch self {
    case .intervals:
      Self.intervalLevels.map { level in
        level.split(separator: " ").compactMap { Interval(shortName: String($0)) }.map(
          EarItem.interval)
      }
    case .chords:
      [
        [.major, .minor],
        [.diminished, .augmented],
        [.suspendedSecond, .suspendedFourth],
        [.majorSeventh, .dominantSeventh, .minorSeventh],
        [.halfDiminishedSeventh, .diminishedSeventh, .minorMajorSeventh],
      ].map { $0.map(EarItem.chord) }
    case .scales:
      [
        [.major, .naturalMinor],
        [.harmonicMinor, .melodicMinor],
        [.majorPentatonic, .minorPentatonic, .blues],
        [.dorian, .mixolydian, .lydian, .phrygian],
        [.locrian, .phrygianDominant, .lydianDominant, .majorBlues],
      ].map { $0.map(EarItem.scale) }
    }
  }

  private static let intervalLevels = [
    "M2 M3 P4 P5 P8", "m2 m3 m6 M6", "A4 m7 M7", "m9 M9 m10 M10 P11 A11 P12", "m13 M13 m14 M14 P15",
  ]

  /// The items of `level` (1 is the first) and of every level below it; nil when there is no
  /// such level.
  public func items(upToLevel level: Int) -> [EarItem]? {
    guard (1...levels.count).contains(level) else { return nil }
    return levels.prefix(level).flatMap { $0 }
  }

  /// Every item of the exercise, in level order.
  public var allItems: [EarItem] {
    levels.flatMap { $0 }
  }

  /// The ways its questions may sound: melodic up or down, or together. A scale's notes
  /// together would be a cluster no ear names.
  public var soundings: [EarQuestion.Sounding] {
    switch self {
    case .intervals: [.up, .down, .harmonic]
    case .chords: [.harmonic]
    case .scales: [.up, .down]
    }
  }
}
