import DSP
import XCTest

final class SynthTests: XCTestCase {
  private let sampleRate = 48_000

  private func pluck(_ frequency: Double, seed: UInt64 = 1, duration: Double = 1) -> [Float] {
    var generator = SplitMix64(seed: seed)
    return Synth.pluckedString(
      frequency: frequency, duration: duration, sampleRate: sampleRate, using: &generator)
  }

  func testPluckedStringIsInTune() {
    for frequency in [110.0, 196, 440, 82.41, 261.63, 987.77] {
      let firstTenth = Array(pluck(frequency).prefix(sampleRate / 10))
      let measured = SignalProbe.fundamental(of: firstTenth, sampleRate: sampleRate)
      XCTAssertEqual(
        SignalProbe.cents(measured, from: frequency), 0, accuracy: 2, "\(frequency) Hz")
    }
  }

  func testPluckedStringRepeatsForASeedOnly() {
    XCTAssertEqual(pluck(220, seed: 5), pluck(220, seed: 5))
    XCTAssertNotEqual(pluck(220, seed: 5), pluck(220, seed: 6))
  }

  func testPluckedStringDecaysAndEndsSilent() {
    let samples = pluck(196, duration: 2)
    let tenth = sampleRate / 10
    let energies = stride(from: 0, to: samples.count - tenth, by: tenth).map {
      SignalProbe.rms(Array(samples[$0..<($0 + tenth)]), window: tenth)
    }
    for (earlier, later) in zip(energies, energies.dropFirst()) {
      XCTAssertLessThan(later, earlier)
    }
    XCTAssertLessThan(energies.last! / energies.first!, 0.1)
    XCTAssertEqual(samples.count, 2 * sampleRate)
    XCTAssertLessThanOrEqual(SignalProbe.peak(samples), 0.9)
    XCTAssertLessThan(abs(samples.last!), 1e-3)
  }

  func testPluckedStringStartsAtOnce() {
    let samples = pluck(330)
    XCTAssertGreaterThan(SignalProbe.peak(Array(samples.prefix(sampleRate / 330))), 0.5)
  }

  func testSoftPianoIsInTuneAndEndsAtZero() {
    for frequency in [110.0, 261.63, 440, 880] {
      let samples = Synth.softPiano(frequency: frequency, duration: 0.3, sampleRate: sampleRate)
      XCTAssertEqual(samples.count, sampleRate * 3 / 10)
      let measured = SignalProbe.peakFrequency(near: frequency, in: samples, sampleRate: sampleRate)
      XCTAssertEqual(
        SignalProbe.cents(measured, from: frequency), 0, accuracy: 2, "\(frequency) Hz")
      XCTAssertLessThan(abs(samples.last!), 1e-3)
      XCTAssertLessThanOrEqual(SignalProbe.peak(samples), 0.9)
      XCTAssertGreaterThan(SignalProbe.peak(samples), 0.1)
    }
  }

  func testSoftPianoAttackIsSoft() {
    let samples = Synth.softPiano(frequency: 440, duration: 1, sampleRate: sampleRate)
    XCTAssertEqual(samples[0], 0)
    XCTAssertLessThan(abs(samples[10]), 0.05 * SignalProbe.peak(samples))
  }

  func testZeroDurationGivesNoSamples() {
    XCTAssertEqual(Synth.softPiano(frequency: 440, duration: 0, sampleRate: sampleRate), [])
    XCTAssertEqual(pluck(440, duration: 0), [])
  }
}
