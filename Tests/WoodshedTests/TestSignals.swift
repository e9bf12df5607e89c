import Foundation

extension WoodshedProcess {
  /// A mono WAV file in the test's home folder: 16-bit integer, or 32-bit float to keep every
  /// sample exact. `declaredFrames` lets the header promise more than the file holds.
  func wav(
    _ name: String, rate: Int = 44_100, samples: [Float], float: Bool = false,
    declaredFrames: Int? = nil
  ) throws -> URL {
    let url = home.appendingPathComponent(name)
    try TestSignals.wav(rate: rate, samples: samples, float: float, declaredFrames: declaredFrames)
      .write(to: url)
    return url
  }
}

/// Sounds with known onsets, made at test time.
enum TestSignals {
  /// Claps: bursts of decaying noise starting at the given seconds.
  static func claps(at times: [Double], rate: Int, length: Double) -> [Float] {
    var samples = [Float](repeating: 0, count: Int(length * Double(rate)))
    var seed: UInt64 = 12_345
    for time in times {
      let start = Int((time * Double(rate)).rounded())
      for index in 0..<(rate / 10) where start + index < samples.count {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let noise = Float(Int64(bitPattern: seed >> 11) % 1000) / 1000
        samples[start + index] += 0.6 * noise * Float(exp(-Double(index) / (0.015 * Double(rate))))
      }
    }
    return samples
  }

  /// The bytes of a mono WAV file with a plain 44-byte header.
  static func wav(rate: Int, samples: [Float], float: Bool = false, declaredFrames: Int? = nil)
    -> Data
  {
    var data = Data()
    func append<T: FixedWidthInteger>(_ value: T) {
      withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    let width = float ? 4 : 2
    let bytes = width * (declaredFrames ?? samples.count)
    data.append(contentsOf: Array("RIFF".utf8))
    append(UInt32(36 + bytes))
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    append(UInt32(16))
    append(UInt16(float ? 3 : 1))
    append(UInt16(1))
    append(UInt32(rate))
    append(UInt32(truncatingIfNeeded: rate * width))
    append(UInt16(width))
    append(UInt16(8 * width))
    data.append(contentsOf: Array("data".utf8))
    append(UInt32(bytes))
    for sample in samples {
      if float {
        append(sample.bitPattern)
      } else {
        append(Int16((max(-1, min(1, sample)) * 32_767).rounded()))
      }
    }
    return data
  }
}
