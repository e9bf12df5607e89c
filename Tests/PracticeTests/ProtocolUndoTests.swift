import Foundation
import Practice
import XCTest

/// `undo` with authors: each takes back their own last line, others' later lines stay, lines
/// entered together go together, and lines from before authors count as anyone's.
final class ProtocolUndoTests: XCTestCase {
  static let prep = ["mvt 1: 1-40 A=12", "take @1"]

  /// The lines, each `(author, text)`, entered a second apart; refused ones are skipped.
  private func session(_ lines: [(String?, String)]) -> ProtocolSession {
    var session = ProtocolSession()
    for (second, (author, text)) in lines.enumerated() {
      try? session.apply(text, at: Journal.date(Double(second)), by: author)
    }
    return session
  }

  private func prepared(_ lines: [(String?, String)]) -> ProtocolSession {
    session(Self.prep.map { ("producer", $0) } + lines)
  }

  func testUndoTakesBackTheAuthorsOwnLastLineOnly() throws {
    var session = prepared([("producer", "1-10 4"), ("assistant", "note cello late")])
    try session.apply("undo", at: Journal.date(100), by: "producer")
    XCTAssertEqual(session.takes[0].marks, [], "the producer's rating is gone")
    XCTAssertEqual(session.takes[0].notes, ["cello late"], "the assistant's note stays")
    var expected = prepared([])
    try expected.apply("note cello late", at: Journal.date(3), by: "assistant")
    XCTAssertEqual(session.takes, expected.takes, "as if the rating had never been entered")
    try session.apply("undo", at: Journal.date(101), by: "assistant")
    XCTAssertEqual(session, prepared([]))
  }

  /// `file NAME take 1` changes a take that is neither current nor the latest: undo must put
  /// its name back too.
  func testUndoPutsBackTheFileOfAnEarlierTake() throws {
    var session = prepared([
      ("producer", "file one.wav"), ("producer", "take"), ("producer", "take"),
      ("link", "file other.wav take 1"),
    ])
    XCTAssertEqual(session.takes.map(\.file), ["other.wav", nil, nil])
    try session.apply("undo", at: Journal.date(100), by: "link")
    XCTAssertEqual(session.takes.map(\.file), ["one.wav", nil, nil])
  }

  /// `T3 file NAME` and `T3 40 +` change take 3 while take 4 is current and latest: undo puts
  /// take 3 back as it was.
  func testUndoPutsBackTheEarlierTakeATLineChanged() throws {
    let before: [(String?, String)] = [
      ("producer", "take"), ("producer", "take"), ("producer", "file three.wav"),
      ("producer", "take"),
    ]
    for line in ["T3 file other.wav", "T3 40 +"] {
      var session = prepared(before + [("assistant", line)])
      XCTAssertNotEqual(session.takes[2], prepared(before).takes[2], line)
      try session.apply("undo", at: Journal.date(100), by: "assistant")
      XCTAssertEqual(session.takes[2].file, "three.wav", line)
      XCTAssertEqual(session, prepared(before), line)
    }
  }

  /// `protocol link` names the files of several takes in one action: undo takes all back.
  func testUndoOfLinesTogetherPutsBackEveryTakeTheyChanged() throws {
    var session = prepared([("producer", "take"), ("producer", "take")])
    try session.apply(
      together: ["file a.wav take 1", "file b.wav take 2", "file c.wav take 3"].map {
        ProtocolSession.Line($0, at: Journal.date(50), by: "link")
      })
    XCTAssertEqual(session.takes.map(\.file), ["a.wav", "b.wav", "c.wav"])
    try session.apply("undo", at: Journal.date(100), by: "link")
    XCTAssertEqual(session.takes.map(\.file), [nil, nil, nil])
    XCTAssertEqual(session, prepared([("producer", "take"), ("producer", "take")]))
  }

  func testEachAuthorUndoesBackThroughTheirOwnLines() throws {
    var session = prepared([
      ("producer", "1-10 4"), ("assistant", "note a"), ("producer", "9 i"), ("assistant", "note b"),
    ])
    try session.apply("undo", at: Journal.date(100), by: "assistant")
    try session.apply("undo", at: Journal.date(101), by: "producer")
    XCTAssertEqual(session, prepared([("producer", "1-10 4"), ("assistant", "note a")]))
    try session.apply("undo", at: Journal.date(102), by: "producer")
    XCTAssertEqual(session.takes[0].marks, [])
    XCTAssertEqual(session.takes[0].notes, ["a"])
    XCTAssertThrowsError(
      try session.apply("undo", at: Journal.date(103), by: "producer"),
      "the producer's take has the assistant's note")
  }

  func testAnUndoThatWouldMoveSomeoneElsesLineIsRefused() throws {
    let session = prepared([("producer", "take"), ("assistant", "note cello late")])
    var undone = session
    XCTAssertThrowsError(try undone.apply("undo", at: Journal.date(100), by: "producer")) {
      XCTAssertEqual(
        "\($0)", "cannot undo \"take\": assistant's \"note cello late\" after it depends on it")
      let refusal = $0 as? ProtocolError
      XCTAssertEqual(refusal?.key, "protocol.error.undoDepends")
      XCTAssertEqual(
        refusal?.arguments, ["line": "take", "author": "assistant", "later": "note cello late"])
    }
    XCTAssertEqual(undone, session, "nothing changed")
  }

