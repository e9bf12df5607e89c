import Foundation
import Practice
import XCTest

/// `parts vn1 vn2 vla vc` and marks that name a part and a note: `47 vla i G`.
final class ProtocolPartTests: XCTestCase {
  static let prep = ["work Brahms", "mvt 1: 1-60", "parts vn1 vn2 vla vc", "take @1"]

  func testAMarkNamesAPartAndANote() throws {
    let session = try Journal.session(Self.prep + ["47 vla i G", "48 vc ±", "49 + F#4", "50 Bb i"])
    XCTAssertEqual(session.parts, ["vn1", "vn2", "vla", "vc"])
    let marks = session.takes[0].marks
    XCTAssertEqual(marks.map(\.part), ["vla", "vc", nil, nil])
    XCTAssertEqual(marks.map(\.note), ["G", nil, "F#4", "Bb"])
    XCTAssertEqual(marks[0].tags.map(\.letter), ["i"])
    XCTAssertEqual(marks[1].rating, .poor, "vc is the cello, not the tags v and c")
    XCTAssertEqual(marks[3].tags.map(\.letter), ["i"], "B is a note, b the balance tag")
  }

  func testPartsAddUpAndAnUnknownWordIsStillRefused() throws {
    let session = try Journal.session(Self.prep + ["parts vla pf"])
    XCTAssertEqual(session.parts, ["vn1", "vn2", "vla", "vc", "pf"])
    assertRefuses(
      session, "30 fine",
      "\"fine\" is not a tag: did you mean \"note fine\"? Tags are one or two letters, as 30 iw")
    assertRefuses(session, "30 vla vc +", "one part per entry")
    assertRefuses(session, "30 + G A", "one note per entry")
    assertRefuses(
      session, "30 vla",
      "say how bar 30 went: a rating (0–4, x ± ok + ++) or tags (i b e n t w f…), as 30 3")
    assertRefuses(
      session, "30 H7 +", "\"H7\" is not a rating (0–4, x ± ok + ++) or tags (i b e n t w f…)")
    assertRefuses(
      session, "parts Viola",
      "parts needs their short names, lower-case letters and digits, as parts vn1 vn2 vla vc")
    assertRefuses(
      session, "parts",
      "parts needs their short names, lower-case letters and digits, as parts vn1 vn2 vla vc")
  }

  func testAnEditCanChangeThePartAndUndoTakesPartsBack() throws {
    var session = try Journal.session(Self.prep + ["47 vla i G"])
    try session.apply("#1 47 vc i", at: Journal.date(100))
    XCTAssertEqual(session.takes[0].marks[0].part, "vc")
    XCTAssertNil(session.takes[0].marks[0].note)
    try session.apply("parts hn", at: Journal.date(101))
    try session.apply("undo", at: Journal.date(102))
    XCTAssertEqual(session.parts, ["vn1", "vn2", "vla", "vc"])
  }

  func testTheTakeMapOfAPartLeavesOtherPartsOut() throws {
    let session = try Journal.session(
      Self.prep + ["1-10 ++", "5 vla x i", "6 vc x", "end 10", "take @1", "1-10 +", "5 vla ++"])
    let movement = try XCTUnwrap(session.currentMovement)
    let all = try XCTUnwrap(TakeMap(session: session, movement: movement))
    let viola = try XCTUnwrap(TakeMap(session: session, movement: movement, part: "vla"))
    let cello = try XCTUnwrap(TakeMap(session: session, movement: movement, part: "vc"))
    // Bar 5 (position 4): take 1 is unusable for the viola, fine for the cello.
    XCTAssertEqual(all.rows[0][4].grade, .rated(.unusable))
    XCTAssertEqual(viola.rows[0][4].grade, .rated(.unusable))
    XCTAssertEqual(cello.rows[0][4].grade, .rated(.excellent))
    XCTAssertEqual(cello.rows[0][5].grade, .rated(.unusable))
    XCTAssertEqual(viola.rows[0][5].grade, .rated(.excellent), "a mark of everyone still counts")
    XCTAssertEqual(viola.best[4], .rated(.excellent), "take 2 saves the viola at bar 5")
    XCTAssertEqual(viola.marks(ofTake: 0, at: 4).map(\.id), [1, 2])
    XCTAssertEqual(cello.marks(ofTake: 0, at: 4).map(\.id), [1])
  }
}
