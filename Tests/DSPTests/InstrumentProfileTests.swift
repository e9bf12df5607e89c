import DSP
import Foundation
import ListeningEval
import XCTest

final class InstrumentProfileTests: XCTestCase {
  private static let sampleRate = 48_000

  /// Woodblock strokes at `times`, 30 dB below full scale (give or take 6 dB), in pink room
  /// noise at `noise` (a linear gain on the noise generator's output).
  private func woodblock(at times: [Double], noise: Float, seed: UInt64) -> [Float] {
    var generator = SplitMix64(seed: seed)
    var samples = PinkNoise.samples(count: 6 * Self.sampleRate, using: &generator).map {
      $0 * noise
    }
    for time in times {
      let stroke = SynthesizedInstrument.woodblock(
        frequency: Double.random(in: 300...600, using: &generator), sampleRate: Self.sampleRate,
        using: &generator)
      let gain = Float(pow(10, (-30 + Double.random(in: -6...0, using: &generator)) / 20))
      let start = Int(time * Double(Self.sampleRate))
      for (offset, sample) in stroke.enumerated() { samples[start + offset] += gain * sample }
    }
    return samples
  }

  private let calibrationTimes = [0.5, 1.2, 1.9, 2.6, 3.3]

  func testSilenceAndNoiseTeachNothing() {
    XCTAssertNil(
      InstrumentProfile.learn(
        from: [Float](repeating: 0, count: 2 * Self.sampleRate), sampleRate: Self.sampleRate))
    XCTAssertNil(
      InstrumentProfile.learn(
        from: woodblock(at: [], noise: 0.003, seed: 1), sampleRate: Self.sampleRate))
  }

  func testOneNoteIsNotEnough() {
    XCTAssertNil(
      InstrumentProfile.learn(
        from: woodblock(at: [1], noise: 0.003, seed: 1), sampleRate: Self.sampleRate))
  }

  func testLearnsWhereTheInstrumentSpeaks() throws {
    let profile = try XCTUnwrap(
      InstrumentProfile.learn(
        from: woodblock(at: calibrationTimes, noise: 0.003, seed: 1), sampleRate: Self.sampleRate))
    XCTAssertEqual(profile.noteCount, calibrationTimes.count)
    XCTAssertEqual(profile.frequencies, InstrumentProfile.standardFrequencies)
    XCTAssertEqual(
      profile.onsetRise.reduce(0, +) / Double(profile.onsetRise.count), 1, accuracy: 1e-9)
    // The block rings between 500 Hz and 3.5 kHz, and rises most there.
    let loudest = profile.onsetRise.indices.max { profile.onsetRise[$0] < profile.onsetRise[$1] }!
    XCTAssertTrue(
      (500...3_500).contains(profile.frequencies[loudest]), "\(profile.frequencies[loudest]) Hz")
    XCTAssertEqual(profile.peakLevel, -33, accuracy: 4)
    XCTAssertGreaterThan(profile.onsetStrength, 2 * profile.noiseStrength)
  }

  func testCalibrationImprovesAQuietInstrumentInANoisyRoom() throws {
    let noise: Float = 0.0045
    let profile = try XCTUnwrap(
      InstrumentProfile.learn(
        from: woodblock(at: calibrationTimes, noise: noise, seed: 1), sampleRate: Self.sampleRate))
    var untuned: [OnsetScore] = []
    var tuned: [OnsetScore] = []
    for seed in 2..<6 {
      var generator = SplitMix64(seed: UInt64(seed))
      var times: [Double] = []
      var time = 0.3
      while time < 5.5 {
        times.append(time)
        time += Double.random(in: 0.15...0.5, using: &generator)
      }
      let samples = woodblock(at: times, noise: noise, seed: UInt64(seed * 10))
      let seconds = { (onsets: [Onset]) in onsets.map { Double($0.frame) / Double(Self.sampleRate) }
      }
      untuned.append(
        OnsetScore(
          detected: seconds(OnsetDetector.onsets(in: samples, sampleRate: Self.sampleRate)),
          truth: times))
      tuned.append(
        OnsetScore(
          detected: seconds(
            OnsetDetector.onsets(in: samples, sampleRate: Self.sampleRate, profile: profile)),
          truth: times))
    }
    let before = OnsetScore(merging: untuned).fMeasure
    let after = OnsetScore(merging: tuned).fMeasure
    XCTAssertGreaterThan(after, before + 0.05)
    XCTAssertGreaterThanOrEqual(after, 0.95)
  }

  func testSurvivesTheSettingsFile() throws {
    let profile = try XCTUnwrap(
      InstrumentProfile.learn(
        from: woodblock(at: calibrationTimes, noise: 0.003, seed: 1), sampleRate: Self.sampleRate))
    let json = try JSONEncoder().encode(profile)
    XCTAssertEqual(try JSONDecoder().decode(InstrumentProfile.self, from: json), profile)
  }
}
