import DSP
import XCTest

/// Notes that start with no burst of energy: a bowed or sung line slurred from note to note, the
/// level held while one pitch gives way to the next. The spectral flux hears no rise there; the
/// partials show a new note. Vibrato on a held note must not.
final class OnsetPartialsTests: XCTestCase {
  private static let sampleRate = 48_000

  /// A bowed-like tone from `start` to `end` seconds: eight harmonics falling off as a
  /// sawtooth's, at `frequency(time)` Hz, scaled by `level(time)`.
  private func tone(
    from start: Double = 0, to end: Double, frequency: (Double) -> Double,
    level: (Double) -> Double, into samples: inout [Float]
  ) {
    let rate = Double(Self.sampleRate)
    var phase = 0.0
    for index in Int(start * rate)..<min(samples.count, Int(end * rate)) {
      let time = Double(index) / rate - start
      phase += 2 * .pi * frequency(time) / rate
      var value = 0.0
      for number in 1...8 { value += sin(phase * Double(number)) / Double(number) }
      samples[index] += Float(0.2 * level(time) * value)
    }
  }

  func testASlurredChangeOfPitchAtAnEvenLevelIsANote() {
    // One note fades out over 80 ms as the next fades in, their sum as loud as each alone: a
    // major second, a minor third or a fourth above or below, at several places against the
    // hops.
    for (low, ratio) in [(196.0, 1.122), (262.0, 1.189), (330.0, 1.335), (392.0, 1 / 1.189)] {
      for offset in [0, 96, 192] {
        let change = 1.0 + Double(offset) / Double(Self.sampleRate)
        let fade = 0.08
        var samples = [Float](repeating: 0, count: Self.sampleRate * 2)
        let rise = { (time: Double) in min(1, max(0, (time - change) / fade)) }
        let attack = { (time: Double) in min(1, time / 0.05) }
        tone(
          to: 2, frequency: { _ in low }, level: { attack($0) * (1 - rise($0)).squareRoot() },
          into: &samples)
        tone(
          to: 2, frequency: { _ in low * ratio }, level: { rise($0).squareRoot() }, into: &samples)
        let found = OnsetDetector.onsets(in: samples, sampleRate: Self.sampleRate)
          .map { Double($0.frame) / Double(Self.sampleRate) }
        let label = "\(low) Hz × \(ratio), +\(offset)"
        XCTAssertEqual(found.filter { abs($0 - change) <= 0.05 }.count, 1, "\(label): \(found)")
        XCTAssertEqual(found.count, 2, "\(label): \(found)")
      }
    }
  }

  func testVibratoOnAHeldNoteIsNoNote() {
    // A 30-cent vibrato six times a second, as a violinist's or a singer's, over two seconds,
    // after a 50 ms attack.
    for low in [196.0, 330.0, 523.0] {
      var samples = [Float](repeating: 0, count: Self.sampleRate * 3)
      tone(
        from: 0.3, to: 2.5,
        frequency: { low * pow(2, 0.3 / 12 * sin(2 * .pi * 6 * $0)) },
        level: { min(1, $0 / 0.05) }, into: &samples)
      let found = OnsetDetector.onsets(in: samples, sampleRate: Self.sampleRate)
        .map { Double($0.frame) / Double(Self.sampleRate) }
      XCTAssertEqual(found.count, 1, "\(low) Hz: \(found)")
      XCTAssertEqual(found.first ?? 1, 0.3, accuracy: 0.01, "\(low) Hz: \(found)")
    }
  }
}
