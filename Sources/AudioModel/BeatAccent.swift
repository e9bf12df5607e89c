/// How one beat of the bar sounds.
public enum BeatAccent: Hashable, Sendable, CaseIterable {
  case accent
  case normal
  case silent

  /// The character that stands for this accent in a pattern string such as "X x x .".
  public var mark: Character {
    switch self {
    case .accent: "X"
    case .normal: "x"
    case .silent: "."
    }
  }

  public init?(mark: Character) {
    guard let accent = Self.allCases.first(where: { $0.mark == mark }) else { return nil }
    self = accent
  }
}
