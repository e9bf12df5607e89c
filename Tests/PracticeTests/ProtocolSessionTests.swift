import Foundation
import Practice
import XCTest

/// Entry lines typed a second apart from a fixed moment, as a producer types them.
enum Journal {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  static func date(_ second: Double) -> Date {
    start.addingTimeInterval(second)
  }

  static func session(_ lines: [String]) throws -> ProtocolSession {
    var session = ProtocolSession()
    for (second, line) in lines.enumerated() {
      try session.apply(line, at: date(Double(second)))
    }
    return session
  }
}

/// Checks that `line` is refused with `message` and changes nothing.
func assertRefuses(
  _ session: ProtocolSession, _ line: String, _ message: String,
  file: StaticString = #filePath, line number: UInt = #line
) {
  var changed = session
  XCTAssertThrowsError(
    try changed.apply(line, at: Journal.date(1000)), line, file: file,
    line: number
  ) {
    XCTAssertEqual(($0 as? ProtocolError)?.description, message, line, file: file, line: number)
  }
  XCTAssertEqual(changed, session, "\(line) changed the session", file: file, line: number)
}

final class ProtocolSessionTests: XCTestCase {
  static let prep = ["work Brahms", "mvt 1 \"Allegro\": 0-245 A=12 B=40 3/4@q=120"]

  func testPrepBuildsWorksAndMovements() throws {
    let session = try Journal.session([
      "work Brahms op. 38", "mvt 2: 1-120", "mvt 1 \"Allegro non troppo\": 0-245 A=12",
      "work Schumann", "mvt 1: 1-64", "mvt 1 \"Langsam\"",
    ])
    XCTAssertEqual(session.works.map(\.name), ["Brahms op. 38", "Schumann"])
    XCTAssertEqual(session.works[0].movements.map(\.id.number), [1, 2], "kept in number order")
    XCTAssertEqual(session.works[0].movements.map(\.title), ["Allegro non troppo", nil])
    XCTAssertEqual(session.works[1].movements[0].title, "Langsam")
    XCTAssertEqual(session.works[1].movements[0].bars.count, 64)
    XCTAssertEqual(session.currentWork, 1)
    XCTAssertEqual(session.currentMovement, MovementID(work: 1, number: 1))
    XCTAssertEqual(
      session.movementIDs,
      [.init(work: 0, number: 1), .init(work: 0, number: 2), .init(work: 1, number: 1)])
  }

  func testAMovementBeforeAnyWorkGoesIntoAnUntitledOne() throws {
    let session = try Journal.session(["mvt 1: 1-10"])
    XCTAssertEqual(session.works.map(\.name), [""])
    XCTAssertEqual(session.movement(.init(work: 0, number: 1))?.bars.span, "1–10")
    XCTAssertNil(session.movement(.init(work: 1, number: 1)))
  }

  func testAWorkOfAKnownNameIsSelectedAgain() throws {
    let session = try Journal.session([
      "work A", "mvt 1: 1-10", "work B", "mvt 1: 1-20", "work A", "mvt 1", "take",
    ])
    XCTAssertEqual(session.works.count, 2)
    XCTAssertEqual(session.takes[0].movement, MovementID(work: 0, number: 1))
  }

  func testSelectingAnotherWorkLeavesNoMovementSelected() throws {
    let session = try Journal.session(["work A", "mvt 1: 1-10", "work B"])
    XCTAssertNil(session.currentMovement)
    assertRefuses(session, "take", "no movement selected: choose one with mvt K, or define it")
  }

  func testBarsCanBeRedefinedUntilTheMovementHasTakes() throws {
    var session = try Journal.session(["mvt 1: 1-10", "mvt 1: 0-12", "mvt 1 \"Presto\""])
    XCTAssertEqual(session.movement(.init(work: 0, number: 1))?.bars.span, "0–12")
    XCTAssertEqual(session.movement(.init(work: 0, number: 1))?.title, "Presto")
    try session.apply("take", at: Journal.date(10))
    try session.apply("mvt 1: 0-12", at: Journal.date(11))
    try session.apply("mvt 1 \"Presto\": 0-12", at: Journal.date(12))
    assertRefuses(session, "mvt 1: 1-12", "movement 1 has takes: its bars cannot change")
  }

