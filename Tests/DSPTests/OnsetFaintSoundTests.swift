import DSP
import XCTest

/// A sound far under the loudest heard lately is no note, though the flux or the partials hear
/// it rise: a drumstick click's faint rattle long after it, an echo in a recorded sample.
final class OnsetFaintSoundTests: XCTestCase {
  private static let sampleRate = 48_000

  /// A plucked note of `amplitude` at `start`: six harmonics, dying over about 50 ms.
  private func pluck(
    _ frequency: Double, amplitude: Double, at start: Double, into samples: inout [Float]
  ) {
    let rate = Double(Self.sampleRate)
    let first = Int(start * rate)
    for index in first..<min(samples.count, first + Int(0.4 * rate)) {
      let time = Double(index - first) / rate
      var value = 0.0
      for number in 1...6 {
        let harmonic = Double(number)
        value += sin(2 * .pi * frequency * harmonic * time) / harmonic
      }
      samples[index] += Float(amplitude * value * exp(-time / 0.05) * min(1, time / 0.001))
    }
  }

  private func seconds(_ onsets: [Onset]) -> [Double] {
    onsets.map { Double($0.frame) / Double(Self.sampleRate) }
  }

  func testASoundFortyDecibelsUnderTheLoudestLatelyIsNoNoteButOneTwentyUnderIs() {
    let rate = Double(Self.sampleRate)
    for (decibels, expected) in [(-50.0, 1), (-20.0, 2)] {
      var samples = [Float](repeating: 0, count: Int(1.5 * rate))
      pluck(196, amplitude: 0.5, at: 0.2, into: &samples)
      pluck(330, amplitude: 0.5 * pow(10, decibels / 20), at: 0.7, into: &samples)
      let found = seconds(OnsetDetector.onsets(in: samples, sampleRate: Self.sampleRate))
      XCTAssertEqual(found.count, expected, "at \(decibels) dB: \(found)")
      XCTAssertEqual(found.first ?? 0, 0.2, accuracy: 0.005)
    }
  }
}
