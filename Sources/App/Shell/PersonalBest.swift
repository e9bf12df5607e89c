import Storage
import TerminalUI

/// A result against the player's best before it, said the same way in every exercise: the
/// flashcard drills, the interval game and the rhythm trainer. Each gives its figures already
/// in its own units ("23", "120 points", "92.0 %").
struct PersonalBest: Equatable {
  /// This result.
  var score: String
  /// The best before this result, if there was one.
  var previous: String?
  /// Whether this result is better than `previous`.
  var isBeaten: Bool

  func text(_ strings: Localizer) -> String {
    guard let previous else { return strings.text("result.first") }
    return isBeaten
      ? strings.text("result.newBest", ["score": score, "best": previous])
      : strings.text("result.best", ["best": previous])
  }

  /// A new best stands out; a best still to beat is said quietly.
  var style: Style { previous == nil || isBeaten ? Style.role(.good).bold : .role(.muted) }
}
