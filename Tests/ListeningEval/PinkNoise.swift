import DSP

/// Noise falling 3 dB per octave, like a room's hum, air and traffic together (Paul Kellet's
/// filter on white noise).
public enum PinkNoise {
  public static func samples(count: Int, using generator: inout SplitMix64) -> [Float] {
    var b0 = 0.0
    var b1 = 0.0
    var b2 = 0.0
    var b3 = 0.0
    var b4 = 0.0
    var b5 = 0.0
    var b6 = 0.0
    return (0..<count).map { _ in
      let white = Double.random(in: -1...1, using: &generator)
      b0 = 0.99886 * b0 + white * 0.0555179
      b1 = 0.99332 * b1 + white * 0.0750759
      b2 = 0.96900 * b2 + white * 0.1538520
      b3 = 0.86650 * b3 + white * 0.3104856
      b4 = 0.55000 * b4 + white * 0.5329522
      b5 = -0.7616 * b5 - white * 0.0168980
      let pink = b0 + b1 + b2 + b3 + b4 + b5 + b6 + white * 0.5362
      b6 = white * 0.115926
      return Float(pink)
    }
  }
}
