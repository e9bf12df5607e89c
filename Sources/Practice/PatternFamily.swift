import MusicTheory

/// A group of fretboard patterns a board gathers: every pattern, a category (the scales, the
/// arpeggios, the chords), or a family as the practice room names one, the id without its
/// position ("dorian" holds "dorian-1" to "dorian-7", "7-chord" the dominant seventh grips). A
/// style such as the blues or bebop is a family of its own ("blues", "bebop-dominant").
public enum PatternFamily: Hashable, Sendable {
  case all
  case category(FretPattern.Category)
  case family(String)

  /// "all", "scales", "arpeggios", "chords" (or one of them in the singular), or a family's
  /// name: lower-case letters, digits and hyphens, not ending in a position.
  public init?(named name: String) {
    switch name {
    case "all": self = .all
    case "scales", "scale": self = .category(.scale)
    case "arpeggios", "arpeggio": self = .category(.arpeggio)
    case "chords", "chord": self = .category(.chord)
    default:
      guard ScorePlausibility.isPatternID(name), Self.family(ofPatternID: name) == nil,
        name.first != "-", name.last != "-"
      else { return nil }
      self = .family(name)
    }
  }

  /// The name a board is known by: "all", "scales", "dorian".
  public var name: String {
    switch self {
    case .all: "all"
    case .category(let category): category.rawValue + "s"
    case .family(let family): family
    }
  }

  /// The family of a pattern id: the id without its position ("dorian-3" is of "dorian"); nil
  /// for an id that names no position.
  public static func family(ofPatternID id: String) -> String? {
    guard let dash = id.lastIndex(of: "-"), dash != id.startIndex,
      let position = Int(id[id.index(after: dash)...]), position > 0
    else { return nil }
    return String(id[..<dash])
  }

  /// The shipped patterns' categories by id: those of the guitar's standard tuning, the files
  /// in assets/patterns, which `PatternGenerator` makes.
  public static let shippedCategories: [String: FretPattern.Category] = Dictionary(
    PatternGenerator.library(for: .guitarStandard).map { ($0.id, $0.category) },
    uniquingKeysWith: { first, _ in first })

  /// Whether any shipped pattern belongs to it.
  public var isShipped: Bool {
    Self.shippedCategories.contains { contains(patternID: $0.key, category: $0.value) }
  }

  /// Whether the pattern `patternID`, of `category` where that is known, belongs to it.
  public func contains(patternID: String, category: FretPattern.Category?) -> Bool {
    switch self {
    case .all: true
    case .category(let wanted): category == wanted
    case .family(let family): Self.family(ofPatternID: patternID) == family
    }
  }
}
