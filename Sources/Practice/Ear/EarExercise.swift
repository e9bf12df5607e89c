import MusicTheory

/// An ear-training exercise: what is heard and named. Each has levels from easy to hard, each
/// level adding items to the one before.
public enum EarExercise: String, CaseIterable, Sendable {
  case intervals
  case chords
  case scales
  case degrees
  case cadences
  case intonation
  case dictation
  case rhythm

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
    case .degrees:
      // The fourth level adds no degree: it asks them in minor keys too.
      ["1 3 5", "2 4", "6 7", "", "b2 #4 b3 b6 b7"].map { level in
        level.split(separator: " ").compactMap { ScaleDegree(name: String($0)) }.map(
          EarItem.degree)
      }
    case .cadences:
      [
        [Cadence.perfect, .plagal].map(EarItem.cadence),
        [Cadence.imperfect, .deceptive].map(EarItem.cadence),
        Cadence.progressions.map(EarItem.cadence),
      ]
    case .intonation:
      // Every level asks the same three answers, the note nearer in tune each time: what
      // the levels add is the ear's fineness, `intonationCents`.
      [Intonation.allCases.map(EarItem.intonation)]
        + Array(repeating: [], count: Self.intonationCents.count - 1)
    case .dictation:
      DictationStyle.allCases.map { [EarItem.melody($0)] }
    case .rhythm:
      RhythmStyle.allCases.map { [EarItem.rhythm($0)] }
    }
  }

  /// How far the second note of an intonation question lies off the first, level by level.
  public static let intonationCents = [40, 30, 20, 15, 10, 5]

  /// The cents of an intonation question at `level` (1 is the first); the finest beyond the
  /// last level.
  public static func intonationCents(atLevel level: Int) -> Int {
    intonationCents[min(max(level, 1), intonationCents.count) - 1]
  }

  /// Whether questions at `level` may be in minor keys: degrees from the fourth level on.
  /// Cadences and progressions are the major key's.
  public func hasMinorKeys(atLevel level: Int) -> Bool {
    self == .degrees && level >= 4
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
    case .degrees: [.up]
    case .cadences: [.harmonic]
    case .intonation: [.up]
    case .dictation: [.up]
    case .rhythm: [.up]
    }
  }
}
