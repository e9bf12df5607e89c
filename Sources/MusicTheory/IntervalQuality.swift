/// The quality of an interval. Perfect applies to unisons, fourths, fifths and octaves; minor and
/// major to seconds, thirds, sixths and sevenths; the others to both.
public enum IntervalQuality: String, CaseIterable, Codable, Sendable {
  case doublyDiminished
  case diminished
  case minor
  case perfect
  case major
  case augmented
  case doublyAugmented

  /// The letter used in short interval names: "dd", "d", "m", "P", "M", "A", "AA".
  public var symbol: String {
    switch self {
    case .doublyDiminished: "dd"
    case .diminished: "d"
    case .minor: "m"
    case .perfect: "P"
    case .major: "M"
    case .augmented: "A"
    case .doublyAugmented: "AA"
    }
  }

  /// The quality of the inverted interval: major becomes minor, augmented becomes diminished.
  public var inverted: IntervalQuality {
    switch self {
    case .doublyDiminished: .doublyAugmented
    case .diminished: .augmented
    case .minor: .major
    case .perfect: .perfect
    case .major: .minor
    case .augmented: .diminished
    case .doublyAugmented: .doublyDiminished
    }
  }

  /// Semitones relative to the perfect interval of the same number; nil for minor and major.
  var offsetFromPerfect: Int? {
    Self.offsetsFromPerfect[self]
  }

  /// Semitones relative to the major interval of the same number; nil for perfect.
  var offsetFromMajor: Int? {
    Self.offsetsFromMajor[self]
  }

  private static let offsetsFromPerfect: [IntervalQuality: Int] = [
    .doublyDiminished: -2, .diminished: -1, .perfect: 0, .augmented: 1, .doublyAugmented: 2,
  ]

  private static let offsetsFromMajor: [IntervalQuality: Int] = [
    .doublyDiminished: -3, .diminished: -2, .minor: -1, .major: 0, .augmented: 1,
    .doublyAugmented: 2,
  ]
}
