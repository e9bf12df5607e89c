import Practice
import XCTest

/// What each line changed, as cues for a DAW's timeline.
final class DAWCueTests: XCTestCase {
  /// The cues of each line applied after `lines`, line by line.
  private func cues(after lines: [String], adding added: [String]) throws -> [[DAWCue]] {
    var session = try Journal.session(lines)
    return try added.enumerated().map { offset, line in
      let before = session
      try session.apply(line, at: Journal.date(Double(100 + offset)))
      return DAWCue.changes(from: before, to: session)
    }
  }

  func testEachLineGivesTheCueOfWhatItChanged() throws {
    let cues = try cues(
      after: ["mvt 1: 0-40 A=12 3/4@q=120", "parts vn vla"],
      adding: ["take", "0-20 ++", "25.3-26.1 vla i G", "end 40", "note fine", "take @A", "false"])
    XCTAssertEqual(
      cues,
      [
        [DAWCue(kind: .takeStart, take: "1", name: "take 1 bar 0")],
        [DAWCue(kind: .mark, take: "1", name: "take 1 bars 0–20 ++")],
        [DAWCue(kind: .mark, take: "1", name: "take 1 bars 25.3–26.1 vla i G")],
        [DAWCue(kind: .takeEnd, take: "1", name: "take 1 end bar 40")],
        [],
        [DAWCue(kind: .takeStart, take: "2", name: "take 2 bar 12")],
        [DAWCue(kind: .falseStart, take: "2", name: "take 2 false start")],
      ])
  }

  func testAMarkMadeAnewOrALineUndoneGivesNoCue() throws {
    let cues = try cues(
      after: ["mvt 1: 0-40", "take", "3 w"], adding: ["#1 3-4 x", "undo", "5 i", "undo"])
    XCTAssertEqual(cues, [[], [], [DAWCue(kind: .mark, take: "1", name: "take 1 bar 5 i")], []])
  }

  func testLinesAboutAnEarlierTakeCueThatTake() throws {
    let cues = try cues(
      after: ["mvt 1: 0-40", "take", "take"], adding: ["T1 7 e", "T1 end 9"])
    XCTAssertEqual(
      cues,
      [
        [DAWCue(kind: .mark, take: "1", name: "take 1 bar 7 e")],
        [DAWCue(kind: .takeEnd, take: "1", name: "take 1 end bar 9")],
      ])
  }

  func testTheWholeSessionAtOnceCuesEveryTakeAndMarkInOrder() throws {
    let session = try Journal.session(["mvt 1: 0-40", "take", "2 w", "take @10", "11 i"])
    XCTAssertEqual(
      DAWCue.changes(from: ProtocolSession(), to: session).map(\.name),
      ["take 1 bar 0", "take 1 bar 2 w", "take 2 bar 10", "take 2 bar 11 i"])
  }

  /// The live screen stamps a take with the recorder's timecode: a line starts a take as the
  /// journal reads it.
  func testALineStartsATakeAsTheJournalReadsIt() {
    for line in ["take", "take 3", "take @12", "TAKE 4 @A"] {
      XCTAssertTrue(ProtocolSession.startsTake(line), line)
    }
    for line in ["takes", "T1 note take", "tc 10:00:00:00", "12 take", "note take 2"] {
      XCTAssertFalse(ProtocolSession.startsTake(line), line)
    }
  }
}