  func testNumberingContinuousRunsAcrossMovementsAndWorks() throws {
    let session = try Journal.session([
      "work A", "mvt 1: 1-10", "mvt 2: 1-10", "mvt 1", "take", "take", "mvt 2", "take",
      "work B", "mvt 1: 1-10", "take",
    ])
    XCTAssertEqual(session.takes.map(\.label), ["1", "2", "3", "4"])
    XCTAssertEqual(session.takes.map(\.number), [1, 2, 3, 4])
  }

  func testNumberingPerWorkStartsAgainWithEachWork() throws {
    let session = try Journal.session([
      "numbering work", "work A", "mvt 1: 1-10", "mvt 2: 1-10", "take", "mvt 1", "take",
      "work B", "mvt 1: 1-10", "take", "take", "work A", "mvt 2", "take",
    ])
    XCTAssertEqual(session.takes.map(\.label), ["1", "2", "1", "2", "3"])
  }

  func testNumberingPerMovementUsesTheMovementsLetter() throws {
    let session = try Journal.session([
      "numbering movement", "mvt 1: 1-10", "mvt 2: 1-10", "mvt 27: 1-10", "mvt 1", "take",
      "take", "mvt 2", "take", "mvt 27", "take", "mvt 1", "take",
    ])
    XCTAssertEqual(session.takes.map(\.label), ["A1", "A2", "B1", "AA1", "A3"])
    XCTAssertEqual(session.takes.map(\.number), [1, 2, 1, 1, 3])
  }

  func testStartNumber() throws {
    let table: [([String], [String])] = [
      (["numbering continuous start 100", "mvt 1: 1-10", "take", "take"], ["100", "101"]),
      (["mvt 1: 1-10", "take", "numbering continuous start 50", "take"], ["1", "50"]),
      (
        [
          "numbering work start 0", "work A", "mvt 1: 1-10", "take", "work B", "mvt 1: 1-9", "take",
        ],
        ["0", "0"]
      ),
      (
        ["numbering movement start 10", "mvt 1: 1-10", "take", "mvt 2: 1-10", "take", "take"],
        ["A10", "B10", "B11"]
      ),
      (["mvt 1: 1-10", "take", "numbering movement", "take"], ["1", "A1"]),
    ]
    for (lines, labels) in table {
      XCTAssertEqual(try Journal.session(lines).takes.map(\.label), labels, "\(lines)")
    }
  }

  func testATakeNumberGivenByHandIsCountedOnFrom() throws {
    let session = try Journal.session([
      "mvt 1: 1-10", "take 5", "take", "take 2", "take", "take", "take",
    ])
    XCTAssertEqual(session.takes.map(\.label), ["5", "6", "2", "3", "4", "7"], "5 and 6 are taken")
    assertRefuses(session, "take 6", "take 6 already exists")
  }

  func testTheSameNumberMayComeBackInAnotherScope() throws {
    let session = try Journal.session([
      "numbering movement", "mvt 1: 1-10", "take 3", "mvt 2: 1-10", "take 3",
    ])
    XCTAssertEqual(session.takes.map(\.label), ["A3", "B3"])
    assertRefuses(session, "take 3", "take B3 already exists")
  }

  func testNextTakeLabelIsWhatTakeWouldGive() throws {
    var session = ProtocolSession()
    XCTAssertNil(session.nextTakeLabel)
    session = try Journal.session(["numbering movement", "mvt 2: 1-10", "take", "take 3"])
    XCTAssertEqual(session.nextTakeLabel, "B4")
  }

  func testTheStartBarIsGuessedFromThePreviousTake() throws {
    let prep = ["mvt 1: 0-40", "mvt 2: 1-20", "mvt 1"]
    let table: [([String], String)] = [
      ([], "0"),
      (["take @5"], "0"),
      (["take @5", "end 17"], "17"),
      (["take @5", "end 40"], "0"),
      (["take @5", "false"], "5"),
      (["take @5", "end 17", "mvt 2", "take @3", "end 9", "mvt 1"], "17"),
      (["take @5", "end 17", "mvt 2"], "1"),
    ]
    for (lines, expected) in table {
      var session = try Journal.session(prep + lines)
      let guess = try XCTUnwrap(session.guessedStartBar)
      let id = try XCTUnwrap(session.currentMovement)
      let labels = try XCTUnwrap(session.movement(id)).bars.labels
      XCTAssertEqual(labels[guess], expected, "\(lines)")
      try session.apply("take", at: Journal.date(100))
      XCTAssertEqual(labels[session.takes.last!.startBar], expected, "\(lines)")
    }
  }

