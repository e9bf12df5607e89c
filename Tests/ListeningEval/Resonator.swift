import Glibc

/// A two-pole band-pass filter (the RBJ cookbook's constant-peak-gain form), to colour noise.
struct Resonator {
  private let b0, b2, a1, a2: Float
  private var x1: Float = 0
  private var x2: Float = 0
  private var y1: Float = 0
  private var y2: Float = 0

  init(frequency: Double, q: Double, sampleRate: Int) {
    let omega = 2 * Double.pi * frequency / Double(sampleRate)
    let alpha = sin(omega) / (2 * q)
    let a0 = 1 + alpha
    b0 = Float(alpha / a0)
    b2 = Float(-alpha / a0)
    a1 = Float(-2 * cos(omega) / a0)
    a2 = Float((1 - alpha) / a0)
  }

  mutating func process(_ x: Float) -> Float {
    let y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2
    x2 = x1
    x1 = x
    y2 = y1
    y1 = y
    return y
  }
}
