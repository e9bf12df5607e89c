import DSP
import ListeningEval
import XCTest

/// Metronome clicks heard by the microphone are not hits, when the detector knows when they
/// sound; a hit played on a click is.
final class OnsetBleedTests: XCTestCase {
  private static let sampleRate = 48_000
  private static let plain = MetronomeVoice.click.samples(sampleRate: sampleRate)
  private static let accent = MetronomeVoice.accentClick.samples(sampleRate: sampleRate)
  /// Four bars of 4/4 at 120 bpm, the downbeats accented.
  private static let clicks = (0..<16).map { Int((0.3 + 0.5 * Double($0)) * Double(sampleRate)) }

  /// The clicks at a fifth of full scale over a quiet room, and claps at `claps`.
  private func recording(claps: [Int] = []) -> [Float] {
    var generator = SplitMix64(seed: 21)
    var samples = PinkNoise.samples(count: 9 * Self.sampleRate, using: &generator).map {
      $0 * 0.001
    }
    func add(_ sound: [Float], at start: Int, gain: Float) {
      for (offset, sample) in sound.enumerated() { samples[start + offset] += gain * sample }
    }
    for (beat, click) in Self.clicks.enumerated() {
      add(beat % 4 == 0 ? Self.accent : Self.plain, at: click, gain: 0.2)
    }
    for clap in claps {
      add(
        SynthesizedInstrument.clap(sampleRate: Self.sampleRate, using: &generator), at: clap,
        gain: 0.5)
    }
    return samples
  }

  private func detect(_ samples: [Float], clicks: [Int], given: Bool) -> [Onset] {
    OnsetDetector.onsets(
      in: samples, sampleRate: Self.sampleRate, clicks: clicks,
      clickTemplates: given ? [Self.accent, Self.plain] : [])
  }

  func testClicksWithoutTheirScheduleAreFound() {
    XCTAssertEqual(detect(recording(), clicks: [], given: false).count, Self.clicks.count)
  }

  func testClicksWithTheirScheduleAreNotHits() {
    XCTAssertEqual(detect(recording(), clicks: Self.clicks, given: true), [])
  }

  func testClicksWithTheirScheduleAreNotHitsWhenTheirSoundIsLearned() {
    XCTAssertEqual(detect(recording(), clicks: Self.clicks, given: false), [])
  }

  func testAClapExactlyOnAClickIsStillFound() {
    let onClick = Self.clicks[9]
    for given in [true, false] {
      let onsets = detect(recording(claps: [onClick]), clicks: Self.clicks, given: given)
      XCTAssertEqual(onsets.count, 1, given ? "click sound given" : "click sound learned")
      XCTAssertEqual(onsets.first?.frame ?? 0, onClick, accuracy: 48)
    }
  }

  func testAClickAnnouncedJustAfterItsAudioIsStillTakenOut() {
    let samples = recording()
    let detector = OnsetDetector(
      sampleRate: Self.sampleRate, clickTemplates: [Self.accent, Self.plain])
    let lateness = Int(OnsetDetector.clickAnnouncementSeconds * Double(Self.sampleRate)) / 2
    var onsets: [Onset] = []
    var announced = 0
    let block = 240
    samples.withUnsafeBufferPointer { samples in
      for start in stride(from: 0, to: samples.count, by: block) {
        let end = min(samples.count, start + block)
        onsets += detector.process(UnsafeBufferPointer(rebasing: samples[start..<end]))
        while announced < Self.clicks.count, Self.clicks[announced] + lateness <= end {
          detector.expectClick(atFrame: Self.clicks[announced])
          announced += 1
        }
      }
    }
    XCTAssertEqual(onsets + detector.finish(), [])
  }
}