  func testAnUndoThatWouldLeaveSomeoneElsesLineRefusedIsRefused() throws {
    let session = prepared([("producer", "tag p page turn"), ("assistant", "4 p")])
    var undone = session
    XCTAssertThrowsError(try undone.apply("undo", at: Journal.date(100), by: "producer")) {
      XCTAssertEqual(
        "\($0)", "cannot undo \"tag p page turn\": assistant's \"4 p\" after it depends on it")
    }
    XCTAssertEqual(undone, session)
  }

  func testLinesEnteredTogetherAreUndoneTogether() throws {
    var session = prepared([("producer", "1-10 4")])
    let before = session
    try session.apply(
      together: ["false", "take"].map {
        ProtocolSession.Line($0, at: Journal.date(50), by: "producer")
      })
    XCTAssertEqual(session.takes.map(\.isFalseStart), [true, false])
    try session.apply("undo", at: Journal.date(51), by: "producer")
    XCTAssertEqual(session, before, "the take is gone and the first is no false start")
  }

  func testLinesEnteredTogetherApplyAllOrNone() throws {
    let session = prepared([("producer", "end 20"), ("producer", "take 2")])
    var changed = session
    XCTAssertThrowsError(
      try changed.apply(
        together: ["false", "take 2"].map { ProtocolSession.Line($0, at: Journal.date(50)) }))
    XCTAssertEqual(changed, session, "take 2 exists, so the false start is not kept either")
  }

  func testLinesJoinedInTheJournalReplayAsOneAction() throws {
    var session = ProtocolSession()
    let lines = (Self.prep + ["false", "take", "undo"]).enumerated().map {
      ProtocolSession.Line(
        $0.element, at: Journal.date(Double($0.offset)), by: "producer",
        joinsPrevious: $0.element == "take" && $0.offset > 2)
    }
    XCTAssertEqual(session.replay(lines), [])
    XCTAssertEqual(session.takes.count, 1)
    XCTAssertFalse(session.takes[0].isFalseStart)
  }

  /// Journals from before authors: their lines are anyone's, and their undo takes back the latest
  /// line in effect, whoever wrote it.
  func testLinesWithoutAnAuthorBelongToAnyone() throws {
    var session = prepared([(nil, "1-10 4"), ("assistant", "note a")])
    try session.apply("undo", at: Journal.date(100), by: "producer")
    XCTAssertEqual(session.takes[0].marks, [], "the producer may undo a line of nobody's")
    XCTAssertEqual(session.takes[0].notes, ["a"])
    var old = prepared([("producer", "1-10 4"), ("assistant", "note a")])
    try old.apply("undo", at: Journal.date(100))
    XCTAssertEqual(old.takes[0].notes, [], "an undo of nobody's takes back the latest line")
    XCTAssertEqual(old.takes[0].marks.count, 1)
  }

  /// Old journals load as they did when every undo replayed the lines in effect from the start:
  /// random journals of every kind of line, undos among them, against that definition.
  func testUndoMakesTheSessionReplayingTheLinesInEffectWouldMake() {
    let pool = [
      "take", "take @5", "take 3", "1-10 3", "4 i", "12 +", "end 20", "end 30", "false", "note x",
      "all +", "ng", "keep", "file a.wav", "file b.wav take 1", "file c.wav take 3", "T1 4 +",
      "T2 note z", "T1 keep", "T2 ng", "T1 all +", "TA1 5 i", "T1 end 30", "T2 false", "T1 edit 6",
      "T2 file d.wav", "day 2", "day restart", "T1/1 4 x", "file e.wav take 1/2",
      "edit 8", "mvt 2", "mvt 1", "mvt 2: 1-16", "pin 1 2-3", "unpin", "numbering movement",
      "tc 01:00:00:00", "fps 30", "fps 29.97df", "tc 01:00:00;00", "tag p page", "4 p", "mnote y",
      "work Schumann", "status done", "status edited", "status recording", "#1 2-5 x", "#2 all i",
      "#3 7 +", "#1 delete", "#2 delete", "undo", "undo", "undo",
    ]
    var seed: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    for round in 0..<100 {
      var session = ProtocolSession()
      var inEffect: [(String, Date)] = []
      var lines = ["mvt 1: 1-40"]
      for _ in 0..<40 { lines.append(pool[next(pool.count)]) }
      for (second, line) in lines.enumerated() {
        let date = Journal.date(Double(second))
        if line == "undo" {
          if !inEffect.isEmpty { inEffect.removeLast() }
        } else {
          var check = ProtocolSession.replay(inEffect.map { ($0.0, $0.1) }).session
          if (try? check.apply(line, at: date)) != nil { inEffect.append((line, date)) }
        }
        try? session.apply(line, at: date)
        XCTAssertEqual(
          session, ProtocolSession.replay(inEffect.map { ($0.0, $0.1) }).session,
          "round \(round), after \(lines[...second])")
      }
    }
  }
}
