import TerminalUI
import XCTest

final class CanvasTests: XCTestCase {
  func testCentredTextIsCutToItsArea() {
    var canvas = Canvas(width: 10, height: 2, fill: Cell("."))
    canvas.writeCentred("abc", y: 0, in: Rect(x: 1, y: 0, width: 8, height: 2))
    canvas.writeCentred("abcdefghijk", y: 1, in: Rect(x: 2, y: 0, width: 6, height: 2))
    XCTAssertEqual(canvas.lines, ["...abc....", "..abcdef.."])
  }

  func testNewCanvasIsBlank() {
    let canvas = Canvas(width: 3, height: 2)
    XCTAssertEqual(canvas.size, Size(width: 3, height: 2))
    XCTAssertEqual(canvas.lines, ["   ", "   "])
    XCTAssertEqual(canvas[1, 1], .blank)
  }

  func testNegativeSizeMakesAnEmptyCanvas() {
    let canvas = Canvas(width: -2, height: 5)
    XCTAssertEqual(canvas.size, Size(width: 0, height: 5))
    XCTAssertEqual(canvas.lines, ["", "", "", "", ""])
    XCTAssertEqual(canvas.changes(since: nil), [])
  }

  func testReadingOutsideGivesBlank() {
    let canvas = Canvas(width: 2, height: 2, fill: Cell("x"))
    XCTAssertEqual(canvas[-1, 0], .blank)
    XCTAssertEqual(canvas[2, 0], .blank)
    XCTAssertEqual(canvas[0, 2], .blank)
  }

  func testWriteStylesEachCellAndReturnsWidth() {
    var canvas = Canvas(width: 8, height: 1)
    let style = Style.role(.accent).bold
    XCTAssertEqual(canvas.write("tempo", x: 1, y: 0, style: style), 5)
    XCTAssertEqual(canvas.lines, [" tempo  "])
    XCTAssertEqual(canvas[1, 0].style, style)
    XCTAssertEqual(canvas[5, 0].style, style)
    XCTAssertEqual(canvas[6, 0].style, .plain)
  }

  func testWriteIsClippedToTheCanvas() {
    var canvas = Canvas(width: 4, height: 2)
    canvas.write("abcdef", x: 2, y: 0)
    canvas.write("xyz", x: -2, y: 1)
    canvas.write("nope", x: 0, y: 2)
    canvas.write("nope", x: 0, y: -1)
    XCTAssertEqual(canvas.lines, ["  ab", "z   "])
  }

  func testWriteIsClippedToTheClipRect() {
    var canvas = Canvas(width: 8, height: 3, fill: Cell("."))
    let clip = Rect(x: 2, y: 1, width: 3, height: 1)
    canvas.write("abcdef", x: 0, y: 1, clip: clip)
    canvas.write("abcdef", x: 0, y: 0, clip: clip)
    XCTAssertEqual(canvas.lines, ["........", "..cde...", "........"])
  }

  func testControlCharactersAreDropped() {
    var canvas = Canvas(width: 5, height: 1)
    XCTAssertEqual(canvas.write("a\tb\u{7}c", x: 0, y: 0), 3)
    XCTAssertEqual(canvas.lines, ["abc  "])
  }

  func testWideCharacterTakesTwoCells() {
    var canvas = Canvas(width: 6, height: 1)
    XCTAssertEqual(canvas.write("漢🎵", x: 1, y: 0), 4)
    XCTAssertEqual(canvas[1, 0].grapheme, "漢")
    XCTAssertEqual(canvas[1, 0].width, 2)
    XCTAssertTrue(canvas[2, 0].isContinuation)
    XCTAssertEqual(canvas[3, 0].grapheme, "🎵")
    XCTAssertTrue(canvas[4, 0].isContinuation)
    XCTAssertEqual(canvas.lines, [" 漢🎵 "])
  }

  func testOverwritingTheRightHalfBlanksTheLeftHalf() {
    var canvas = Canvas(width: 4, height: 1)
    canvas.write("漢", x: 1, y: 0, style: .role(.good))
    canvas.put("x", x: 2, y: 0)
    XCTAssertEqual(canvas[1, 0], Cell(" ", style: .role(.good)))
    XCTAssertEqual(canvas[2, 0], Cell("x"))
    XCTAssertEqual(canvas.lines, ["  x "])
  }

  func testOverwritingTheLeftHalfBlanksTheRightHalf() {
    var canvas = Canvas(width: 4, height: 1)
    canvas.write("漢", x: 1, y: 0)
    canvas.put("x", x: 1, y: 0)
    XCTAssertEqual(canvas[2, 0], Cell(" "))
    XCTAssertFalse(canvas[2, 0].isContinuation)
    XCTAssertEqual(canvas.lines, [" x  "])
  }

  func testWideCharacterOverlappingAnotherByOneCell() {
    var canvas = Canvas(width: 5, height: 1)
    canvas.write("漢", x: 0, y: 0)
    canvas.put("字", x: 1, y: 0)
    XCTAssertEqual(canvas.lines, [" 字  "])
    canvas.write("漢", x: 2, y: 0)
    XCTAssertEqual(canvas.lines, ["  漢 "])
    XCTAssertEqual(canvas[1, 0], Cell(" "))
  }

