import Practice
import XCTest

final class ProtocolTimecodeTests: XCTestCase {
  func testReadsAndPrintsHHMMSSFF() {
    let table: [(String, FrameRate, String?)] = [
      ("10:00:00:00", .fps25, "10:00:00:00"),
      ("1:2:3:4", .fps25, "01:02:03:04"),
      ("23:59:59:24", .fps25, "23:59:59:24"),
      ("23:59:59:29", .fps2997, "23:59:59:29"),
      ("00:00:00:25", .fps25, nil),
      ("00:00:00:24", .fps24, nil),
      ("24:00:00:00", .fps25, nil),
      ("00:60:00:00", .fps25, nil),
      ("00:00:60:00", .fps25, nil),
      ("10:00:00", .fps25, nil),
      ("10:00:00:00:00", .fps25, nil),
      ("10:00:+1:00", .fps25, nil),
      ("100:00:00:00", .fps25, nil),
      ("10:00::00", .fps25, nil),
    ]
    for (text, rate, expected) in table {
      XCTAssertEqual(Timecode(text, rate: rate)?.description, expected, "\(text) at \(rate)")
    }
  }

  func testFieldsAndFrameCount() throws {
    let timecode = try XCTUnwrap(Timecode("01:02:03:04", rate: .fps24))
    XCTAssertEqual(timecode.frameCount, (3600 + 2 * 60 + 3) * 24 + 4)
    XCTAssertEqual(
      [timecode.hours, timecode.minutes, timecode.seconds, timecode.frames], [1, 2, 3, 4])
  }

  func testAddingRealTime() throws {
    let start = try XCTUnwrap(Timecode("10:00:00:00", rate: .fps25))
    let table: [(Double, String)] = [
      (0, "10:00:00:00"), (0.039, "10:00:00:00"), (0.04, "10:00:00:01"), (1, "10:00:01:00"),
      (61.5, "10:01:01:12"), (3600, "11:00:00:00"), (-0.04, "09:59:59:24"),
      (14 * 3600, "00:00:00:00"),
    ]
    for (seconds, expected) in table {
      XCTAssertEqual(start.adding(seconds: seconds).description, expected, "\(seconds) s")
    }
  }

  func testTwentyNineNineSevenIsNonDropFrameAndLagsTheWallClock() throws {
    let start = try XCTUnwrap(Timecode("00:00:00:00", rate: .fps2997))
    XCTAssertEqual(start.adding(seconds: 1).description, "00:00:00:29")
    XCTAssertEqual(start.adding(seconds: 1.001).description, "00:00:01:00")
    XCTAssertEqual(start.adding(seconds: 3600).description, "00:59:56:12")
  }

  func testFramesAreClampedToTheRate() {
    let timecode = Timecode(hours: 1, minutes: 0, seconds: 0, frames: 29, rate: .fps25)
    XCTAssertEqual(timecode.description, "01:00:00:24")
  }

  func testEveryRateHasItsLabelsAndSpeed() {
    XCTAssertEqual(FrameRate.allCases.map(\.rawValue), ["24", "25", "29.97", "30"])
    XCTAssertEqual(FrameRate.allCases.map(\.framesPerTimecodeSecond), [24, 25, 30, 30])
    XCTAssertEqual(FrameRate.fps2997.framesPerSecond, 29.97, accuracy: 0.0001)
  }
}
