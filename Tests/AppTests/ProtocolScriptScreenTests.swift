import App
import Foundation
import Practice
import TerminalUI
import TestHelpers
import XCTest

/// The Protocol screen on a narration script: its lines are the take map's columns.
final class ProtocolScriptScreenTests: XCTestCase {
  private let date = Date(timeIntervalSince1970: 1_794_700_000)

  private func text(_ model: AppModel) -> String {
    AppView.render(model).lines.joined(separator: "\n")
  }

  /// The protocol "book" opened from the list, as these lines, a minute apart, make it.
  private func book(_ lines: [String]) -> AppModel {
    var model = AppFixtures.model()
    model.press(.character("7"))
    _ = model.handle(.protocolsListed([ProtocolSummary(name: "book")]))
    model.press(.enter)
    let entries = lines.enumerated().map {
      ($0.element, date.addingTimeInterval(Double($0.offset) * 60))
    }
    _ = model.handle(
      .protocolLoaded(
        "book", session: ProtocolSession.replay(entries).session, recent: Array(lines.suffix(6)),
        problems: []))
    return model
  }

  func testTheReviewShowsLinesAndParagraphs() throws {
    var model = book([
      "mvt 1 \"Chapter 1\": p1.1-4 p2.1-12 p3.1-6 p4.1-30", "take @p1.1", "p1.1-p2.12 ++",
      "p3.1-p3.6 ±", "end p3.6", "take @p3.1", "p3.1-p4.30 +", "p4.2 w", "end p4.30",
    ])
    XCTAssertTrue(text(model).contains("take 2  lines p3.1–p4.30"), text(model))
    model.press(.tab)
    XCTAssertTrue(text(model).contains("Line p1.1: best ++, plan 1. Takes here:"), text(model))
    XCTAssertTrue(text(model).contains(" p1  "), text(model))
    XCTAssertTrue(text(model).contains(" p2 "), text(model))
    XCTAssertFalse(text(model).contains("Bar "), text(model))
    assertCanvasSnapshot(AppView.render(model), named: "script-review.80x24")
    // Past the width of the screen, the map scrolls and names the paragraph it starts in.
    for _ in 0..<51 { model.press(.right) }
    XCTAssertTrue(text(model).contains("Line p4.30: best +, plan 2. Takes here:"), text(model))
    XCTAssertTrue(text(model).contains("◂p3            p4"), text(model))
  }

  /// Preparation reads a script where it reads a score: `s`, its path, Enter. A `.md` or
  /// `.txt` file is read as a script (off the main loop, its copy kept for the take sheets),
  /// its movement lines come back and are added, and the movements show its paragraphs' lines.
  func testPreparationReadsAScript() throws {
    var model = book([])
    model.press(.tab, .tab)
    guard case .recordingProtocol(let screen) = model.screen else {
      return XCTFail("the protocol screen is not on top")
    }
    XCTAssertEqual(screen.phase, .preparing)
    XCTAssertTrue(text(model).contains("or s to read a score or script"), text(model))
    for character in "sbook.md" { model.press(.character(character)) }
    XCTAssertTrue(
      text(model).contains("Score (.musicxml, .xml, .mxl) or script (.md, .txt) to read: book.md_"),
      text(model))
    assertCanvasSnapshot(AppView.render(model), named: "script-import-path.80x24")
    XCTAssertEqual(model.press(.enter), [.protocolImportScript("book", path: "book.md")])
    XCTAssertEqual(
      model.handle(
        .scoreImported("book", lines: ["mvt 1: p1.1", "mvt 2 \"Chapter 1\": p2.1-2 p3.1"])),
      [
        .protocolAdd("book", line: "mvt 1: p1.1"),
        .protocolAdd("book", line: "mvt 2 \"Chapter 1\": p2.1-2 p3.1"),
      ])
    let entries = ["mvt 1: p1.1", "mvt 2 \"Chapter 1\": p2.1-2 p3.1"].map { ($0, date) }
    _ = model.handle(
      .protocolLoaded(
        "book", session: ProtocolSession.replay(entries).session,
        recent: entries.map(\.0), problems: []))
    XCTAssertTrue(text(model).contains("mvt 2 \"Chapter 1\": p2.1-2 p3.1"), text(model))
    assertCanvasSnapshot(AppView.render(model), named: "script-imported.80x24")
    // A score is still read as a score, and any other name too; the case of the
    // extension does not matter.
    for (path, isScript) in [
      ("op38.mxl", false), ("op38.musicxml", false), ("BOOK.TXT", true), ("notes.markdown", true),
    ] {
      for character in "s" + path { model.press(.character(character)) }
      XCTAssertEqual(
        model.press(.enter),
        [
          isScript
            ? .protocolImportScript("book", path: path) : .protocolImportScore("book", path: path)
        ],
        path)
    }
  }
}
