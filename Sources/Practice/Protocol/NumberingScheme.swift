/// How takes are numbered, as `numbering continuous|work|movement` sets it.
public enum NumberingScheme: String, CaseIterable, Sendable {
  /// 1, 2, 3… across the whole session.
  case continuous
  /// Starting again with every work.
  case work
  /// Starting again with every movement, after the movement's letter: `A1, A2…` in movement 1,
  /// `B1…` in movement 2.
  case movement

  /// The letter of movement `number`: `A` for 1 to `Z` for 26, then `AA`, `AB`…
  static func letters(ofMovement number: Int) -> String {
    var remaining = max(number, 1)
    var letters = ""
    while remaining > 0 {
      remaining -= 1
      letters = String(UnicodeScalar(UInt8(65 + remaining % 26))) + letters
      remaining /= 26
    }
    return letters
  }
}
