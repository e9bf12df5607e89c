import Practice
import XCTest

final class TapCalibrationTests: XCTestCase {
  /// Sixteen clicks at 120 BPM from 1 s.
  private let clicks = (0..<16).map { 1 + Double($0) * 0.5 }

  func testTheMedianDelayIsTheOffsetAndAStrayTapDoesNotMoveIt() throws {
    let delays = [30, 32, 28, 31, 29, 30, 33, 27, 30, 31, 29, 30, 30, 31, 29, 30].map {
      Double($0) / 1000
    }
    var taps = zip(clicks, delays).map { $0 + $1 }
    taps.append(4.26)  // between two clicks: stray
    let calibration = try XCTUnwrap(TapCalibration(clicks: clicks, taps: taps))
    XCTAssertEqual(calibration.offsetMilliseconds, 30, accuracy: 1e-9)
    XCTAssertEqual(calibration.tapsUsed, 16)
    XCTAssertLessThan(calibration.spreadMilliseconds, 2)
    XCTAssertFalse(calibration.isJittery)
  }

  func testATapOrTwoThatSlippedDoNotMakeASteadyPathWobbly() throws {
    // Two taps of sixteen a seventh of a second late: the player, or a busy machine, slipped.
    var delays = Array(repeating: 0.030, count: 16)
    delays[5] = 0.17
    delays[11] = 0.15
    let calibration = try XCTUnwrap(
      TapCalibration(clicks: clicks, taps: zip(clicks, delays).map { $0 + $1 }))
    XCTAssertEqual(calibration.tapsUsed, 16)
    XCTAssertEqual(calibration.offsetMilliseconds, 30, accuracy: 1e-9)
    XCTAssertLessThan(calibration.spreadMilliseconds, 1)
    XCTAssertTrue(calibration.isUsable)
    XCTAssertFalse(calibration.isJittery)
  }

  func testAWobblyPathIsCalledJittery() throws {
    let wobble = [0, 40, -10, 60, 5, 45, -20, 70, 10, 35, -5, 55].map { Double($0) / 1000 }
    let calibration = try XCTUnwrap(
      TapCalibration(clicks: clicks, taps: zip(clicks, wobble).map { $0 + 0.02 + $1 }))
    XCTAssertGreaterThan(calibration.spreadMilliseconds, TapCalibration.steadySpreadMilliseconds)
    XCTAssertTrue(calibration.isJittery)
  }

  func testTapsThatWanderFarAreMeasuredButNotUsable() throws {
    let wander = [0, 120, -90, 150, 30, -140, 100, -60, 170, -30, 80, -110].map {
      Double($0) / 1000
    }
    let calibration = try XCTUnwrap(
      TapCalibration(clicks: clicks, taps: zip(clicks, wander).map { $0 + $1 }))
    XCTAssertGreaterThan(calibration.spreadMilliseconds, 90)
    XCTAssertFalse(calibration.isUsable)
    let steady = try XCTUnwrap(TapCalibration(clicks: clicks, taps: clicks.map { $0 + 0.03 }))
    XCTAssertTrue(steady.isUsable)
  }

  func testTooFewTapsNearTheClicksGiveNoCalibration() {
    XCTAssertNil(TapCalibration(clicks: clicks, taps: clicks.prefix(7).map { $0 + 0.01 }))
    XCTAssertNil(TapCalibration(clicks: clicks, taps: clicks.map { $0 + 0.25 }), "off-beats")
    XCTAssertNil(TapCalibration(clicks: [1], taps: [1]))
  }
}
