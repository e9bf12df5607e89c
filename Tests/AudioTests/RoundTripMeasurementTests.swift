import Audio
import XCTest

final class RoundTripMeasurementTests: XCTestCase {
  private let second: UInt64 = 1_000_000_000

  func testTheMedianDelayOfTheHeardClicks() {
    let clicks = (0..<12).map { UInt64($0) * second / 2 + 5 * second }
    var onsets = clicks.enumerated().map { index, click in
      click + 30_000_000 + UInt64(index % 3) * 1_000_000
    }
    onsets.append(7 * second + 250_000_000)
    let measurement = RoundTripMeasurement(clicks: clicks, onsets: onsets)
    XCTAssertEqual(measurement.offsets.count, 12, "the stray onset between clicks is not matched")
    XCTAssertEqual(measurement.milliseconds ?? 0, 31, accuracy: 1e-9)
    XCTAssertEqual(measurement.spreadMilliseconds ?? -1, 1, accuracy: 1e-9)
  }

  func testAnOnsetSlightlyBeforeItsClickStillCounts() {
    let clicks = (0..<8).map { UInt64($0) * second + second }
    let onsets = clicks.map { $0 - 2_000_000 }
    XCTAssertEqual(
      RoundTripMeasurement(clicks: clicks, onsets: onsets).milliseconds ?? 0, -2, accuracy: 1e-9)
  }

  func testTooFewHeardClicksGiveNoMeasurement() {
    let clicks = (0..<16).map { UInt64($0) * second + second }
    let measurement = RoundTripMeasurement(clicks: clicks, onsets: Array(clicks.prefix(7)))
    XCTAssertNil(measurement.milliseconds)
    XCTAssertNil(measurement.spreadMilliseconds)
    XCTAssertEqual(measurement.clickCount, 16)
  }

  func testEachOnsetMatchesOneClickOnly() {
    let clicks = (0..<10).map { UInt64($0) * 100_000_000 + second }
    let onsets = [clicks[0] + 1_000_000]
    XCTAssertEqual(RoundTripMeasurement(clicks: clicks, onsets: onsets).offsets.count, 1)
  }

  func testTheDelayMostClicksAgreeOnWinsOverEchoesAndKnocks() {
    let clicks = (0..<16).map { UInt64($0) * 600_000_000 + second }
    var onsets = clicks.map { $0 + 180_000_000 }
    onsets += clicks.prefix(6).map { $0 + 260_000_000 }
    onsets += [clicks[3] + 20_000_000, clicks[9] + 90_000_000]
    let measurement = RoundTripMeasurement(clicks: clicks, onsets: onsets)
    XCTAssertEqual(measurement.offsets.count, 16)
    XCTAssertEqual(measurement.milliseconds ?? 0, 180, accuracy: 1e-9)
    XCTAssertEqual(measurement.spreadMilliseconds ?? -1, 0, accuracy: 1e-9)
  }

  func testADelayBeyondTheLongestBelievedIsNotMeasured() {
    let clicks = (0..<16).map { UInt64($0) * second + second }
    let onsets = clicks.map { $0 + UInt64(RoundTripMeasurement.latest) + 5_000_000 }
    XCTAssertNil(RoundTripMeasurement(clicks: clicks, onsets: onsets).milliseconds)
  }
}
