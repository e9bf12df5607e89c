/// Lengths and onsets reach the beat grid as `Double`s but come from exact fractions of a beat
/// with denominators up to 64; these helpers recover the fraction's denominator.
extension Double {
  /// Closer than this, two beat positions are the same fraction.
  static let beatTolerance = 1e-6

  /// The smallest denominator up to 64 that makes this many beats whole; 1 when none does.
  var beatDenominator: Int {
    (1...64).first { abs(self * Double($0) - (self * Double($0)).rounded()) < Self.beatTolerance }
      ?? 1
  }
}
