import MusicTheory

/// The order patterns are offered in: the shapes a player learns first come first (major,
/// minor, the pentatonics and the blues), then the modes, then the arpeggios from the triads up,
/// then the chords the same way; positions in order within a family, and the user's own patterns
/// after the library's.
public enum PatternOrder {
  static let families = [
    "major", "natural-minor", "minor-pentatonic", "major-pentatonic", "blues", "major-blues",
    "dorian", "mixolydian", "lydian", "phrygian", "locrian", "harmonic-minor", "melodic-minor",
    "phrygian-dominant", "lydian-dominant", "major-arpeggio", "minor-arpeggio", "7-arpeggio",
    "maj7-arpeggio", "m7-arpeggio", "m7b5-arpeggio", "dim-arpeggio", "dim7-arpeggio",
    "aug-arpeggio", "major-chord", "minor-chord", "7-chord", "maj7-chord", "m7-chord",
    "sus4-chord", "sus2-chord", "6-chord", "m6-chord", "9-chord", "m7b5-chord", "dim-chord",
    "dim7-chord", "aug-chord",
  ]

  public static func sorted(_ patterns: [FretPattern]) -> [FretPattern] {
    func rank(_ pattern: FretPattern) -> (Int, Int) {
      let parts = pattern.id.split(separator: "-")
      guard let position = parts.last.flatMap({ Int($0) }),
        let family = families.firstIndex(of: parts.dropLast().joined(separator: "-"))
      else { return (families.count, 0) }
      return (family, position)
    }
    // A stable sort keeps the user's patterns in the order the library read them.
    return patterns.enumerated().sorted { lhs, rhs in
      let (left, right) = (rank(lhs.element), rank(rhs.element))
      return left != right ? left < right : lhs.offset < rhs.offset
    }.map(\.element)
  }
}
