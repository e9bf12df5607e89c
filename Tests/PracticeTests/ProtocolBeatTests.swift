import Foundation
import Practice
import XCTest

/// `47.3` is beat 3 of bar 47, `47.3-48.1` a range across the bar line, counted in the meter
/// the bar map gives the bar.
final class ProtocolBeatTests: XCTestCase {
  static let prep = ["work Brahms", "mvt 1: 1-60 A=40 3/4@q=120 50:6/8@q=60", "take @1"]

  func testAMarkStartsAndEndsOnBeats() throws {
    let session = try Journal.session(
      Self.prep + ["47.3-48.1 x i", "12.2 +", "A.3 ±", "20-21.2 ok", "55.6 i"])
    let marks = session.takes[0].marks
    XCTAssertEqual(marks.map(\.bars), [46...47, 11...11, 39...39, 19...20, 54...54])
    XCTAssertEqual(marks.map(\.firstBeat), [3, 2, 3, nil, 6])
    XCTAssertEqual(marks.map(\.lastBeat), [1, 2, 3, 2, 6])
    XCTAssertEqual(marks[0].rating, .unusable)
  }

  func testABeatTheMeterDoesNotHaveOrARangeBackwardsIsRefused() throws {
    let session = try Journal.session(Self.prep)
    assertRefuses(session, "47.4 +", "bar 47 has beats 1 to 3: 47.4 is none of them")
    assertRefuses(session, "47.0 +", "bar 47 has beats 1 to 3: 47.0 is none of them")
    assertRefuses(session, "47.3-47.1 +", "bars 47.3-47.1 run backwards")
    assertRefuses(session, "70.1 +", "bar 70.1 is not in movement 1 (1–60)")
    // The plan still cuts at bars: the same bars, beats or not, grade alike.
    let beats = try Journal.session(Self.prep + ["1-60 ok", "47.3-48.1 ++", "end 60"])
    let bars = try Journal.session(Self.prep + ["1-60 ok", "47-48 ++", "end 60"])
    XCTAssertEqual(
      EditingPlan(session: beats).movements.map(\.segments.count),
      EditingPlan(session: bars).movements.map(\.segments.count))
  }

  func testAnEditMayMoveAMarkOntoABeat() throws {
    var session = try Journal.session(Self.prep + ["47 i"])
    try session.apply("#1 47.2 i", at: Journal.date(100))
    XCTAssertEqual(session.takes[0].marks[0].firstBeat, 2)
    try session.apply("undo", at: Journal.date(101))
    XCTAssertNil(session.takes[0].marks[0].firstBeat)
  }
}
