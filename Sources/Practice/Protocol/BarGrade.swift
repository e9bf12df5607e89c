/// What one take, or the best of all takes, offers for one bar.
///
/// A bar a take plays that the producer did not rate is `unrated`: unknown, not good. It ranks
/// between `±` and `ok`, because producers mark the passages worth remarking, so a known flaw
/// is worse than silence about a bar, yet a bar nobody vouched for is not usable material.
public enum BarGrade: Hashable, Sendable, Comparable {
  /// No take plays the bar.
  case uncovered
  /// A take plays the bar and nobody rated it.
  case unrated
  case rated(Rating)

  /// The place in the order `uncovered < ✗ < ± < unrated < ok < + < ++`, from 0 to 6.
  public var rank: Int {
    switch self {
    case .uncovered: 0
    case .rated(.unusable): 1
    case .rated(.poor): 2
    case .unrated: 3
    case .rated(let rating): rating.rawValue + 2
    }
  }

  public static let topRank = 6

  /// Whether the bar can go into the edit as it is: rated `ok` or better.
  public var isUsable: Bool { self >= .rated(.usable) }

  public static func < (lhs: BarGrade, rhs: BarGrade) -> Bool {
    lhs.rank < rhs.rank
  }
}
