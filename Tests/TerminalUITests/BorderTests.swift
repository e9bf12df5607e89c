import TerminalUI
import XCTest

final class BorderTests: XCTestCase {
  func testDrawsAFrameWithTheTitleInTheTopEdge() {
    var canvas = Canvas(width: 14, height: 4)
    Border(title: "Tempo", glyphs: .unicode).render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(
      canvas.lines,
      [
        "┌─ Tempo ────┐",
        "│            │",
        "│            │",
        "└────────────┘",
      ])
    XCTAssertEqual(canvas[0, 0].style, .role(.muted))
    XCTAssertEqual(canvas[3, 0].style, Style.role(.accent).bold)
    XCTAssertEqual(canvas[2, 0].style, .role(.muted))
  }

  func testASCIIFrame() {
    var canvas = Canvas(width: 8, height: 3)
    Border(glyphs: .ascii).render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(canvas.lines, ["+------+", "|      |", "+------+"])
  }

  func testLongTitleIsClippedAndKeepsTheCorners() {
    var canvas = Canvas(width: 10, height: 2)
    Border(title: "Metronome", glyphs: .unicode).render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(canvas.lines[0], "┌─ Met… ─┐")
    Border(title: "Metronome", glyphs: .ascii).render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(canvas.lines[0], "+- M... -+")
  }

  func testNoTitleWhenThereIsNoRoom() {
    var canvas = Canvas(width: 6, height: 2)
    Border(title: "Tempo", glyphs: .ascii).render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(canvas.lines, ["+----+", "+----+"])
  }

  func testLeavesTheInsideAlone() {
    var canvas = Sentinel.canvas
    Border(title: "x", glyphs: .unicode).render(in: Sentinel.inner, on: &canvas)
    let inside = Sentinel.inner.inset(by: 1)
    for y in inside.y..<inside.maxY {
      for x in inside.x..<inside.maxX {
        XCTAssertEqual(canvas[x, y], Sentinel.cell)
      }
    }
  }

  func testDrawsNothingIntoAnAreaTooSmallForAFrame() {
    var canvas = Sentinel.canvas
    Border(glyphs: .unicode).render(in: Rect(x: 2, y: 2, width: 1, height: 5), on: &canvas)
    Border(glyphs: .unicode).render(in: Rect(x: 2, y: 2, width: 5, height: 1), on: &canvas)
    XCTAssertEqual(canvas, Sentinel.canvas)
  }

  func testStaysInside() {
    assertDrawsOnlyInside { area, canvas in
      Border(title: "Gallery", glyphs: .unicode).render(in: area, on: &canvas)
    }
  }
}
