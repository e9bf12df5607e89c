import Foundation
import Storage
import Synchronization
import XCTest

@testable import App

/// The practice room asks the server one refresh at a time: a request while one runs makes
/// exactly one more after it, and with nobody logged in nothing runs again.
final class ServerRefreshScheduleTests: XCTestCase {
  private final class Counts: Sendable {
    let refreshes = Mutex(0)
    let posted = Mutex(0)
    let gate = DispatchSemaphore(value: 0)
  }

  func testARequestWhileARefreshRunsMakesOneMoreAfterIt() {
    let counts = Counts()
    let snapshot = ServerSnapshot(server: "http://box:8420", checkedAt: Date(), isReachable: true)
    let schedule = ServerRefreshSchedule(
      refresh: {
        counts.refreshes.withLock { $0 += 1 }
        counts.gate.wait()
        return true
      }, read: { snapshot }, post: { _ in counts.posted.withLock { $0 += 1 } })
    schedule.request()
    waitUntil { counts.refreshes.withLock { $0 } == 1 }
    schedule.request()
    schedule.request()
    counts.gate.signal()
    waitUntil { counts.refreshes.withLock { $0 } == 2 }
    counts.gate.signal()
    waitUntil { counts.posted.withLock { $0 } == 2 }
    Thread.sleep(forTimeInterval: 0.2)
    XCTAssertEqual(counts.refreshes.withLock { $0 }, 2, "two requests while running: one more")
    XCTAssertEqual(counts.posted.withLock { $0 }, 2)
  }

  func testWithNobodyLoggedInTheLastSnapshotIsShownAndNothingMore() {
    let counts = Counts()
    let schedule = ServerRefreshSchedule(
      refresh: {
        counts.refreshes.withLock { $0 += 1 }
        return false
      }, read: { nil }, post: { _ in counts.posted.withLock { $0 += 1 } })
    schedule.start()
    waitUntil { counts.refreshes.withLock { $0 } == 1 }
    schedule.request()
    waitUntil { counts.refreshes.withLock { $0 } == 2 }
    Thread.sleep(forTimeInterval: 0.2)
    XCTAssertEqual(counts.posted.withLock { $0 }, 1, "only what the last refresh left, at start")
    XCTAssertEqual(counts.refreshes.withLock { $0 }, 2, "each request tries once")
  }

  private func waitUntil(
    _ condition: () -> Bool, file: StaticString = #filePath, line: UInt = #line
  ) {
    let deadline = Date().addingTimeInterval(5)
    while !condition(), Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    XCTAssertTrue(condition(), "timed out", file: file, line: line)
  }
}