  func testATakeAtABarOrRehearsalMark() throws {
    let session = try Journal.session(Self.prep + ["take @17", "take 9 @B", "take @A 12"])
    XCTAssertEqual(session.takes.map(\.startBar), [17, 40, 12])
    XCTAssertEqual(session.takes.map(\.label), ["1", "9", "12"])
  }

  func testStartingATakeEndsTheOpenOneOnTheWallClock() throws {
    let session = try Journal.session(["mvt 1: 1-10", "take", "note slow", "take", "take"])
    XCTAssertEqual(session.takes.map(\.startedAt), [1, 3, 4].map { Journal.date($0) })
    XCTAssertEqual(session.takes.map(\.endedAt), [3, 4, nil].map { $0.map { Journal.date($0) } })
  }

  func testEndAndFalseStart() throws {
    let session = try Journal.session(Self.prep + ["take @9", "end 28", "take", "false", "take"])
    XCTAssertEqual(session.takes.map(\.endBar), [28, nil, nil])
    XCTAssertEqual(session.takes.map(\.isFalseStart), [false, true, false])
    XCTAssertEqual(session.takes.map(\.startBar), [9, 28, 28])
    XCTAssertEqual(session.currentTake, 2)
  }

  func testAllRatesEveryBarOfTheTakeAtOnce() throws {
    let session = try Journal.session(Self.prep + ["take @9", "end 28", "all +", "ALL x i"])
    let marks = session.takes[0].marks
    XCTAssertEqual(marks.map(\.bars), [9...28, 9...28])
    XCTAssertEqual(marks.map(\.rating), [.good, .unusable])
    XCTAssertEqual(marks.map { $0.tags.map(\.letter) }, [[], ["i"]])
    let undone = try Journal.session(Self.prep + ["take @9", "end 28", "all +", "undo"])
    XCTAssertEqual(undone.takes[0].marks, [])
  }

  func testAllNeedsARatingAndAnEndedTake() throws {
    let open = try Journal.session(Self.prep + ["take @9", "20 +"])
    assertRefuses(open, "all +", "take 1 has no end yet: end it first, as end 28, then all +")
    let ended = try Journal.session(Self.prep + ["take @9", "end 28"])
    let help = "a rating (0–4, x ± ok + ++) or tags (i b e n t w f…)"
    assertRefuses(ended, "all", "all needs \(help), as all +")
    assertRefuses(ended, "all 5", "\"5\" is not \(help)")
    assertRefuses(try Journal.session(Self.prep), "all +", "no take yet: start one with \"take\"")
  }

  func testANoGoodTakeCannotBePinnedNorPinnedOneDeclaredNoGood() throws {
    let session = try Journal.session(Self.prep + ["take @9", "end 28", "ng", "take"])
    assertRefuses(session, "pin 1 9-12", "take 1 is no good")
    assertRefuses(session, "ng now", "ng takes nothing after it")
    let pinned = try Journal.session(Self.prep + ["take @9", "end 28", "pin 1 9-12"])
    assertRefuses(pinned, "ng", "take 1 is pinned: unpin first")
  }

  func testOnlyATakeThatIsMaterialCanBeCircled() throws {
    let session = try Journal.session(Self.prep + ["take @9", "end 28", "keep"])
    XCTAssertEqual(session.takes.map(\.isKept), [true])
    let falseStart = try Journal.session(Self.prep + ["take @9", "false"])
    assertRefuses(falseStart, "keep", "take 1 is a false start")
    let noGood = try Journal.session(Self.prep + ["take @9", "ng"])
    assertRefuses(noGood, "keep", "take 1 is no good")
    assertRefuses(session, "keep it", "keep takes nothing after it")
  }

