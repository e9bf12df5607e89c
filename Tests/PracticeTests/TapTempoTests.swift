import Practice
import XCTest

final class TapTempoTests: XCTestCase {
  func testTwoTapsGiveATempo() {
    var tapper = TapTempo()
    XCTAssertNil(tapper.tap(at: .seconds(10)))
    XCTAssertEqual(tapper.tap(at: .milliseconds(10_500)), 120)
  }

  func testAveragesAShakyHand() {
    var tapper = TapTempo()
    var result: Int?
    let times = [0, 610, 1190, 1800, 2400, 3010, 3590, 4200]  // about 600 ms apart
    for ms in times { result = tapper.tap(at: .milliseconds(ms)) }
    XCTAssertEqual(result, 100)
  }

  func testAPauseOfMoreThanTwoSecondsStartsAgain() {
    var tapper = TapTempo()
    _ = tapper.tap(at: .seconds(0))
    _ = tapper.tap(at: .seconds(1))
    XCTAssertNil(tapper.tap(at: .milliseconds(3_100)), "2.1 s later: a new first tap")
    XCTAssertEqual(tapper.tap(at: .milliseconds(3_600)), 120, "the old 60 BPM is forgotten")
  }

  func testFollowsAChangeOfTempoWithinEightTaps() {
    var tapper = TapTempo()
    var time = 0
    for _ in 0..<10 {
      _ = tapper.tap(at: .milliseconds(time))
      time += 1000
    }
    var result: Int?
    for _ in 0..<9 {
      time += 500
      result = tapper.tap(at: .milliseconds(time))
    }
    XCTAssertEqual(result, 120)
  }

  func testClampsToTheRange() {
    var tapper = TapTempo()
    _ = tapper.tap(at: .milliseconds(0))
    XCTAssertEqual(tapper.tap(at: .milliseconds(50)), 300)
    var slow = TapTempo()
    _ = slow.tap(at: .seconds(0))
    XCTAssertEqual(slow.tap(at: .milliseconds(1990), range: 40...300), 40)
  }

  func testTimeGoingBackwardsIsAFirstTap() {
    var tapper = TapTempo()
    _ = tapper.tap(at: .seconds(5))
    XCTAssertNil(tapper.tap(at: .seconds(4)))
  }
}
