import Foundation
import Practice
import XCTest

/// `T3 40 +`: marks, notes and verdicts on an earlier take, named as takes are numbered now.
final class ProtocolEarlierTakeTests: XCTestCase {
  /// Three takes of a 40-bar movement; take 3 is current.
  static let threeTakes = ["mvt 1: 1-40 A=12", "take", "end 40", "take @A", "end 30", "take @30"]

  func testMarksNotesAndVerdictsGoToTheTakeNamed() throws {
    let session = try Journal.session(
      Self.threeTakes + [
        "T1 35 +", "T1 12-20 i", "t1 edit 8", "T2 note cello late", "T1 keep", "T2 ng",
        "T2 all x", "T3 note current", "32 ++",
      ])
    let takes = session.takes
    XCTAssertEqual(takes[0].marks.map(\.bars), [34...34, 11...19])
    XCTAssertEqual(takes[0].marks.map(\.rating), [.good, nil])
    XCTAssertEqual(takes[0].marks[1].tags.map(\.name), ["intonation"])
    XCTAssertEqual(takes[0].editPoints, [7])
    XCTAssertTrue(takes[0].isKept)
    XCTAssertEqual(takes[1].notes, ["cello late"])
    XCTAssertTrue(takes[1].isNoGood)
    XCTAssertEqual(takes[1].marks.map(\.bars), [11...29], "all: take 2's own bars")
    XCTAssertEqual(takes[2].notes, ["current"])
    XCTAssertEqual(takes[2].marks.map(\.bars), [31...31], "a line without T: the current take")
    XCTAssertEqual(session.currentTake, 2, "naming a take does not make it current")
  }

  func testATakeThatDoesNotExistOrALineNotAboutATakeIsRefused() throws {
    let session = try Journal.session(Self.threeTakes)
    assertRefuses(session, "T9 40 +", "there is no take 9")
    var changed = session
    XCTAssertThrowsError(try changed.apply("T9 note x", at: Journal.date(99))) {
      XCTAssertEqual(($0 as? ProtocolError)?.key, "protocol.error.noSuchTake")
      XCTAssertEqual(($0 as? ProtocolError)?.arguments, ["take": "9"])
    }
    assertRefuses(
      session, "T1 take",
      "T1 goes before a mark, all, note, edit, end, keep, ng, false or file, as T1 40 +")
    assertRefuses(session, "T2 35 +", "bar 35 is after the end of take 2 (bar 30)")
    assertRefuses(
      session, "T1 40 fine",
      "\"fine\" is not a tag: did you mean \"note fine\"? Tags are one or two letters, as 30 iw")
    assertRefuses(
      session, "Tutti 4", "\"Tutti\" is not a command, a bar or a rehearsal mark")
  }

  /// `T1 file NAME` names take 1's recorder file and leaves take 3 current; a file named later,
  /// as `protocol link` names it, says nothing of when a take ended on the clock.
  func testAFileLineNamesTheFileOfTheTakeNamed() throws {
    let session = try Journal.session(Self.threeTakes + ["file T003.WAV", "T1 file T001.WAV"])
    XCTAssertEqual(session.takes.map(\.file), ["T001.WAV", nil, "T003.WAV"])
    XCTAssertEqual(session.currentTake, 2)
    XCTAssertEqual(session.takes[2].clockEnd, Journal.date(5), "take 3's take line")
    XCTAssertEqual(session.takes[0].lastLineAt, Journal.date(2), "take 1's end line")
    assertRefuses(
      session, "T1 file a.wav take 2",
      "T1 goes before a mark, all, note, edit, end, keep, ng, false or file, as T1 40 +")
  }

