/// A kind of scale, such as dorian or minor pentatonic, as the intervals of its tones above the
/// tonic. The intervals are spelled (the blues scale's flat five is a diminished fifth, not an
/// augmented fourth) so that scales built on any tonic get the letters musicians expect.
public struct ScaleType: Hashable, Sendable, CustomStringConvertible {
  /// The name shown to the user, such as "harmonic minor".
  public let name: String
  /// Other names that mean the same scale, such as "aeolian" and "minor" for natural minor.
  public let aliases: [String]
  /// From the tonic upwards, starting with the unison.
  public let intervals: [Interval]

  private init(_ name: String, aliases: [String] = [], _ intervals: [Interval]) {
    self.name = name
    self.aliases = aliases
    self.intervals = intervals
  }

  /// The scale type with this name or alias, ignoring case, spaces, hyphens and underscores:
  /// "natural minor", "Natural-Minor" and "aeolian" all find natural minor.
  public init?(named typed: String) {
    let wanted = Self.normalized(typed)
    guard let match = Self.all.first(where: { $0.names.map(Self.normalized).contains(wanted) })
    else { return nil }
    self = match
  }

  public var description: String {
    name
  }

  /// Every scale type, in the order a menu lists them.
  public static let all: [ScaleType] = [
    .major, .dorian, .phrygian, .lydian, .mixolydian, .naturalMinor, .locrian, .harmonicMinor,
    .melodicMinor, .phrygianDominant, .lydianDominant, .majorPentatonic, .minorPentatonic,
    .blues, .majorBlues,
  ]

  public static let major = ScaleType(
    "major", aliases: ["ionian"], [.P1, .M2, .M3, .P4, .P5, .M6, .M7])
  public static let dorian = ScaleType("dorian", [.P1, .M2, .m3, .P4, .P5, .M6, .m7])
  public static let phrygian = ScaleType("phrygian", [.P1, .m2, .m3, .P4, .P5, .m6, .m7])
  public static let lydian = ScaleType("lydian", [.P1, .M2, .M3, .A4, .P5, .M6, .M7])
  public static let mixolydian = ScaleType("mixolydian", [.P1, .M2, .M3, .P4, .P5, .M6, .m7])
  public static let naturalMinor = ScaleType(
    "natural minor", aliases: ["aeolian", "minor"], [.P1, .M2, .m3, .P4, .P5, .m6, .m7])
  public static let locrian = ScaleType("locrian", [.P1, .m2, .m3, .P4, .d5, .m6, .m7])
  public static let harmonicMinor = ScaleType(
    "harmonic minor", [.P1, .M2, .m3, .P4, .P5, .m6, .M7])
  /// The ascending form, which jazz uses both ways.
  public static let melodicMinor = ScaleType(
    "melodic minor", aliases: ["jazz minor", "ascending melodic minor"],
    [.P1, .M2, .m3, .P4, .P5, .M6, .M7])
  /// The fifth mode of harmonic minor, common in flamenco and klezmer.
  public static let phrygianDominant = ScaleType(
    "phrygian dominant", [.P1, .m2, .M3, .P4, .P5, .m6, .m7])
  /// The fourth mode of melodic minor, played over dominant seventh chords with a raised eleventh.
  public static let lydianDominant = ScaleType(
    "lydian dominant", [.P1, .M2, .M3, .A4, .P5, .M6, .m7])
  public static let majorPentatonic = ScaleType(
    "major pentatonic", aliases: ["pentatonic major", "pentatonic"], [.P1, .M2, .M3, .P5, .M6])
  public static let minorPentatonic = ScaleType(
    "minor pentatonic", aliases: ["pentatonic minor"], [.P1, .m3, .P4, .P5, .m7])
  /// Minor pentatonic with the flat five, written as a diminished fifth (A blues has E♭, not D♯).
  public static let blues = ScaleType(
    "blues", aliases: ["minor blues"], [.P1, .m3, .P4, .d5, .P5, .m7])
  /// Major pentatonic with the flat three, written as a minor third (C major blues has E♭).
  public static let majorBlues = ScaleType("major blues", [.P1, .M2, .m3, .M3, .P5, .M6])

  private var names: [String] {
    [name] + aliases
  }

  private static func normalized(_ name: String) -> String {
    name.filter { !$0.isWhitespace && $0 != "-" && $0 != "_" }.lowercased()
  }
}
