/// What a chord symbol says after the root, such as "m7b5" or "maj7", as the intervals of the
/// chord tones above the root. The intervals are spelled (a diminished seventh chord has a
/// diminished seventh, not a major sixth), so C°7 is C E♭ G♭ B𝄫 as musicians write it.
public struct ChordQuality: Hashable, Sendable, CustomStringConvertible {
  /// The suffix used when writing a chord symbol, such as "m7b5"; empty for a major triad.
  public let symbol: String
  /// Other suffixes people write for the same chord, such as "ø" for "m7b5". Matched exactly,
  /// because case matters in chord symbols: "M7" is a major seventh and "m7" a minor seventh.
  /// The triangle comes both as Greek delta (Δ) and as the increment sign (∆) that Mac keyboards
  /// type.
  public let aliases: [String]
  /// The spoken name, such as "half-diminished seventh".
  public let name: String
  /// From the root upwards in chord-tone order (root, third, fifth, seventh, ninth); an
  /// arpeggio plays the tones in this order.
  public let intervals: [Interval]

  private init(
    _ symbol: String, aliases: [String] = [], name: String, _ intervals: [Interval]
  ) {
    self.symbol = symbol
    self.aliases = aliases
    self.name = name
    self.intervals = intervals
  }

  /// The quality written with this suffix or one of its aliases, such as "m7b5", "ø" or "-7b5".
  public init?(symbol typed: String) {
    guard let match = Self.all.first(where: { ([$0.symbol] + $0.aliases).contains(typed) })
    else { return nil }
    self = match
  }

  public var description: String {
    name
  }

  /// Every chord quality, triads first, in the order a menu lists them.
  public static let all: [ChordQuality] = [
    .major, .minor, .diminished, .augmented, .suspendedSecond, .suspendedFourth, .dominantSeventh,
    .majorSeventh, .minorSeventh, .halfDiminishedSeventh, .diminishedSeventh, .minorMajorSeventh,
    .dominantSeventhSuspendedFourth, .majorSixth, .minorSixth, .dominantNinth, .majorNinth,
    .minorNinth, .addNine,
  ]

  public static let major = ChordQuality(
    "", aliases: ["M", "maj"], name: "major", [.P1, .M3, .P5])
  public static let minor = ChordQuality(
    "m", aliases: ["min", "-"], name: "minor", [.P1, .m3, .P5])
  public static let diminished = ChordQuality(
    "dim", aliases: ["°", "o"], name: "diminished", [.P1, .m3, .d5])
  public static let augmented = ChordQuality(
    "aug", aliases: ["+"], name: "augmented", [.P1, .M3, .A5])
  public static let suspendedSecond = ChordQuality(
    "sus2", name: "suspended second", [.P1, .M2, .P5])
  public static let suspendedFourth = ChordQuality(
    "sus4", aliases: ["sus"], name: "suspended fourth", [.P1, .P4, .P5])
  public static let dominantSeventh = ChordQuality(
    "7", aliases: ["dom7"], name: "dominant seventh", [.P1, .M3, .P5, .m7])
  public static let majorSeventh = ChordQuality(
    "maj7", aliases: ["M7", "Δ7", "Δ", "∆7", "∆", "ma7", "Maj7"], name: "major seventh",
    [.P1, .M3, .P5, .M7])
  public static let minorSeventh = ChordQuality(
    "m7", aliases: ["min7", "-7"], name: "minor seventh", [.P1, .m3, .P5, .m7])
  public static let halfDiminishedSeventh = ChordQuality(
    "m7b5", aliases: ["ø", "ø7", "min7b5", "-7b5", "m7♭5"], name: "half-diminished seventh",
    [.P1, .m3, .d5, .m7])
  public static let diminishedSeventh = ChordQuality(
    "dim7", aliases: ["°7", "o7"], name: "diminished seventh", [.P1, .m3, .d5, .d7])
  public static let minorMajorSeventh = ChordQuality(
    "m(maj7)", aliases: ["mMaj7", "mmaj7", "mM7", "min(maj7)", "-maj7", "-Δ7"],
    name: "minor major seventh", [.P1, .m3, .P5, .M7])
  public static let dominantSeventhSuspendedFourth = ChordQuality(
    "7sus4", aliases: ["7sus"], name: "dominant seventh suspended fourth", [.P1, .P4, .P5, .m7])
  public static let majorSixth = ChordQuality(
    "6", aliases: ["maj6", "M6"], name: "major sixth", [.P1, .M3, .P5, .M6])
  public static let minorSixth = ChordQuality(
    "m6", aliases: ["min6", "-6"], name: "minor sixth", [.P1, .m3, .P5, .M6])
  public static let dominantNinth = ChordQuality(
    "9", aliases: ["dom9"], name: "dominant ninth", [.P1, .M3, .P5, .m7, .M9])
  public static let majorNinth = ChordQuality(
    "maj9", aliases: ["M9", "Δ9", "∆9", "ma9", "Maj9"], name: "major ninth",
    [.P1, .M3, .P5, .M7, .M9])
  public static let minorNinth = ChordQuality(
    "m9", aliases: ["min9", "-9"], name: "minor ninth", [.P1, .m3, .P5, .m7, .M9])
  public static let addNine = ChordQuality(
    "add9", name: "added ninth", [.P1, .M3, .P5, .M9])
}
