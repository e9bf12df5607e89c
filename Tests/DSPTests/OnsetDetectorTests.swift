import DSP
import ListeningEval
import XCTest

final class OnsetDetectorTests: XCTestCase {
  private static let sampleRate = 48_000

  /// A clap at each of `seconds`, with quiet room noise under them.
  private func claps(at seconds: [Double], length: Double, sampleRate: Int = sampleRate) -> [Float]
  {
    var generator = SplitMix64(seed: 3)
    var samples = PinkNoise.samples(count: Int(length * Double(sampleRate)), using: &generator)
      .map { $0 * 0.0005 }
    for time in seconds {
      let start = Int(time * Double(sampleRate))
      for (offset, sample) in SynthesizedInstrument.clap(sampleRate: sampleRate, using: &generator)
        .enumerated() where start + offset < samples.count
      {
        samples[start + offset] += 0.5 * sample
      }
    }
    return samples
  }

  private func frames(_ onsets: [Onset]) -> [Int] { onsets.map(\.frame) }

  func testAClapIsFoundWithinAMillisecondOfItsStartAtEveryCommonRate() {
    for sampleRate in [22_050, 44_100, 48_000, 96_000] {
      let samples = claps(at: [0.5], length: 1.5, sampleRate: sampleRate)
      let onsets = OnsetDetector.onsets(in: samples, sampleRate: sampleRate)
      XCTAssertEqual(onsets.count, 1, "\(sampleRate) Hz")
      XCTAssertEqual(onsets.first?.frame ?? 0, sampleRate / 2, accuracy: sampleRate / 1_000)
    }
  }

  func testBlocksOfAnySizeGiveTheSameOnsets() {
    let clip = OnsetEvaluationSet.synthesized(
      categories: [.pluckedString], conditions: [.ownClick(decibels: -12)],
      takes: 1, playing: 3)[0]
    func detect(inBlocksOf size: Int) -> [Onset] {
      let detector = OnsetDetector(sampleRate: clip.sampleRate)
      for (beat, click) in clip.clicks.enumerated() {
        detector.expectClick(atFrame: click, sound: beat % 4 == 0 ? 0 : 1, isAlone: beat < 4)
      }
      var onsets: [Onset] = []
      clip.samples.withUnsafeBufferPointer { samples in
        var start = 0
        while start < samples.count {
          let end = min(samples.count, start + size)
          onsets += detector.process(UnsafeBufferPointer(rebasing: samples[start..<end]))
          start = end
        }
      }
      return onsets + detector.finish()
    }
    let whole = detect(inBlocksOf: clip.samples.count)
    XCTAssertGreaterThan(whole.count, 5)
    for size in [1, 64, 1_000] {
      XCTAssertEqual(detect(inBlocksOf: size), whole, "blocks of \(size)")
    }
  }

  func testEachOnsetIsReportedWithinTheLatency() {
    let times = [0.3, 0.7, 1.1]
    let samples = claps(at: times, length: 1.5)
    let detector = OnsetDetector(sampleRate: Self.sampleRate)
    var reportedAt: [(onset: Int, received: Int)] = []
    let block = 480
    samples.withUnsafeBufferPointer { samples in
      for start in stride(from: 0, to: samples.count, by: block) {
        let end = min(samples.count, start + block)
        for onset in detector.process(UnsafeBufferPointer(rebasing: samples[start..<end])) {
          reportedAt.append((onset.frame, end))
        }
      }
    }
    XCTAssertEqual(reportedAt.count, times.count)
    for report in reportedAt {
      XCTAssertLessThanOrEqual(report.received - report.onset, detector.latency + block)
    }
  }

  func testTheLatencyIsWithinTheLongestReportDelayAtEveryRate() {
    for rate in [8_000, 16_000, 22_050, 44_100, 48_000, 88_200, 96_000, 192_000] {
      let latency = Double(OnsetDetector(sampleRate: rate).latency) / Double(rate)
      XCTAssertLessThanOrEqual(latency, OnsetDetector.longestReportDelaySeconds, "\(rate) Hz")
    }
  }

  func testOnsetsCloserThanTheMinimumIntervalAreOne() {
    let close = OnsetDetector.onsets(
      in: claps(at: [0.5, 0.52], length: 1.2), sampleRate: Self.sampleRate)
    XCTAssertEqual(close.count, 1)
    let apart = OnsetDetector.onsets(
      in: claps(at: [0.5, 0.58], length: 1.2), sampleRate: Self.sampleRate)
    XCTAssertEqual(apart.count, 2)
  }

  func testRoomNoiseGettingLouderIsNoOnset() {
    // The room's noise rises by 10 dB over a second, as when a fan starts, then stays.
    for seed in 1...5 {
      var generator = SplitMix64(seed: UInt64(seed))
      let noise = PinkNoise.samples(count: 8 * Self.sampleRate, using: &generator)
      let samples = noise.enumerated().map { index, sample in
        let time = Double(index) / Double(Self.sampleRate)
        let decibels = -60 + 10 * min(max(time - 2, 0), 1)
        return sample * Float(pow(10, decibels / 20))
      }
      XCTAssertEqual(
        OnsetDetector.onsets(in: samples, sampleRate: Self.sampleRate), [], "seed \(seed)")
    }
  }

  func testSilenceAndSteadyNoiseGiveNoOnsets() {
    XCTAssertEqual(
      OnsetDetector.onsets(
        in: [Float](repeating: 0, count: Self.sampleRate), sampleRate: Self.sampleRate), [])
    XCTAssertEqual(
      OnsetDetector.onsets(in: claps(at: [], length: 10), sampleRate: Self.sampleRate), [])
  }

  func testAClapJustBeforeTheEndIsFoundByFinish() {
    let samples = claps(at: [0.99], length: 1)
    let detector = OnsetDetector(sampleRate: Self.sampleRate)
    let early = samples.withUnsafeBufferPointer { detector.process($0) }
    let late = detector.finish()
    XCTAssertEqual(early, [])
    XCTAssertEqual(late.count, 1)
    XCTAssertEqual(late.first?.frame ?? 0, Int(0.99 * Double(Self.sampleRate)), accuracy: 48)
  }
}
