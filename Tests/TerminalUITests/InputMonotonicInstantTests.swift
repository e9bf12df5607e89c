import TerminalUI
import XCTest

final class MonotonicInstantTests: XCTestCase {
  func testNowNeverGoesBackwards() {
    var previous = MonotonicInstant.now()
    XCTAssertGreaterThan(previous.nanoseconds, 0)
    for _ in 0..<1_000 {
      let next = MonotonicInstant.now()
      XCTAssertGreaterThanOrEqual(next, previous)
      previous = next
    }
  }

  func testNowAdvancesWithRealTime() {
    let before = MonotonicInstant.now()
    usleep(2_000)
    XCTAssertGreaterThanOrEqual(MonotonicInstant.now() - before, .milliseconds(2))
  }

  func testDifferenceIsSigned() {
    let a = MonotonicInstant(nanoseconds: 1_000)
    let b = MonotonicInstant(nanoseconds: 1_500)
    XCTAssertEqual(b - a, .nanoseconds(500))
    XCTAssertEqual(a - b, .nanoseconds(-500))
    XCTAssertEqual(a - a, .zero)
  }

  func testAdvancing() {
    let a = MonotonicInstant(nanoseconds: 2_000_000_000)
    XCTAssertEqual(a.advanced(by: .milliseconds(25)).nanoseconds, 2_025_000_000)
    XCTAssertEqual(a.advanced(by: .milliseconds(-1_500)).nanoseconds, 500_000_000)
    XCTAssertEqual(a.advanced(by: .seconds(1.5)).nanoseconds, 3_500_000_000)
    XCTAssertEqual(a.advanced(by: .nanoseconds(1)) - a, .nanoseconds(1))
    XCTAssertEqual(a.advanced(by: .zero), a)
  }

  func testAdvancingSaturatesInsteadOfTrapping() {
    let a = MonotonicInstant(nanoseconds: 10)
    XCTAssertEqual(a.advanced(by: .nanoseconds(-11)).nanoseconds, 0)
    XCTAssertEqual(a.advanced(by: .seconds(-1)).nanoseconds, 0)
    let far = MonotonicInstant(nanoseconds: .max - 5)
    XCTAssertEqual(far.advanced(by: .seconds(Int64.max)).nanoseconds, .max)
  }

  func testOrdering() {
    let instants = [3, 1, 2].map { MonotonicInstant(nanoseconds: $0) }
    XCTAssertEqual(instants.sorted().map(\.nanoseconds), [1, 2, 3])
    XCTAssertEqual(Set(instants + instants).count, 3)
  }
}
