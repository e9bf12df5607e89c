import Glibc

extension [Float] {
  /// Raised-cosine ramp from silence over the first `length` samples, for onsets that must
  /// not click.
  mutating func fadeIn(over length: Int) {
    let length = Swift.min(length, count)
    for index in 0..<length {
      self[index] *= 0.5 * (1 - cosf(.pi * Float(index) / Float(length)))
    }
  }

  /// Raised-cosine ramp that reaches exactly zero on the last sample, so cutting the sound off
  /// there never pops.
  mutating func fadeOut(over length: Int) {
    let length = Swift.min(length, count)
    for step in 0..<length {
      self[count - length + step] *= 0.5 * (1 + cosf(.pi * Float(step + 1) / Float(length)))
    }
  }
}
