import Glibc

/// A linear amplitude factor. Volume settings are percentages on a perceptual scale: the
/// slider maps onto decibels so that equal steps sound like equal changes, and 0 % is silence.
public struct Gain: Equatable, Sendable {
  public let linear: Float

  public init(linear: Float) {
    self.linear = max(0, linear)
  }

  public init(decibels: Float) {
    self.init(linear: decibels == -.infinity ? 0 : powf(10, decibels / 20))
  }

  /// 100 % is unity gain, 0 % is silence, and the range between spans `floor` decibels.
  public init(percent: Int, floor: Float = -60) {
    let fraction = Float(min(max(percent, 0), 100)) / 100
    self.init(decibels: fraction == 0 ? -.infinity : floor * (1 - fraction))
  }

  public static let unity = Gain(linear: 1)
  public static let silence = Gain(linear: 0)

  public var decibels: Float { linear == 0 ? -.infinity : 20 * log10f(linear) }

  public static func * (lhs: Gain, rhs: Gain) -> Gain { Gain(linear: lhs.linear * rhs.linear) }
}