  func testFileNamesTheRecordersFileOfTheCurrentTakeOrOfATakeByLabel() throws {
    let session = try Journal.session(
      Self.prep + [
        "take @1", "file T001.WAV", "take", "file Scene 4 take 2", "FILE T003.WAV take 1",
        "file \"My take 3\"", "take", "file \"Say \"hi\" take 9\" take 2",
      ])
    XCTAssertEqual(
      session.takes.map(\.file), ["T003.WAV", "Say \"hi\" take 9", nil],
      "a later file line replaces the name; quotes keep a name that ends in take N")
    let unquoted = try Journal.session(Self.prep + ["take @1", "take"])
    assertRefuses(
      unquoted, "file My take 3",
      "no take 3; a name that ends in take 3 goes in double quotes: file \"My take 3\"")
    assertRefuses(
      unquoted, "file",
      "file needs the recorder's file name, as file T003.WAV or file T003.WAV take 3")
    assertRefuses(
      unquoted, "file \"T1.WAV\" 2",
      "file needs the recorder's file name, as file T003.WAV or file T003.WAV take 3")
    assertRefuses(
      try Journal.session(Self.prep), "file T001.WAV", "no take yet: start one with \"take\"")
  }

  /// Under movement numbering a take is named by its label, or by its number for the latest
  /// take so numbered.
  func testFileFindsTheLatestTakeOfALabelInAnyMovement() throws {
    let session = try Journal.session([
      "numbering movement", "mvt 1: 1-10", "take", "take", "mvt 2: 1-10", "take",
      "file a.wav take A2", "file b.wav take 1", "mvt 1", "file c.wav take B1",
    ])
    XCTAssertEqual(session.takes.map(\.label), ["A1", "A2", "B1"])
    XCTAssertEqual(session.takes.map(\.file), [nil, "a.wav", "c.wav"])
  }

  func testSelectingAMovementMakesItsLatestTakeCurrent() throws {
    let session = try Journal.session([
      "mvt 1: 1-10", "mvt 2: 1-10", "take", "mvt 1", "take", "take", "mvt 2", "end 4",
    ])
    XCTAssertEqual(session.takes[0].endBar, 3)
    XCTAssertEqual(try Journal.session(["mvt 1: 1-10", "mvt 2: 1-10", "take"]).currentTake, 0)
    XCTAssertNil(try Journal.session(["mvt 1: 1-10", "take", "mvt 2: 1-10"]).currentTake)
  }

  func testTakesGetTheRecorderTimecode() throws {
    let session = try Journal.session([
      "mvt 1: 1-10", "take", "fps 25", "tc 10:00:00:00", "take", "fps 24", "take",
      "tc 23:59:59:20", "take",
    ])
    XCTAssertEqual(
      session.takes.map { $0.timecode?.description },
      [nil, "10:00:01:00", "10:00:03:00", "00:00:00:20"])
    XCTAssertEqual(session.takes[2].timecode?.rate, .fps24)
    XCTAssertEqual(session.timecode(at: Journal.date(7.5))?.description, "00:00:00:08")
  }

  /// A drop-frame recorder keeps up with the clock: a take an hour after `tc` is an hour later
  /// on it, where 29.97 non-drop-frame is 3.6 s behind.
  func testTakesGetDropFrameTimecode() throws {
    var session = try Journal.session(["mvt 1: 1-10", "fps 29.97DF", "tc 09:59:59;29"])
    try session.apply("take", at: Journal.date(2.034))
    try session.apply("take", at: Journal.date(3602.034))
    XCTAssertEqual(session.frameRate, .fps2997DropFrame)
    XCTAssertEqual(session.takes.map { $0.timecode?.description }, ["10:00:00;00", "11:00:00;00"])
    var nonDrop = try Journal.session(["mvt 1: 1-10", "fps 29.97", "tc 09:59:59:29"])
    try nonDrop.apply("take", at: Journal.date(3602.034))
    XCTAssertEqual(nonDrop.takes[0].timecode?.description, "10:59:56:12")
    assertRefuses(
      session, "tc 00:01:00;00", "00:01:00;00 is not a timecode HH:MM:SS;FF at 29.97df fps")
  }

