import Foundation
import Practice
import XCTest

/// `#7 BARS RATING TAGS` and `#7 delete`: any earlier mark changed or taken out by a line of
/// its own, which undo takes back like any other.
final class ProtocolMarkEditTests: XCTestCase {
  static let prep = [
    "work Brahms", "mvt 1: 1-40", "take @1", "1-10 4", "9 i", "end 30", "take @20",
  ]

  func testMarksAreNumberedAsTheyAreMadeAcrossTakes() throws {
    let session = try Journal.session(Self.prep + ["25 x n", "T1 12 +"])
    XCTAssertEqual(session.takes[0].marks.map(\.id), [1, 2, 4])
    XCTAssertEqual(session.takes[1].marks.map(\.id), [3])
    XCTAssertEqual(session.nextMarkID, 5)
  }

  func testAnEditMakesTheMarkAnewInItsPlaceOnItsOwnTake() throws {
    // Mark 1 is on take 1 while take 2 is current; its bars are take 1's.
    let session = try Journal.session(Self.prep + ["#1 3-12 2 w"])
    let marks = session.takes[0].marks
    XCTAssertEqual(marks.map(\.id), [1, 2], "the mark keeps its number and its place")
    XCTAssertEqual(marks[0].bars, 2...11, "positions: bar 1 is at 0")
    XCTAssertEqual(marks[0].rating, .usable)
    XCTAssertEqual(marks[0].tags.map(\.letter), ["w"])
    XCTAssertEqual(session.takes[1].marks, [])
    XCTAssertEqual(session.nextMarkID, 3, "an edit makes no new mark")
    // A wrong tag is gone once the mark is made without it.
    let untagged = try Journal.session(Self.prep + ["#2 9 +"])
    XCTAssertEqual(untagged.takes[0].marks[1].tags, [])
    XCTAssertEqual(untagged.takes[0].marks[1].rating, .good)
    let whole = try Journal.session(Self.prep + ["#2 all ok"])
    XCTAssertEqual(whole.takes[0].marks[1].bars, 0...29)
  }

  func testADeleteTakesTheMarkOutAndItsNumberIsNotGivenAgain() throws {
    let session = try Journal.session(Self.prep + ["#1 delete", "22 +"])
    XCTAssertEqual(session.takes[0].marks.map(\.id), [2])
    XCTAssertEqual(session.takes[1].marks.map(\.id), [3])
    let short = try Journal.session(Self.prep + ["#2 DEL"])
    XCTAssertEqual(short.takes[0].marks.map(\.id), [1])
  }

  func testUndoPutsTheMarkBackAsItWas() throws {
    let before = try Journal.session(Self.prep)
    for line in ["#1 3-12 2 w", "#1 delete", "#2 all +"] {
      var session = before
      try session.apply(line, at: Journal.date(100))
      XCTAssertNotEqual(session, before, line)
      try session.apply("undo", at: Journal.date(101))
      XCTAssertEqual(session, before, line)
    }
    // Undoing the mark someone edited since is refused: the edit depends on it.
    var shared = before
    try shared.apply("22 +", at: Journal.date(100), by: "anna")
    try shared.apply("#3 23 x", at: Journal.date(101), by: "ben")
    XCTAssertThrowsError(try shared.apply("undo", at: Journal.date(102), by: "anna")) {
      XCTAssertEqual(
        ($0 as? ProtocolError)?.description,
        "cannot undo \"22 +\": ben's \"#3 23 x\" after it depends on it")
    }
  }

  func testWrongEditsAreRefusedAndChangeNothing() throws {
    let session = try Journal.session(Self.prep)
    assertRefuses(session, "#9 delete", "no mark #9")
    assertRefuses(session, "#9 4 +", "no mark #9")
    assertRefuses(session, "#1", "say what mark #1 becomes, as #1 17-28 3, or #1 delete")
    assertRefuses(session, "#x 4 +", "a mark is named by its number, as #7")
    assertRefuses(
      session, "#1 4",
      "say how bar 4 went: a rating (0–4, x ± ok + ++) or tags (i b e n t w f…), as 4 3")
    assertRefuses(session, "#1 4 q", "unknown tag q: define it as tag q NAME")
    assertRefuses(session, "#1 35 +", "bar 35 is after the end of take 1 (bar 30)")
  }

  func testAMarkAPinReachesCannotBeTakenOut() throws {
    // Take 2 has no end bar: it plays up to its last bar marked, which the pin relies on.
    let session = try Journal.session(Self.prep + ["30 +", "pin 2 20-30"])
    assertRefuses(session, "#3 delete", "take 2 is pinned up to bar 30: end it there first")
    assertRefuses(session, "#3 25 +", "take 2 is pinned up to bar 30: end it there first")
    let ended = try Journal.session(Self.prep + ["30 +", "pin 2 20-30", "end 30", "#3 delete"])
    XCTAssertEqual(ended.takes[1].marks, [])
  }
}
