import DSP
import XCTest

final class GainTests: XCTestCase {
  func testPercentMapsOntoDecibels() {
    let cases: [(percent: Int, decibels: Float)] = [
      (100, 0), (50, -30), (75, -15), (25, -45), (1, -59.4),
    ]
    for (percent, decibels) in cases {
      XCTAssertEqual(Gain(percent: percent).decibels, decibels, accuracy: 0.001, "\(percent) %")
    }
  }

  func testZeroPercentIsSilenceAndOutOfRangeIsClamped() {
    XCTAssertEqual(Gain(percent: 0), .silence)
    XCTAssertEqual(Gain(percent: -20), .silence)
    XCTAssertEqual(Gain(percent: 250), .unity)
  }

  func testDecibelsAndLinearAgree() {
    XCTAssertEqual(Gain(decibels: -6.0206).linear, 0.5, accuracy: 0.0001)
    XCTAssertEqual(Gain(linear: 0.1).decibels, -20, accuracy: 0.0001)
    XCTAssertEqual(Gain.silence.decibels, -.infinity)
  }

  func testGainsMultiply() {
    let master = Gain(percent: 50)
    let click = Gain(percent: 50)
    XCTAssertEqual((master * click).decibels, -60, accuracy: 0.001)
    XCTAssertEqual((Gain.unity * master), master)
  }

  func testNegativeLinearIsSilence() {
    XCTAssertEqual(Gain(linear: -1), .silence)
  }
}
