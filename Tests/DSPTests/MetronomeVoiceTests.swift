import DSP
import XCTest

final class MetronomeVoiceTests: XCTestCase {
  private let sampleRate = 48_000

  /// Length limits in milliseconds and the frequency that should dominate each voice.
  private let expectations:
    [(voice: MetronomeVoice, milliseconds: ClosedRange<Double>, hertz: Double)] = [
      (.accentClick, 15...40, 2_000),
      (.click, 15...40, 1_500),
      (.subdivisionTick, 15...40, 3_000),
      (.targetTick, 15...40, 2_500),
      (.woodblock, 50...70, 810),
      (.beep, 70...90, 1_000),
    ]

  func testEveryVoiceIsCovered() {
    XCTAssertEqual(Set(expectations.map(\.voice)), Set(MetronomeVoice.allCases))
  }

  func testOnsetIsTheFirstSampleAndTheEndIsSilent() {
    for voice in MetronomeVoice.allCases {
      let samples = voice.samples(sampleRate: sampleRate)
      let peak = SignalProbe.peak(samples)
      XCTAssertGreaterThanOrEqual(abs(samples[0]), 0.2 * peak, "\(voice)")
      XCTAssertLessThan(abs(samples[samples.count - 1]), 1e-3, "\(voice)")
      XCTAssertLessThanOrEqual(peak, 0.9, "\(voice)")
      XCTAssertGreaterThan(peak, 0.01, "\(voice)")
    }
  }

  func testLengthsAndSpectra() {
    for (voice, milliseconds, hertz) in expectations {
      let samples = voice.samples(sampleRate: sampleRate)
      let length = Double(samples.count) * 1000 / Double(sampleRate)
      XCTAssertTrue(milliseconds.contains(length), "\(voice) lasts \(length) ms")
      let strongest = SignalProbe.strongest(
        of: stride(from: 200.0, through: 6_000, by: 10), in: samples, sampleRate: sampleRate)
      XCTAssertEqual(strongest, hertz, accuracy: hertz * 0.03, "\(voice)")
    }
  }

  func testAccentIsLoudestAndTicksStepDown() {
    let window = sampleRate / 25
    let rms = { (voice: MetronomeVoice) in
      SignalProbe.rms(voice.samples(sampleRate: self.sampleRate), window: window)
    }
    let click = rms(.click)
    let accentGain = SignalProbe.decibels(rms(.accentClick) / click)
    let subdivisionGain = SignalProbe.decibels(rms(.subdivisionTick) / click)
    let targetGain = SignalProbe.decibels(rms(.targetTick) / click)
    XCTAssertGreaterThan(accentGain, 3)
    XCTAssertEqual(subdivisionGain, -10, accuracy: 2)
    XCTAssertEqual(targetGain, -18, accuracy: 2)
  }

  func testAccentIsBrighterThanClick() {
    let centroid = { (voice: MetronomeVoice) -> Double in
      let samples = voice.samples(sampleRate: self.sampleRate)
      let bins = stride(from: 100.0, through: 8_000, by: 100).map {
        ($0, SignalProbe.magnitude(of: samples, at: $0, sampleRate: self.sampleRate))
      }
      return bins.reduce(0) { $0 + $1.0 * $1.1 } / bins.reduce(0) { $0 + $1.1 }
    }
    XCTAssertGreaterThan(centroid(.accentClick), centroid(.click) * 1.2)
  }

  func testScalesWithTheSampleRate() {
    for voice in MetronomeVoice.allCases {
      let low = voice.samples(sampleRate: 44_100)
      let high = voice.samples(sampleRate: 96_000)
      XCTAssertEqual(Double(high.count) / Double(low.count), 96_000 / 44_100, accuracy: 0.01)
      XCTAssertEqual(low[0], high[0], "\(voice) starts at its peak at any rate")
    }
  }

  func testRenderingIsDeterministic() {
    for voice in MetronomeVoice.allCases {
      XCTAssertEqual(voice.samples(sampleRate: sampleRate), voice.samples(sampleRate: sampleRate))
    }
  }
}