  func testWideCharacterAtTheRightEdgeBecomesASpace() {
    var canvas = Canvas(width: 4, height: 1, fill: Cell("."))
    XCTAssertEqual(canvas.write("ab漢", x: 1, y: 0), 4)
    XCTAssertEqual(canvas.lines, [".ab "])
    XCTAssertEqual(canvas[3, 0].width, 1)
  }

  func testWideCharacterAtTheClipEdgeBecomesASpace() {
    var canvas = Canvas(width: 6, height: 1, fill: Cell("."))
    canvas.write("a漢", x: 1, y: 0, clip: Rect(x: 0, y: 0, width: 3, height: 1))
    XCTAssertEqual(canvas.lines, [".a ..."])
  }

  func testFill() {
    var canvas = Canvas(width: 5, height: 3)
    canvas.fill(Rect(x: 1, y: 1, width: 9, height: 9), with: "#", style: .role(.muted))
    XCTAssertEqual(canvas.lines, ["     ", " ####", " ####"])
    XCTAssertEqual(canvas[4, 2].style, .role(.muted))
    canvas.fill(.zero, with: "x")
    XCTAssertEqual(canvas.lines, ["     ", " ####", " ####"])
  }

  func testFillWithWideCharacterLeavesNoHalfCharacter() {
    var canvas = Canvas(width: 5, height: 1)
    canvas.fill(canvas.bounds, with: "漢")
    XCTAssertEqual(canvas.lines, ["漢漢 "])
  }

  func testRestyleKeepsCharacters() {
    var canvas = Canvas(width: 4, height: 1)
    canvas.write("abcd", x: 0, y: 0, style: .role(.accent))
    canvas.restyle(Rect(x: 1, y: 0, width: 2, height: 5)) { $0.on(.selection) }
    XCTAssertEqual(canvas.lines, ["abcd"])
    XCTAssertEqual(canvas[0, 0].style, .role(.accent))
    XCTAssertEqual(canvas[1, 0].style, Style.role(.accent).on(.selection))
    XCTAssertEqual(canvas[2, 0].style, Style.role(.accent).on(.selection))
    XCTAssertEqual(canvas[3, 0].style, .role(.accent))
  }

  func testChangesSinceNilAreAllCells() {
    let canvas = Canvas(width: 3, height: 2)
    let changes = canvas.changes(since: nil)
    XCTAssertEqual(changes.count, 6)
    XCTAssertEqual(
      changes.map { [$0.x, $0.y] }, [[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1]])
  }

  func testChangesAreExactlyTheChangedCells() {
    let before = Canvas(width: 6, height: 3)
    XCTAssertEqual(before.changes(since: before), [])
    var after = before
    after.put("a", x: 4, y: 0)
    after.put("b", x: 1, y: 2, style: .role(.bad))
    after.put(" ", x: 0, y: 1)  // same as before: not a change
    XCTAssertEqual(
      after.changes(since: before).map { "\($0.x),\($0.y),\($0.cell.grapheme)" },
      ["4,0,a", "1,2,b"])
    XCTAssertEqual(after.changes(since: before)[1].cell.style, .role(.bad))
  }

  func testAStyleChangeIsAChange() {
    let before = Canvas(width: 3, height: 1)
    var after = before
    after.restyle(Rect(x: 2, y: 0, width: 1, height: 1)) { $0.on(.selection) }
    XCTAssertEqual(after.changes(since: before).map(\.x), [2])
  }

  func testEverythingChangesAfterAResize() {
    let before = Canvas(width: 4, height: 2)
    let after = Canvas(width: 5, height: 2)
    XCTAssertEqual(after.changes(since: before).count, 10)
    let smaller = Canvas(width: 4, height: 1)
    XCTAssertEqual(smaller.changes(since: before).count, 4)
  }

  func testLinesShowWideCharactersOnce() {
    var canvas = Canvas(width: 6, height: 2)
    canvas.write("ab漢c", x: 0, y: 0)
    canvas.write("é♯", x: 1, y: 1)
    XCTAssertEqual(canvas.lines, ["ab漢c ", " é♯   "])
    XCTAssertEqual(canvas.lines.map(\.displayWidth), [6, 6])
  }

  func testEqualityComparesCharactersAndStyles() {
    var a = Canvas(width: 2, height: 1)
    var b = Canvas(width: 2, height: 1)
    a.put("x", x: 0, y: 0, style: .role(.good))
    b.put("x", x: 0, y: 0, style: .role(.bad))
    XCTAssertNotEqual(a, b)
    b.put("x", x: 0, y: 0, style: .role(.good))
    XCTAssertEqual(a, b)
  }

  func testSnapshotTextShowsEdgesStylesAndLegend() {
    var canvas = Canvas(width: 4, height: 2)
    canvas.write("ab", x: 0, y: 0, style: Style.role(.accent).bold)
    canvas.write("c", x: 3, y: 1, style: Style.plain.on(.selection))
    XCTAssertEqual(
      canvas.snapshotText,
      """
      |ab  |
      |   c|
      --- styles
      |aa..|
      |...b|
      --- legend
      . plain
      a fg=accent bold
      b bg=selection

      """)
  }
}
