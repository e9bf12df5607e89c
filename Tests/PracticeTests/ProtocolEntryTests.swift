import Foundation
import Practice
import XCTest

final class ProtocolEntryTests: XCTestCase {
  static let prep = ["work Brahms", "mvt 1 \"Allegro\": 0-12 12a 13-40 A=12a B=20 3/4@q=120"]

  func testMarksRateAndTagBarsOfTheCurrentTake() throws {
    let session = try Journal.session(
      Self.prep + [
        "take @1", "1-10 4", "9 i", "3 iw", "5 x n", "A-B +", "12a–13 +-", "21 ok", "14 ±",
        "15 e e",
      ])
    let marks = session.takes[0].marks
    XCTAssertEqual(
      marks.map(\.bars),
      [1...10, 9...9, 3...3, 5...5, 13...21, 13...14, 22...22, 15...15, 16...16],
      "positions: 12a is the 14th bar, so 13 is at 14")
    XCTAssertEqual(
      marks.map(\.rating), [.excellent, nil, nil, .unusable, .good, .poor, .usable, .poor, nil])
    XCTAssertEqual(
      marks.map { $0.tags.map(\.letter) }, [[], ["i"], ["i", "w"], ["n"], [], [], [], [], ["e"]])
    XCTAssertEqual(session.takes[0].bars, 1...22, "no end bar yet: up to the last bar marked")
  }

  /// `fine`, `new`, `tie`, `wet` are all built-in tag letters, but a producer who types them
  /// means the word.
  func testAWordIsNotTakenForTags() throws {
    let session = try Journal.session(Self.prep + ["take @1"])
    for word in ["fine", "new", "tie", "wet", "bien"] {
      assertRefuses(
        session, "30 \(word)",
        "\"\(word)\" is not a tag: did you mean \"note \(word)\"? Tags are one or two letters, as 30 iw"
      )
    }
    assertRefuses(
      session, "30-32 + really nice",
      "\"really\" is not a tag: did you mean \"note + really nice\"? Tags are one or two letters, "
        + "as 30 iw")
    var changed = session
    XCTAssertThrowsError(try changed.apply("30 fine", at: Journal.date(100))) {
      let refusal = $0 as? ProtocolError
      XCTAssertEqual(refusal?.key, "protocol.error.notTags")
      XCTAssertEqual(refusal?.arguments, ["word": "fine", "note": "note fine"])
    }
    var tagged = session
    try tagged.apply("30 iw", at: Journal.date(100))
    try tagged.apply("31 e n", at: Journal.date(101))
    XCTAssertEqual(tagged.takes[0].marks.map { $0.tags.map(\.letter) }, [["i", "w"], ["e", "n"]])
  }

  func testUserTags() throws {
    let session = try Journal.session(
      Self.prep + ["tag p page turn", "tag C chair", "take", "4 pC", "5 3 p"])
    XCTAssertEqual(session.tags.map(\.letter).suffix(2), ["p", "C"])
    XCTAssertEqual(
      session.takes[0].marks[0].tags,
      [
        .init(letter: "p", name: "page turn"),
        .init(letter: "C", name: "chair"),
      ])
    XCTAssertEqual(session.takes[0].marks[1].rating, .good)
    assertRefuses(session, "tag p pedal", "tag p is already page turn")
  }

  func testEditPointsAreKeptInBarOrderOnce() throws {
    let session = try Journal.session(
      Self.prep + ["take @5", "edit 17", "edit 9", "edit B", "edit 9"])
    XCTAssertEqual(session.takes[0].editPoints, [9, 18, 21])
    XCTAssertEqual(session.takes[0].bars, 5...21)
  }

  func testNotesOnTakesAndMovements() throws {
    let session = try Journal.session(
      Self.prep + ["mnote page turn noise at 20", "take", "note  cello late at A ", "note tempo"])
    XCTAssertEqual(session.takes[0].notes, ["cello late at A", "tempo"])
    XCTAssertEqual(session.works[0].movements[0].notes, ["page turn noise at 20"])
  }

  func testEndMustCoverWhatTheTakeAlreadyHas() throws {
    let session = try Journal.session(Self.prep + ["take @5", "20-25 3", "edit 30"])
    assertRefuses(session, "end 29", "take 1 has entries up to bar 30: end it there or later")
    var ended = session
    try ended.apply("end 30", at: Journal.date(100))
    XCTAssertEqual(ended.takes[0].bars, 5...31)
  }

