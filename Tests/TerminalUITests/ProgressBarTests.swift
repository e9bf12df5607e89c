import TerminalUI
import XCTest

final class ProgressBarTests: XCTestCase {
  func render(_ bar: ProgressBar, width: Int = 10, height: Int = 1) -> Canvas {
    var canvas = Canvas(width: width, height: height, fill: Cell("."))
    bar.render(in: canvas.bounds, on: &canvas)
    return canvas
  }

  func testUnicodeFillsTheLastCellInEighths() {
    // 0.55 of 10 cells is 5 cells and 4/8 of the sixth.
    XCTAssertEqual(render(ProgressBar(fraction: 0.55, glyphs: .unicode)).lines, ["█████▌░░░░"])
    XCTAssertEqual(render(ProgressBar(fraction: 0.0125, glyphs: .unicode)).lines, ["▏░░░░░░░░░"])
    XCTAssertEqual(render(ProgressBar(fraction: 0.3, glyphs: .unicode)).lines, ["███░░░░░░░"])
  }

  func testASCIIFillsWholeCellsRoundingDown() {
    XCTAssertEqual(render(ProgressBar(fraction: 0.55, glyphs: .ascii)).lines, ["#####-----"])
    XCTAssertEqual(render(ProgressBar(fraction: 0.99, glyphs: .ascii)).lines, ["#########-"])
  }

  func testFractionIsClamped() {
    XCTAssertEqual(render(ProgressBar(fraction: -0.5, glyphs: .unicode)).lines, ["░░░░░░░░░░"])
    XCTAssertEqual(render(ProgressBar(fraction: 1.5, glyphs: .unicode)).lines, ["██████████"])
    XCTAssertEqual(render(ProgressBar(fraction: .nan, glyphs: .ascii)).lines, ["----------"])
    XCTAssertEqual(render(ProgressBar(fraction: .infinity, glyphs: .ascii)).lines, ["##########"])
  }

  func testFilledIsStyledAndEmptyIsMuted() {
    let canvas = render(ProgressBar(fraction: 0.5, glyphs: .ascii, style: .role(.good)))
    XCTAssertEqual(canvas[0, 0].style, .role(.good))
    XCTAssertEqual(canvas[4, 0].style, .role(.good))
    XCTAssertEqual(canvas[5, 0].style, .role(.muted))
  }

  func testLabelAfterShortensTheBar() {
    let canvas = render(ProgressBar(fraction: 0.5, label: "50%", glyphs: .ascii), width: 14)
    XCTAssertEqual(canvas.lines, ["#####----- 50%"])
    XCTAssertEqual(canvas[11, 0].style, .plain)
  }

  func testLabelAfterIsDroppedWhenItLeavesNoBar() {
    let canvas = render(ProgressBar(fraction: 0.5, label: "50%", glyphs: .ascii), width: 4)
    XCTAssertEqual(canvas.lines, ["##--"])
  }

  func testLabelInsideIsCentredOnTheMiddleRow() {
    let bar = ProgressBar(fraction: 0.5, label: "3/6", labelPlacement: .inside, glyphs: .ascii)
    let canvas = render(bar, width: 11, height: 3)
    XCTAssertEqual(canvas.lines, ["#####------", "####3/6----", "#####------"])
    XCTAssertEqual(canvas[4, 1].style, Style.role(.accent).reversed.bold)
    XCTAssertEqual(canvas[5, 1].style, Style.plain.bold)
  }

  func testLabelInsideIsClipped() {
    let bar = ProgressBar(
      fraction: 1, label: "Bar 12 of 16", labelPlacement: .inside, glyphs: .unicode)
    XCTAssertEqual(render(bar, width: 6).lines, ["Bar 1…"])
  }

  func testEveryRowIsTheBar() {
    let canvas = render(ProgressBar(fraction: 0.25, glyphs: .ascii), width: 4, height: 2)
    XCTAssertEqual(canvas.lines, ["#---", "#---"])
  }

  func testStaysInside() {
    assertDrawsOnlyInside { area, canvas in
      ProgressBar(fraction: 0.6, label: "60%", glyphs: .unicode).render(in: area, on: &canvas)
      ProgressBar(fraction: 0.6, label: "60%", labelPlacement: .inside, glyphs: .unicode).render(
        in: area, on: &canvas)
    }
  }
}
