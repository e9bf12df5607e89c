/// An exact length or position in beats, such as 1/3 for a triplet eighth. Rhythms are added up
/// and compared in fractions, never in floating point, so three triplet eighths fill exactly one
/// beat and a pattern's onsets are exactly where they are written.
public struct BeatFraction: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Always in lowest terms with a positive denominator, so equal values are equal structs.
  public let numerator: Int
  public let denominator: Int

  public static let zero = BeatFraction(0)
  public static let one = BeatFraction(1)

  /// `numerator / denominator`, reduced; `denominator` must not be 0.
  public init(_ numerator: Int, _ denominator: Int = 1) {
    precondition(denominator != 0, "a beat fraction needs a denominator other than 0")
    let divisor = Self.greatestCommonDivisor(numerator, denominator)
    let sign = denominator < 0 ? -1 : 1
    self.numerator = sign * numerator / divisor
    self.denominator = sign * denominator / divisor
  }

  /// Reads "3/4" or a whole number such as "1": digits only, no sign or spaces. Nil for
  /// anything else, a denominator of 0 or a number too large for `Int`.
  public init?(parsing text: some StringProtocol) {
    let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let numerator = Int(parts[0]), let denominator = parts.count == 2 ? Int(parts[1]) : 1,
      denominator != 0
    else { return nil }
    self.init(numerator, denominator)
  }

  /// The value as a floating-point number of beats, for turning into seconds at a tempo.
  public var value: Double { Double(numerator) / Double(denominator) }

  public var description: String {
    denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
  }

  public static func + (left: BeatFraction, right: BeatFraction) -> BeatFraction {
    // The least common multiple keeps the terms small; the result is reduced anyway.
    let common =
      left.denominator / greatestCommonDivisor(left.denominator, right.denominator)
      * right.denominator
    return BeatFraction(
      left.numerator * (common / left.denominator) + right.numerator * (common / right.denominator),
      common)
  }

  public static func += (left: inout BeatFraction, right: BeatFraction) {
    left = left + right
  }

  public static func < (left: BeatFraction, right: BeatFraction) -> Bool {
    left.numerator * right.denominator < right.numerator * left.denominator
  }

  private static func greatestCommonDivisor(_ first: Int, _ second: Int) -> Int {
    var (a, b) = (abs(first), abs(second))
    while b != 0 { (a, b) = (b, a % b) }
    return max(a, 1)
  }
}
