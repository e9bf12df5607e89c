import Foundation
import Practice
import XCTest

/// A narration script as a protocol's movements: headings start sections, blank lines part
/// paragraphs, and each line is a bar labelled `p3.2`.
final class ProtocolScriptTests: XCTestCase {
  static let text = """
    Before any heading,
    an untitled first section.

    # Chapter One #
    It was a dark night.
      The wind rose.

    #hashtag is text, not a heading.



    ## Chapter C#
    ###
    Last line.
    """

  func testHeadingsStartSectionsAndParagraphsAreNumberedThroughTheScript() throws {
    let script = try Script(text: Self.text)
    XCTAssertEqual(script.sections.map(\.title), [nil, "Chapter One", nil])
    XCTAssertEqual(script.sections.map(\.firstParagraph), [1, 2, 4])
    XCTAssertEqual(
      script.sections.map(\.labels),
      [["p1.1", "p1.2"], ["p2.1", "p2.2", "p3.1"], ["p4.1"]])
    XCTAssertEqual(script.sections[1].paragraphs[0], ["It was a dark night.", "The wind rose."])
    // The empty `###` heading takes over from `## Chapter C#`, which had no line of its own.
    XCTAssertEqual(try Script(text: "## Chapter C#\nText").sections[0].title, "Chapter C#")
  }

  func testAScriptWithoutTextIsRefused() {
    for text in ["", "\n\n  \n", "# Only a heading\n## And another"] {
      XCTAssertThrowsError(try Script(text: text), text) { error in
        XCTAssertEqual("\(error)", "the script has no line of text")
      }
    }
  }

  func testLinesAreWrittenCompactlyAndReadBack() throws {
    let map = try Script(text: Self.text).sections[1].bars()
    XCTAssertTrue(map.isScript)
    XCTAssertEqual(map.compactForm, "p2.1-2 p3.1")
    XCTAssertEqual(try BarMap(compact: map.compactForm), map)
    XCTAssertFalse(try BarMap(compact: "1-4").isScript)
    XCTAssertFalse(try BarMap(compact: "p1.1-3 4/4@q=60").isScript)
  }

  static let prep = ["mvt 1 \"Chapter One\": p1.1-4 p2.1-3 p3.1-2"]

  func testEveryLineKindWorksOnLines() throws {
    let session = try Journal.session(
      Self.prep + [
        "take @p1.1", "p1.1-p2.2 +", "p1.3 w", "end p2.3", "take @p2.1", "p2.1-p3.2 ++",
        "end p3.2",
      ])
    XCTAssertEqual(session.takes.map(\.bars), [0...6, 4...8])
    XCTAssertEqual(session.takes[0].marks.map(\.bars), [0...5, 2...2])
    XCTAssertEqual(
      session.takes[0].marks[0].barsText(in: session.movement(session.takes[0].movement)!.bars),
      "p1.1–p2.2")
    let plan = EditingPlan(session: session).movements[0]
    XCTAssertEqual(plan.lines, ["take 1: p1.1–p1.4", "take 2: p2.1–p3.2"])
  }

  func testALineHasNoBeats() throws {
    let session = try Journal.session(Self.prep + ["take @p1.1"])
    assertRefuses(session, "p1.2.1 +", "line p1.2 of a script has no beats: write p1.2")
    assertRefuses(session, "end p9.1", "bar p9.1 is not in movement 1 (p1.1–p3.2)")
  }

  func testASavedStateKeepsAScriptAScript() throws {
    let session = try Journal.session(Self.prep + ["take @p1.1", "p1.2 +"])
    var writer = StateWriter()
    session.forgettingActions().encodeState(into: &writer)
    var reader = StateReader(writer.bytes[...])
    let read = try ProtocolSession(state: &reader)
    let map = try XCTUnwrap(read.movement(read.takes[0].movement)).bars
    XCTAssertTrue(map.isScript)
    XCTAssertEqual(map.compactForm, "p1.1-4 p2.1-3 p3.1-2")
    assertRefuses(read, "p1.2.1 +", "line p1.2 of a script has no beats: write p1.2")
  }
}
