/// A kind of scale, such as dorian or minor pentatonic, as the intervals of its tones above the
/// tonic. The intervals are spelled (the blues scale's flat five is a diminished fifth, not an
/// augmented fourth) so that scales built on any tonic get the letters musicians expect.
///
/// A scale of six or eight notes cannot take each letter once. Its spelling reads its degrees
/// as a jazz player names them over its chord, and every one spells on all 21 tonics with at
/// most a double sharp or flat: the whole-tone scale is 1 2 3 #4 b6 b7 (C D E F♯ A♭ B♭, no G:
/// the ninth, sharp eleventh and flat thirteenth of a dominant; C D E F♯ G♯ A♯ would need a
/// triple sharp on E♯ and B♯), the half-whole diminished 1 b2 #2 3 #4 5 6 b7 written with a flat
/// third for its sharp ninth (C D♭ E♭ E F♯ G A B♭), the whole-half diminished 1 2 b3 4 b5 b6 6 7
/// (C D E♭ F G♭ A♭ A B) and bebop dominant mixolydian with the major seventh added before the
/// octave (C D E F G A B♭ B).
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

  /// The name as running English writes it, its proper nouns capitalized: "Hungarian minor",
  /// "Todi"; `name` is what is typed and looked up.
  public var writtenName: String {
    name.split(separator: " ").map { word in
      Self.properNouns.contains(String(word))
        ? word.prefix(1).uppercased() + word.dropFirst() : word
    }.joined(separator: " ")
  }

  private static let properNouns: Set<String> = ["hungarian", "todi", "purvi", "marwa"]

  /// The locale key of the one line that says what the scale is and where it is played
  /// ("scale.summary.harmonic-minor"), in every language.
  public var summaryKey: String {
    "scale.summary." + name.split(separator: " ").joined(separator: "-")
  }

  /// The locale key of the one line that says where the scale is played: the music, the
  /// chords it goes over ("scale.use.harmonic-minor"), in every language.
  public var usageKey: String {
    "scale.use." + name.split(separator: " ").joined(separator: "-")
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
    .blues, .majorBlues, .hungarianMinor, .doubleHarmonic, .todi, .purvi, .marwa, .hirajoshi,
    .in, .yo, .kumoi, .wholeTone, .diminishedHalfWhole, .diminishedWholeHalf, .bebopDominant,
  ]

  // The Indian thaats that are western modes are their aliases: Bilawal, Kalyan, Khamaj, Kafi,
  // Asavari and Bhairavi; Bhairav is the double harmonic scale. The maqamat Hijaz and Bayati
  // have quarter tones; rounded to the nearest semitone (Bayati's half-flat second down) they
  // are phrygian dominant and phrygian, whose aliases they are. Each summary says so.
  public static let major = ScaleType(
    "major", aliases: ["ionian", "bilawal"], [.P1, .M2, .M3, .P4, .P5, .M6, .M7])
  public static let dorian = ScaleType(
    "dorian", aliases: ["kafi"], [.P1, .M2, .m3, .P4, .P5, .M6, .m7])
  public static let phrygian = ScaleType(
    "phrygian", aliases: ["bhairavi", "bayati"], [.P1, .m2, .m3, .P4, .P5, .m6, .m7])
  public static let lydian = ScaleType(
    "lydian", aliases: ["kalyan"], [.P1, .M2, .M3, .A4, .P5, .M6, .M7])
  public static let mixolydian = ScaleType(
    "mixolydian", aliases: ["khamaj"], [.P1, .M2, .M3, .P4, .P5, .M6, .m7])
  public static let naturalMinor = ScaleType(
    "natural minor", aliases: ["aeolian", "minor", "asavari"], [.P1, .M2, .m3, .P4, .P5, .m6, .m7])
  public static let locrian = ScaleType("locrian", [.P1, .m2, .m3, .P4, .d5, .m6, .m7])
  public static let harmonicMinor = ScaleType(
    "harmonic minor", [.P1, .M2, .m3, .P4, .P5, .m6, .M7])
  /// The ascending form, which jazz uses both ways.
  public static let melodicMinor = ScaleType(
    "melodic minor", aliases: ["jazz minor", "ascending melodic minor"],
    [.P1, .M2, .m3, .P4, .P5, .M6, .M7])
  /// The fifth mode of harmonic minor, common in flamenco and klezmer.
  public static let phrygianDominant = ScaleType(
    "phrygian dominant", aliases: ["hijaz"], [.P1, .m2, .M3, .P4, .P5, .m6, .m7])
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
  /// Harmonic minor with a raised fourth, as in Hungarian and Romani music.
  public static let hungarianMinor = ScaleType(
    "hungarian minor", aliases: ["double harmonic minor"], [.P1, .M2, .m3, .A4, .P5, .m6, .M7])
  /// Two augmented seconds, b2–3 and b6–7; the thaat Bhairav.
  public static let doubleHarmonic = ScaleType(
    "double harmonic", aliases: ["double harmonic major", "bhairav"],
    [.P1, .m2, .M3, .P4, .P5, .m6, .M7])
  /// Thaats with no western mode of their own name.
  public static let todi = ScaleType("todi", [.P1, .m2, .m3, .A4, .P5, .m6, .M7])
  public static let purvi = ScaleType("purvi", [.P1, .m2, .M3, .A4, .P5, .m6, .M7])
  public static let marwa = ScaleType("marwa", [.P1, .m2, .M3, .A4, .P5, .M6, .M7])
  /// Japanese pentatonic scales, as koto tunings give them.
  public static let hirajoshi = ScaleType("hirajoshi", [.P1, .M2, .m3, .P5, .m6])
  public static let `in` = ScaleType("in", [.P1, .m2, .P4, .P5, .m6])
  public static let yo = ScaleType("yo", [.P1, .M2, .P4, .P5, .M6])
  public static let kumoi = ScaleType("kumoi", [.P1, .M2, .m3, .P5, .M6])
  /// Six whole tones; spelled as the type's comment says.
  public static let wholeTone = ScaleType("whole tone", [.P1, .M2, .M3, .A4, .m6, .m7])
  /// Half step, whole step, from the root: over a dominant seventh chord.
  public static let diminishedHalfWhole = ScaleType(
    "diminished half-whole", aliases: ["half-whole diminished", "dominant diminished"],
    [.P1, .m2, .m3, .M3, .A4, .P5, .M6, .m7])
  /// Whole step, half step, from the root: over a diminished seventh chord.
  public static let diminishedWholeHalf = ScaleType(
    "diminished whole-half", aliases: ["whole-half diminished", "diminished"],
    [.P1, .M2, .m3, .P4, .d5, .m6, .M6, .M7])
  /// Mixolydian with a passing major seventh, so that on the beat runs land on chord tones.
  public static let bebopDominant = ScaleType(
    "bebop dominant", [.P1, .M2, .M3, .P4, .P5, .M6, .m7, .M7])

  private var names: [String] {
    [name] + aliases
  }

  private static func normalized(_ name: String) -> String {
    name.filter { !$0.isWhitespace && $0 != "-" && $0 != "_" }.lowercased()
  }
}