  /// After `day … restart`, `file NAME take 1` names the new day's take 1, as the screen numbers
  /// it, and `take 1/2` day 1's take 2, as `protocol link` names a take numbered again since.
  func testAFileLineNamesATakeNumberedAgainByItsDay() throws {
    let session = try Journal.session([
      "mvt 1: 1-40", "take", "take", "day Tuesday restart", "take", "file new.wav take 1",
      "file old.wav take 1/1", "file two.wav take 1/2",
    ])
    XCTAssertEqual(session.takes.map(\.name), ["1", "2", "2/1"])
    XCTAssertEqual(session.takes.map(\.file), ["old.wav", "two.wav", "new.wav"])
    assertRefuses(
      session, "file x.wav take 2",
      "no take 2; a name that ends in take 2 goes in double quotes: file \"x.wav take 2\"")
    assertRefuses(
      session, "file x.wav take 3/1",
      "no take 3/1; a name that ends in take 3/1 goes in double quotes: file \"x.wav take 3/1\"")
  }

  /// Under movement numbering a number is the current movement's take and a label names any
  /// movement's; under work numbering a number is the current work's take.
  func testTakesAreNamedAsTheyAreNumbered() throws {
    let movements = try Journal.session([
      "numbering movement", "mvt 1: 1-40", "take", "take", "mvt 2: 1-20", "take", "T1 4 +",
      "TA2 30 +", "ta1 note first",
    ])
    XCTAssertEqual(movements.takes.map(\.label), ["A1", "A2", "B1"])
    XCTAssertEqual(movements.takes[2].marks.map(\.bars), [3...3])
    XCTAssertEqual(movements.takes[1].marks.map(\.bars), [29...29], "movement 1's bars")
    XCTAssertEqual(movements.takes[0].notes, ["first"])
    assertRefuses(movements, "T2 4 +", "there is no take 2")

    let works = try Journal.session([
      "numbering work", "work Brahms", "mvt 1: 1-40", "take", "take", "work Schumann",
      "mvt 1: 1-20", "take", "T1 note Schumann's",
    ])
    XCTAssertEqual(works.takes.map(\.label), ["1", "2", "1"])
    XCTAssertEqual(works.takes.map(\.notes), [[], [], ["Schumann's"]])
    assertRefuses(works, "T2 note x", "there is no take 2")
  }

  /// A bar or rehearsal mark named like a take keeps its meaning, so old journals read as
  /// they did.
  func testABarNamedLikeATakeIsStillABar() throws {
    let session = try Journal.session([
      "mvt 1: 1-10 T3 11-20 T1=5", "take", "take", "take", "T3 4", "T1 i",
    ])
    XCTAssertEqual(session.takes[2].marks.map(\.bars), [10...10, 4...4])
    XCTAssertEqual(session.takes[0].marks, [])
  }

  func testUndoTakesALineAboutAnEarlierTakeBack() throws {
    let before = try Journal.session(Self.threeTakes)
    var session = before
    for line in ["T1 35 +", "T1 keep", "T2 note x", "T1 end 36"] {
      try session.apply(line, at: Journal.date(50))
      try session.apply("undo", at: Journal.date(51))
      XCTAssertEqual(session, before, line)
    }
  }

  /// Someone's `T1` line must name the same take after an undo before it, or the undo is
  /// refused: here `T1` named take A1 while the producer's numbering by movement held, and
  /// would name take 1 without it.
  func testAnUndoThatWouldMakeSomeonesTakeNameAnotherTakeIsRefused() throws {
    var session = ProtocolSession()
    let lines = [
      ("producer", "mvt 1: 1-40"), ("producer", "take"), ("producer", "take"),
      ("producer", "numbering movement"), ("assistant", "take"), ("assistant", "T1 note x"),
    ]
    for (second, (author, line)) in lines.enumerated() {
      try session.apply(line, at: Journal.date(Double(second)), by: author)
    }
    XCTAssertEqual(session.takes.map(\.notes), [[], [], ["x"]])
    let before = session
    XCTAssertThrowsError(try session.apply("undo", at: Journal.date(10), by: "producer")) {
      XCTAssertEqual(
        "\($0)",
        "cannot undo \"numbering movement\": assistant's \"T1 note x\" after it depends on it")
    }
    XCTAssertEqual(session, before)
  }
}
