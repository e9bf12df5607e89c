import App
import XCTest

final class ClickGridCheckTests: XCTestCase {
  /// Clean clicks at the given frames in a signal of `length` samples.
  private func signal(clicksAt frames: [Int], length: Int) -> [Float] {
    var samples = [Float](repeating: 0, count: length)
    for frame in frames {
      for i in 0..<240 where frame + i < length { samples[frame + i] = 0.8 * Float(240 - i) / 240 }
    }
    return samples
  }

  func testFindsOnsetsAfterSilence() {
    let samples = signal(clicksAt: [1000, 25000, 49000], length: 60000)
    XCTAssertEqual(ClickGridCheck.onsets(in: samples), [1000, 25000, 49000])
  }

  func testExactGridAtAFractionalPeriod() {
    let period = 60.0 * 48_000 / 97
    let frames = (0..<20).map { 5000 + Int((Double($0) * period).rounded()) }
    let samples = signal(clicksAt: frames, length: frames.last! + 10_000)
    let check = ClickGridCheck(
      onsets: ClickGridCheck.onsets(in: samples), bpm: 97, sampleRate: 48_000,
      lastFrame: Int64(samples.count - 1))
    XCTAssertEqual(check, ClickGridCheck(clicks: 20, expectedClicks: 20, worstDeviation: 0))
    XCTAssertTrue(check.isExact)
  }

  func testLateClickAndMissingClickAreReported() {
    var frames = (0..<10).map { 1000 + $0 * 24_000 }
    frames[4] += 3
    frames.remove(at: 7)
    let samples = signal(clicksAt: frames, length: 1000 + 9 * 24_000 + 5000)
    let check = ClickGridCheck(
      onsets: ClickGridCheck.onsets(in: samples), bpm: 120, sampleRate: 48_000,
      lastFrame: Int64(samples.count - 1))
    XCTAssertEqual(check.worstDeviation, 3)
    XCTAssertEqual(check.clicks, 9)
    XCTAssertEqual(check.expectedClicks, 10)
    XCTAssertFalse(check.isExact)
  }

  func testSilenceHasNoClicks() {
    let check = ClickGridCheck(
      onsets: ClickGridCheck.onsets(in: [Float](repeating: 0, count: 1000)), bpm: 120,
      sampleRate: 48_000, lastFrame: 999)
    XCTAssertEqual(check.clicks, 0)
    XCTAssertFalse(check.isExact, "hearing nothing is not a pass")
  }
}