  func testPinsAndUnpin() throws {
    let session = try Journal.session(
      Self.prep + [
        "numbering movement", "take @1", "end 30", "take @10", "end 40", "pin A1 5-8",
        "pin 2 20", "pin A2 B-25",
      ])
    XCTAssertEqual(session.pins.map(\.take), [0, 1, 1])
    XCTAssertEqual(session.pins.map(\.bars), [5...8, 21...21, 21...26])
    XCTAssertEqual(Set(session.pins.map(\.movement)), [MovementID(work: 0, number: 1)])
    assertRefuses(session, "end 3", "bar 3 is before the start of take A2 (bar 10)")
    var unpinned = session
    try unpinned.apply("unpin", at: Journal.date(100))
    XCTAssertEqual(unpinned.pins, [])
  }

  func testAPinnedTakeCannotBecomeAFalseStartAndAFalseStartCannotBePinned() throws {
    let pinned = try Journal.session(Self.prep + ["take @1", "end 9", "pin 1 1-3"])
    assertRefuses(pinned, "false", "take 1 is pinned: unpin first")
    let falseStart = try Journal.session(Self.prep + ["take @1", "false", "take"])
    assertRefuses(falseStart, "pin 1 1", "take 1 is a false start")
  }

  func testAPinCannotReachPastTheEndOfItsTakeLater() throws {
    let session = try Journal.session(Self.prep + ["take @1", "9 3", "pin 1 5-9"])
    assertRefuses(session, "end 8", "take 1 has entries up to bar 9: end it there or later")
  }

  func testUndoTakesBackTheLatestEntryInEffect() throws {
    let lines = Self.prep + ["take @1", "1-10 4", "9 i"]
    var session = try Journal.session(lines)
    try session.apply("undo", at: Journal.date(10))
    XCTAssertEqual(session, try Journal.session(Array(lines.dropLast())))
    try session.apply("undo", at: Journal.date(11))
    XCTAssertEqual(session, try Journal.session(Array(lines.dropLast(2))))
  }

  func testUndoOfATakeReopensThePreviousOne() throws {
    var session = try Journal.session(Self.prep + ["take @1", "take 7"])
    XCTAssertNotNil(session.takes[0].endedAt)
    try session.apply("undo", at: Journal.date(10))
    XCTAssertEqual(session.takes.count, 1)
    XCTAssertNil(session.takes[0].endedAt)
    XCTAssertEqual(session.nextTakeLabel, "2")
    try session.apply("take", at: Journal.date(11))
    XCTAssertEqual(session.takes.map(\.label), ["1", "2"])
  }

  func testUndoOfEveryKindOfEntryRestoresTheSessionBefore() throws {
    let lines = [
      "work Brahms", "mvt 1 \"Allegro\": 0-40 A=12", "mvt 2: 1-20", "mvt 1 \"Allegro ma non\"",
      "numbering movement start 3", "fps 24", "tc 10:00:00:00", "tag p page turn", "mvt 1",
      "take @5", "5-12 +", "9 i p", "edit 10", "note late", "mnote noisy", "end 20", "take 9",
      "false", "take", "end 30", "pin A10 20-25", "unpin", "mvt 2", "take", "work Schumann",
    ]
    for count in lines.indices {
      let before = try Journal.session(Array(lines[..<count]))
      var after = before
      try after.apply(lines[count], at: Journal.date(Double(count)))
      XCTAssertNotEqual(after, before, lines[count])
      try after.apply("undo", at: Journal.date(1000))
      XCTAssertEqual(after, before, "undo of \(lines[count])")
    }
  }

  func testARefusedLineIsNotWhatUndoTakesBack() throws {
    var session = try Journal.session(Self.prep + ["take @1", "4 3"])
    XCTAssertThrowsError(try session.apply("4 9", at: Journal.date(10)))
    try session.apply("undo", at: Journal.date(11))
    XCTAssertEqual(session.takes[0].marks, [])
  }

  func testUndoEverythingThenNothingToUndo() throws {
    var session = try Journal.session(["mvt 1: 1-4", "take"])
    try session.apply("undo", at: Journal.date(10))
    try session.apply("undo", at: Journal.date(11))
    XCTAssertEqual(session, ProtocolSession())
    assertRefuses(session, "undo", "nothing to undo")
  }

  func testReplaySkipsBadLinesAndSaysWhich() throws {
    let entries: [(line: String, date: Date)] = [
      "mvt 1: 1-40", "take", "50 3", "4 3", "bogus", "take", "undo", "5 ++",
    ].enumerated().map { ($1, Journal.date(Double($0))) }
    let (session, problems) = ProtocolSession.replay(entries)
    XCTAssertEqual(
      problems.map(\.description),
      [
        "line 3: bar 50 is not in movement 1 (1–40)",
        "line 5: \"bogus\" is not a command, a bar or a rehearsal mark",
      ])
    XCTAssertEqual(session.takes.count, 1)
    XCTAssertEqual(session.takes[0].marks.map(\.rating), [.good, .excellent])
  }
}
