import Glibc

/// A fourth-order Butterworth high-pass filter, as two second-order sections (the audio EQ
/// cookbook's, with Butterworth Qs), run one sample at a time. The pitch detector takes away
/// what lies below the lowest pitch it seeks: the thump of a pluck and the rumble of a room or
/// a bass sample's attack can be as strong as a low note's fundamental, and would make the
/// normalised square difference follow them instead of the note.
struct HighPassFilter {
  private struct Section {
    let b0, b1, b2, a1, a2: Double
    /// Transposed direct form II state.
    var s1 = 0.0
    var s2 = 0.0

    init(cutoff: Double, q: Double) {
      let w0 = 2 * Double.pi * cutoff
      let alpha = sin(w0) / (2 * q)
      let a0 = 1 + alpha
      b0 = (1 + cos(w0)) / 2 / a0
      b1 = -(1 + cos(w0)) / a0
      b2 = b0
      a1 = -2 * cos(w0) / a0
      a2 = (1 - alpha) / a0
    }

    mutating func process(_ x: Double) -> Double {
      let y = b0 * x + s1
      s1 = b1 * x - a1 * y + s2
      s2 = b2 * x - a2 * y
      return y
    }
  }

  private var first: Section
  private var second: Section

  /// `cutoff` in cycles per sample.
  init(cutoff: Double) {
    // A fourth-order Butterworth filter's pole pairs lie π/8 and 3π/8 from the negative real
    // axis; a pair at θ has Q = 1 / (2 cos θ).
    first = Section(cutoff: cutoff, q: 1 / (2 * cos(Double.pi / 8)))
    second = Section(cutoff: cutoff, q: 1 / (2 * cos(3 * Double.pi / 8)))
  }

  mutating func process(_ sample: Float) -> Float {
    Float(second.process(first.process(Double(sample))))
  }
}
