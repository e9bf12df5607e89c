import TerminalUI
import XCTest

final class KeyHintBarTests: XCTestCase {
  let bar = KeyHintBar([
    .init("↑↓", "move"), .init("Enter", "open"), .init("?", "help"), .init("q", "quit"),
  ])

  func testListsKeysAndLabels() {
    var canvas = Canvas(width: 40, height: 1)
    bar.render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(canvas.lines[0], " ↑↓ move  Enter open  ? help  q quit    ")
  }

  func testKeysAreAccentAndLabelsMuted() {
    var canvas = Canvas(width: 40, height: 1)
    bar.render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(canvas[1, 0].style, Style.role(.accent).bold)
    XCTAssertEqual(canvas[4, 0].style, .role(.muted))
    XCTAssertEqual(canvas[10, 0].style, Style.role(.accent).bold)
    XCTAssertEqual(canvas[16, 0].style, .role(.muted))
    XCTAssertEqual(canvas[0, 0].style, .plain)
    XCTAssertEqual(canvas[8, 0].style, .plain)
  }

  func testDropsHintsThatDoNotFitWhole() {
    var canvas = Canvas(width: 36, height: 1)
    bar.render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(canvas.lines[0], " ↑↓ move  Enter open  ? help  q quit")

    canvas = Canvas(width: 35, height: 1)
    bar.render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(canvas.lines[0], " ↑↓ move  Enter open  ? help       ")

    canvas = Canvas(width: 24, height: 1)
    bar.render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(canvas.lines[0], " ↑↓ move  Enter open    ")
  }

  func testTheHintKeptLastShowsWhateverDrops() {
    let kept = KeyHintBar(
      [.init("↑↓", "move"), .init("Enter", "open"), .init("q", "quit")],
      keepingLast: .init("?", "help"))
    var canvas = Canvas(width: 36, height: 1)
    kept.render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(canvas.lines[0], " ↑↓ move  Enter open  q quit  ? help")
    canvas = Canvas(width: 24, height: 1)
    kept.render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(canvas.lines[0], " ↑↓ move  ? help        ")
  }

  func testAFirstHintThatDoesNotFitLeavesTheLineEmpty() {
    var canvas = Canvas(width: 6, height: 1, fill: Cell("."))
    KeyHintBar([.init("Enter", "open")]).render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(canvas.lines[0], "      ")
  }

  func testUsesOnlyTheFirstRow() {
    var canvas = Canvas(width: 12, height: 3, fill: Cell("."))
    bar.render(in: Rect(x: 0, y: 1, width: 12, height: 2), on: &canvas)
    XCTAssertEqual(canvas.lines, ["............", " ↑↓ move    ", "............"])
  }

  func testStaysInside() {
    assertDrawsOnlyInside { area, canvas in
      bar.render(in: area, on: &canvas)
    }
  }
}
