import XCTest

@testable import DSP

final class OnsetBandsTests: XCTestCase {
  func testTheBandsReadExactlyTheBinsTheyClaim() {
    for (size, rate) in [(1024, 48_000), (1024, 44_100), (256, 8_000), (4096, 192_000)] {
      let bands = OnsetBands(fftSize: size, sampleRate: rate)
      XCTAssertLessThanOrEqual(bands.binsRead, size / 2 + 1)
      var magnitudes = [Float](repeating: 0, count: bands.binsRead)
      var result = [Float](repeating: 0, count: bands.count)
      magnitudes[bands.binsRead - 1] = 1
      bands.apply(magnitudes, into: &result)
      XCTAssertGreaterThan(
        result.last ?? 0, 0, "the top bin counts in the top band (\(size), \(rate))")
    }
  }
}