  func testChangingTheFrameRateKeepsTheOffsetsTime() throws {
    let session = try Journal.session(["fps 30", "tc 01:00:00:29", "fps 25", "mvt 1: 1-4"])
    XCTAssertEqual(session.frameRate, .fps25)
    XCTAssertEqual(session.timecode(at: Journal.date(1))?.description, "01:00:00:24")
  }

  func testAMissingEndBarIsAWarning() throws {
    let session = try Journal.session([
      "mvt 1: 1-10", "take", "end 10", "take", "take", "false", "take",
    ])
    XCTAssertEqual(session.takesWithoutEnd, ["2", "4"])
    XCTAssertEqual(try Journal.session(["mvt 1: 1-10"]).takesWithoutEnd, [])
  }

  /// The shelf a producer sorts protocols on: nothing yet, takes logged, the edit declared
  /// under way or finished, and recording again once another take comes.
  func testTheStatusFollowsTakesAndStatusLines() throws {
    XCTAssertEqual(try Journal.session(Self.prep).status, .toRecord)
    XCTAssertEqual(try Journal.session(Self.prep + ["take"]).status, .recording)
    XCTAssertEqual(try Journal.session(Self.prep + ["take", "status edited"]).status, .edited)
    XCTAssertEqual(try Journal.session(Self.prep + ["take", "Status DONE"]).status, .done)
    XCTAssertEqual(
      try Journal.session(Self.prep + ["take", "status done", "take"]).status, .recording)
    XCTAssertEqual(
      try Journal.session(Self.prep + ["take", "status done", "status recording"]).status,
      .recording)
    XCTAssertEqual(try Journal.session(Self.prep + ["status done", "undo"]).status, .toRecord)
    let session = try Journal.session(Self.prep)
    for line in ["status", "status to record", "status finished"] {
      assertRefuses(session, line, "status is recording, edited or done")
    }
  }

  func testKeywordsInAnyCase() throws {
    let session = try Journal.session(["MVT 1: 1-10", "Take", "END 4", "Numbering Movement"])
    XCTAssertEqual(session.takes.first?.endBar, 3)
    XCTAssertEqual(session.numbering, .movement)
  }

  func testBadLinesOfAFreshSession() {
    let table: [(String, String)] = [
      ("", "empty entry"),
      ("   ", "empty entry"),
      ("foo", "\"foo\" is not a command, a bar or a rehearsal mark"),
      ("take", "no movement selected: choose one with mvt K, or define it"),
      ("12 4", "no movement selected: choose one with mvt K, or define it"),
      ("end 4", "no movement selected: choose one with mvt K, or define it"),
      ("mnote loud", "no movement selected: choose one with mvt K, or define it"),
      ("unpin", "no movement selected: choose one with mvt K, or define it"),
      ("mvt 1", "no movement 1: define it as mvt 1: 1-120"),
      ("undo", "nothing to undo"),
    ]
    for (line, message) in table { assertRefuses(ProtocolSession(), line, message) }
  }

  func testBadLinesBeforeTheFirstTake() throws {
    let session = try Journal.session(Self.prep)
    let table: [(String, String)] = [
      ("12 4", "no take yet: start one with \"take\""),
      ("end 4", "no take yet: start one with \"take\""),
      ("false", "no take yet: start one with \"take\""),
      ("note slow", "no take yet: start one with \"take\""),
      ("edit 4", "no take yet: start one with \"take\""),
      ("A-B 4", "no take yet: start one with \"take\""),
      ("C 4", "\"C\" is not a command, a bar or a rehearsal mark"),
    ]
    for (line, message) in table { assertRefuses(session, line, message) }
  }

