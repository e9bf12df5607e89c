import Foundation
import Practice
import XCTest

/// A take's clock end: its `end` line, or the next take's start, or its last line.
final class ProtocolTakeClockTests: XCTestCase {
  private func session(_ lines: [(second: Double, line: String)]) throws -> ProtocolSession {
    var session = ProtocolSession()
    for (second, line) in lines { try session.apply(line, at: Journal.date(second)) }
    return session
  }

  func testATakeEndsWithItsEndLineOrTheNextTake() throws {
    let session = try session([
      (0, "mvt 1: 1-40"), (10, "take"), (40, "12 +"), (100, "end 40"), (130, "note late"),
      (200, "take"), (260, "take"),
    ])
    XCTAssertEqual(session.takes.map(\.clockEnd), [100, 260, 260].map(Journal.date))
    XCTAssertEqual(session.takes.map(\.duration), [90, 60, 0])
  }

  /// An end bar given once the next take is under way does not stretch the take over it.
  func testAnEndLineAfterTheNextTakeStartedEndsNothingLater() throws {
    let session = try session([
      (0, "mvt 1: 1-40"), (10, "take"), (100, "take"), (150, "T1 end 30"),
    ])
    XCTAssertEqual(session.takes[0].clockEnd, Journal.date(100))
  }

  /// The last take without an `end` line ends with the last line about it, a `T` line
  /// included, and a line about another take does not move it.
  func testTheLastTakeEndsWithItsLastLine() throws {
    let session = try session([
      (0, "mvt 1: 1-40"), (10, "take"), (20, "end 40"), (30, "take"), (45, "3 +"),
      (50, "T2 note cello"), (70, "T1 note page turn"),
    ])
    XCTAssertEqual(session.takes[1].clockEnd, Journal.date(50))
    XCTAssertEqual(session.takes[0].clockEnd, Journal.date(20))
    XCTAssertEqual(try self.session([(0, "mvt 1: 1-8"), (5, "take")]).takes[0].duration, 0)
  }

  func testUndoPutsTheClockEndBack() throws {
    let before = try session([(0, "mvt 1: 1-40"), (10, "take"), (20, "4 +")])
    var session = before
    try session.apply("end 40", at: Journal.date(90))
    XCTAssertEqual(session.takes[0].clockEnd, Journal.date(90))
    try session.apply("undo", at: Journal.date(91))
    XCTAssertEqual(session, before)
    XCTAssertEqual(session.takes[0].clockEnd, Journal.date(20))
  }
}
