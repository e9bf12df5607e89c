import Foundation
import TerminalHarness
import XCTest

/// `--screen-reader` on the real binary in tmux, a terminal a screen reader reads: the cursor is
/// shown and stands on the line that changed after a key.
final class ScreenReaderInteractiveTests: XCTestCase {
  private var woodshed: WoodshedProcess!
  private var session: TmuxSession?

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
  }

  override func tearDown() {
    session?.stop()
    woodshed.remove()
  }

  /// Waits until the pane shows `text`, then answers the cursor's row and whether it is shown.
  private func cursor(afterShowing text: String) throws -> (row: Int, shown: Bool, screen: String) {
    let session = try XCTUnwrap(session)
    guard let screen = try session.screen(showing: text, within: 10) else {
      XCTFail("the screen never showed \(text):\n\(try session.screen())")
      return (-1, false, "")
    }
    // One more moment for the cursor's move, sent after the text in the same frame.
    Thread.sleep(forTimeInterval: 0.2)
    let cursor = try session.cursor()
    return (cursor.row, cursor.shown, screen)
  }

  func testTheCursorIsShownOnTheChosenLineAndFollowsAKey() throws {
    session = try TmuxSession(
      [WoodshedProcess.executable, "--screen-reader"], environment: woodshed.environment())
    let home = try cursor(afterShowing: "Metronome")
    XCTAssertTrue(home.shown, "the cursor is visible in screen-reader mode")
    let homeLines = home.screen.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertTrue(homeLines[home.row].contains("Metronome"), home.screen)
    // The chosen line is read out under the title bar too.
    XCTAssertTrue(homeLines[1].contains("Metronome"), home.screen)

    try session?.send("Down")
    let moved = try cursor(afterShowing: "Listen")
    let deadline = Date().addingTimeInterval(5)
    var row = moved.row
    while row == home.row, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
      row = try cursor(afterShowing: "Listen").row
    }
    XCTAssertEqual(row, home.row + 1, "the cursor follows the chosen line")
    let lines = try XCTUnwrap(session).screen()
      .split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertTrue(lines[row].contains("▸"), lines.joined(separator: "\n"))
  }
}
