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
}
