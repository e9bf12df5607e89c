import Foundation
import Practice
import XCTest

/// `day [TITLE] [restart]`: recording days, with take numbers that go on or start again.
final class ProtocolDayTests: XCTestCase {
  func testADayLineStartsADayAndItsTakesCarryIt() throws {
    let session = try Journal.session([
      "mvt 1: 1-40", "take", "take", "day 2 — Tuesday", "take", "DAY", "take",
    ])
    XCTAssertEqual(session.days.map(\.number), [2, 3], "the takes before were day 1's")
    XCTAssertEqual(session.days.map(\.title), ["2 — Tuesday", nil])
    XCTAssertEqual(session.days.map(\.startedAt), [Journal.date(3), Journal.date(5)])
    XCTAssertEqual(session.days.map(\.restartsNumbering), [false, false])
    XCTAssertEqual(session.takes.map(\.label), ["1", "2", "3", "4"], "numbered on")
    XCTAssertEqual(session.takes.map(\.day), [nil, nil, 2, 3])
    XCTAssertEqual(session.takes.map(session.dayNumber), [1, 1, 2, 3])
    let plain = try Journal.session(["mvt 1: 1-40", "take"])
    XCTAssertNil(plain.dayNumber(of: plain.takes[0]), "no days, no day")
    XCTAssertEqual(session.takes.map(\.name), ["1", "2", "3", "4"])
  }

  /// After `restart` takes are numbered from 1 again; every take's name stays unique, the
  /// later ones with their day (`2/1`), and `T` names a take of today or, with a day, of any.
  func testRestartNumbersTakesAgainAndNamesStayUnique() throws {
    let session = try Journal.session([
      "mvt 1: 1-40", "day Monday", "take", "end 40", "take", "end 40", "day Tuesday restart",
      "take", "end 40", "take", "end 40", "T1 note today's", "T1/1 note Monday's",
      "t2/2 all ++",
    ])
    XCTAssertEqual(session.days.map(\.restartsNumbering), [false, true])
    XCTAssertEqual(session.days.map(\.title), ["Monday", "Tuesday"])
    XCTAssertEqual(session.takes.map(\.label), ["1", "2", "1", "2"])
    XCTAssertEqual(session.takes.map(\.name), ["1", "2", "2/1", "2/2"])
    XCTAssertEqual(session.takes.map(\.day), [1, 1, 2, 2])
    XCTAssertEqual(session.takes.map(\.notes), [["Monday's"], [], ["today's"], []])
    XCTAssertEqual(session.takes[3].marks.map(\.rating), [.excellent])
    XCTAssertEqual(EditingPlan(session: session).movements[0].lines, ["take 2/2: bars 1–40"])
    XCTAssertTrue(
      EditingPlan(session: session).json.contains("{\"take\": \"2/2\", \"from\": \"1\""))
    assertRefuses(session, "take 2", "take 2 already exists")
    assertRefuses(session, "T3 note x", "there is no take 3")
    assertRefuses(session, "T3/1 note x", "there is no take 3/1")
    var next = session
    try next.apply("take", at: Journal.date(100))
    XCTAssertEqual(next.takes.last?.label, "3")
  }

  func testRestartStartsAtTheNumberingsStartAndABareDayHasNoTitle() throws {
    let session = try Journal.session([
      "numbering continuous start 100", "mvt 1: 1-40", "take", "take", "day restart", "take",
    ])
    XCTAssertEqual(session.takes.map(\.label), ["100", "101", "100"])
    XCTAssertEqual(session.days.map(\.title), [nil])
    XCTAssertEqual(session.takes.map(\.name), ["100", "101", "2/100"])
    var noted = session
    try noted.apply("T1/101 note x", at: Journal.date(50))
    XCTAssertEqual(noted.takes[1].notes, ["x"], "day 1 began without a day line")
  }

  func testUndoOfADayPutsTheNumberingBack() throws {
    let before = try Journal.session(["mvt 1: 1-40", "take", "take"])
    var session = before
    try session.apply("day 2 restart", at: Journal.date(10))
    try session.apply("undo", at: Journal.date(11))
    XCTAssertEqual(session, before)
    try session.apply("take", at: Journal.date(12))
    XCTAssertEqual(session.takes.last?.label, "3")
    XCTAssertNil(session.takes.last?.day)
  }
}
