import TerminalUI
import XCTest

final class DialogTests: XCTestCase {
  let quit = Dialog(
    title: "Quit", message: "Stop the running session?", buttons: ["Stop", "Keep going"],
    selectedButton: 1, glyphs: .unicode)

  func testFrameFollowsTheContentAndIsCentred() {
    // 25 columns of text, two columns of padding and a border on each side; a row of
    // padding above and below the text, and the buttons with a blank row before them.
    let frame = quit.frame(in: Rect(x: 0, y: 0, width: 80, height: 24))
    XCTAssertEqual(frame, Rect(x: 24, y: 8, width: 31, height: 7))
    let offset = quit.frame(in: Rect(x: 10, y: 2, width: 60, height: 11))
    XCTAssertEqual(offset, Rect(x: 24, y: 4, width: 31, height: 7))
  }

  func testDrawsBorderTitleMessageAndButtons() {
    var canvas = Canvas(width: 35, height: 9)
    quit.render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(
      canvas.lines,
      [
        "                                   ",
        "  ┌─ Quit ──────────────────────┐  ",
        "  │                             │  ",
        "  │  Stop the running session?  │  ",
        "  │                             │  ",
        "  │  [ Stop ]  [ Keep going ]   │  ",
        "  │                             │  ",
        "  └─────────────────────────────┘  ",
        "                                   ",
      ])
    XCTAssertEqual(canvas[2, 1].style, .role(.accent))
    XCTAssertEqual(canvas[5, 1].style, Style.role(.accent).bold)
  }

  func testSelectedButtonIsHighlighted() {
    var canvas = Canvas(width: 35, height: 9)
    quit.render(in: canvas.bounds, on: &canvas)
    for x in 15..<29 {
      XCTAssertEqual(canvas[x, 5].style, Style.plain.bold.on(.selection), "column \(x)")
    }
    for x in 5..<13 {
      XCTAssertEqual(canvas[x, 5].style, .plain, "column \(x)")
    }
  }

  func testClearsItsFrameAndNothingElse() {
    var canvas = Sentinel.canvas
    let area = canvas.bounds
    quit.render(in: area, on: &canvas)
    let frame = quit.frame(in: area)
    for y in 0..<Sentinel.size.height {
      for x in 0..<Sentinel.size.width {
        XCTAssertEqual(
          canvas[x, y] == Sentinel.cell, !frame.contains(x: x, y: y), "(\(x),\(y))")
      }
    }
  }

  func testLongMessagesWrapWithinTheMaximumWidth() {
    let dialog = Dialog(
      title: "Microphone",
      message: "No audio server was found. Woodshed runs visual-only: the metronome flashes.",
      maxTextWidth: 30, glyphs: .ascii)
    var canvas = Canvas(width: 60, height: 12)
    dialog.render(in: canvas.bounds, on: &canvas)
    let frame = dialog.frame(in: canvas.bounds)
    XCTAssertEqual(frame.width, 36)
    XCTAssertEqual(frame.height, 7)
    XCTAssertEqual(
      canvas.text(row: frame.y + 2, from: frame.x, width: frame.width),
      "|  No audio server was found.      |")
    XCTAssertEqual(
      canvas.text(row: frame.y + 3, from: frame.x, width: frame.width),
      "|  Woodshed runs visual-only: the  |")
    XCTAssertEqual(
      canvas.text(row: frame.y + 4, from: frame.x, width: frame.width),
      "|  metronome flashes.              |")
  }

  func testTitleWidensTheDialog() {
    let dialog = Dialog(title: "A rather long title", message: "ok", glyphs: .unicode)
    let frame = dialog.frame(in: Rect(x: 0, y: 0, width: 80, height: 24))
    XCTAssertEqual(frame.width, 19 + 6)
  }

  /// Too short for the whole message: the buttons stay, the message loses its last lines.
  func testIsClippedToASmallAreaAndKeepsTheButtons() {
    var canvas = Canvas(width: 21, height: 7)
    let dialog = Dialog(
      title: "Save", message: "Keep the take you just recorded in the session log?",
      buttons: ["Yes", "No"], selectedButton: 0, glyphs: .ascii)
    dialog.render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(dialog.frame(in: canvas.bounds), canvas.bounds)
    XCTAssertEqual(
      canvas.lines,
      [
        "+- Save ------------+",
        "|                   |",
        "|  Keep the take    |",
        "|                   |",
        "|  [ Yes ]  [ No ]  |",
        "|                   |",
        "+-------------------+",
      ])
  }

  func testNoButtons() {
    let note = Dialog(title: "Saved", message: "Pattern saved.", glyphs: .ascii)
    var canvas = Canvas(width: 20, height: 5)
    note.render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(
      canvas.lines,
      [
        "+- Saved ----------+",
        "|                  |",
        "|  Pattern saved.  |",
        "|                  |",
        "+------------------+",
      ])
  }

  func testStaysInside() {
    assertDrawsOnlyInside { area, canvas in
      quit.render(in: area, on: &canvas)
    }
  }
}