  func testBadLinesDuringATake() throws {
    let session = try Journal.session(Self.prep + ["take @9", "end 28"])
    let help = "a rating (0–4, x ± ok + ++) or tags (i b e n t w f…)"
    let table: [(String, String)] = [
      ("250 4", "bar 250 is not in movement 1 (0–245)"),
      ("12b 4", "bar 12b is not in movement 1 (0–245)"),
      ("10-250 4", "bar 250 is not in movement 1 (0–245)"),
      ("250-10 4", "bar 250 is not in movement 1 (0–245)"),
      ("5 4", "bar 5 is before the start of take 1 (bar 9)"),
      ("5-10 4", "bar 5 is before the start of take 1 (bar 9)"),
      ("20-30 4", "bar 30 is after the end of take 1 (bar 28)"),
      ("28-20 4", "bars 28-20 run backwards"),
      ("12", "say how bar 12 went: \(help), as 12 3"),
      ("12 5", "\"5\" is not \(help)"),
      ("12 +++", "\"+++\" is not \(help)"),
      ("12 3 4", "one rating per entry"),
      ("12 ok x", "one rating per entry"),
      ("12 q", "unknown tag q: define it as tag q NAME"),
      ("12 ix", "unknown tag x: define it as tag x NAME"),
      ("end 5", "bar 5 is before the start of take 1 (bar 9)"),
      ("end 300", "bar 300 is not in movement 1 (0–245)"),
      ("end", "end needs a bar, as end 28"),
      ("end 4 5", "end needs a bar, as end 28"),
      ("take 1", "take 1 already exists"),
      ("take @300", "bar 300 is not in movement 1 (0–245)"),
      ("take x", "take needs at most a number and a bar, as take 12 @17"),
      ("take 3 4", "take needs at most a number and a bar, as take 12 @17"),
      ("take @", "take needs at most a number and a bar, as take 12 @17"),
      ("take 1000000", "a take number must be from 0 to 999999"),
      ("mvt 2", "no movement 2: define it as mvt 2: 1-120"),
      ("mvt 2 \"Adagio\"", "no movement 2: give its bars, as mvt 2: 1-120"),
      ("mvt 1: 1-100", "movement 1 has takes: its bars cannot change"),
      ("mvt", "mvt needs a movement number, as mvt 1: 0-245"),
      ("mvt x", "mvt needs a movement number, as mvt 1: 0-245"),
      ("mvt 0", "mvt needs a movement number, as mvt 1: 0-245"),
      ("mvt 1 Allegro", "write mvt 1 \"TITLE\" or mvt 1: 0-245"),
      ("mvt 1 \"Allegro", "the title needs a closing quote"),
      ("mvt 1 \" \"", "the title is empty"),
      ("mvt 2: 5-1", "\"5-1\" is not a bar range such as 0-245"),
      ("numbering", "numbering continuous, work or movement, then start N if need be"),
      ("numbering daily", "numbering continuous, work or movement, then start N if need be"),
      ("numbering work start", "numbering continuous, work or movement, then start N if need be"),
      ("numbering work from 3", "numbering continuous, work or movement, then start N if need be"),
      ("numbering work start -1", "the start number must be from 0 to 999999"),
      ("fps 23", "fps is one of 23.976, 24, 25, 29.97, 29.97df and 30"),
      ("fps", "fps is one of 23.976, 24, 25, 29.97, 29.97df and 30"),
      ("tc 10:00:00:25", "10:00:00:25 is not a timecode HH:MM:SS:FF at 25 fps"),
      ("tc", "tc needs HH:MM:SS:FF"),
      ("tag i", "tag needs a letter and a name, as tag p page turn"),
      ("tag pp page turn", "tag needs a letter and a name, as tag p page turn"),
      ("tag i idle", "tag i is already intonation"),
      ("tag x extra", "a tag is a letter other than x, which rates a bar unusable"),
      ("tag 9 nine", "a tag is a letter other than x, which rates a bar unusable"),
      ("false now", "false takes nothing after it"),
      ("edit", "edit needs a bar, as edit 17"),
      ("edit 30", "bar 30 is after the end of take 1 (bar 28)"),
      ("edit 10-12", "edit needs one bar, as edit 17"),
      ("note", "note needs some text"),
      ("mnote  ", "mnote needs some text"),
      ("work", "work needs a name, as work Brahms op. 38"),
      ("pin 2 10-12", "no take 2 in movement 1"),
      ("pin 1 1-12", "take 1 plays bars 9–28 only"),
      ("pin 1 20-29", "take 1 plays bars 9–28 only"),
      ("pin 1", "pin needs a take and bars, as pin 3 17-28"),
      ("unpin", "no pins in movement 1"),
      ("unpin all", "unpin takes nothing after it"),
      ("undo now", "undo takes nothing after it"),
    ]
    for (line, message) in table { assertRefuses(session, line, message) }
  }
}
