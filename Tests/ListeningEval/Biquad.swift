import Glibc

/// A second-order filter in the forms of the RBJ audio-EQ cookbook, run sample by sample: to
/// colour noise, and to make a small loudspeaker.
struct Biquad {
  private let b0, b1, b2, a1, a2: Float
  private var x1: Float = 0
  private var x2: Float = 0
  private var y1: Float = 0
  private var y2: Float = 0

  private init(b0: Double, b1: Double, b2: Double, a0: Double, a1: Double, a2: Double) {
    self.b0 = Float(b0 / a0)
    self.b1 = Float(b1 / a0)
    self.b2 = Float(b2 / a0)
    self.a1 = Float(a1 / a0)
    self.a2 = Float(a2 / a0)
  }

  /// A band-pass with 0 dB at its centre.
  static func bandPass(frequency: Double, q: Double, sampleRate: Int) -> Biquad {
    let (omega, alpha) = angles(frequency, q, sampleRate)
    return Biquad(b0: alpha, b1: 0, b2: -alpha, a0: 1 + alpha, a1: -2 * cos(omega), a2: 1 - alpha)
  }

  static func highPass(frequency: Double, q: Double, sampleRate: Int) -> Biquad {
    let (omega, alpha) = angles(frequency, q, sampleRate)
    let c = cos(omega)
    return Biquad(
      b0: (1 + c) / 2, b1: -(1 + c), b2: (1 + c) / 2, a0: 1 + alpha, a1: -2 * c, a2: 1 - alpha)
  }

  static func lowPass(frequency: Double, q: Double, sampleRate: Int) -> Biquad {
    let (omega, alpha) = angles(frequency, q, sampleRate)
    let c = cos(omega)
    return Biquad(
      b0: (1 - c) / 2, b1: 1 - c, b2: (1 - c) / 2, a0: 1 + alpha, a1: -2 * c, a2: 1 - alpha)
  }

  private static func angles(_ frequency: Double, _ q: Double, _ sampleRate: Int) -> (
    omega: Double, alpha: Double
  ) {
    let omega = 2 * Double.pi * frequency / Double(sampleRate)
    return (omega, sin(omega) / (2 * q))
  }

  mutating func process(_ x: Float) -> Float {
    let y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
    x2 = x1
    x1 = x
    y2 = y1
    y1 = y
    return y
  }
}
