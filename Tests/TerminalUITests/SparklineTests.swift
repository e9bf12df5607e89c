import TerminalUI
import XCTest

final class SparklineTests: XCTestCase {
  func render(_ sparkline: Sparkline, width: Int = 8) -> Canvas {
    var canvas = Canvas(width: width, height: 1, fill: Cell("."))
    sparkline.render(in: canvas.bounds, on: &canvas)
    return canvas
  }

  func testScalesBetweenTheSmallestAndLargestValue() {
    let values = (0..<8).map(Double.init)
    XCTAssertEqual(render(Sparkline(values: values, glyphs: .unicode)).lines, ["▁▂▃▄▅▆▇█"])
    let shifted = values.map { $0 * 10 + 100 }
    XCTAssertEqual(render(Sparkline(values: shifted, glyphs: .unicode)).lines, ["▁▂▃▄▅▆▇█"])
  }

  func testKeepsTheNewestValuesAtTheRight() {
    let values = (0..<20).map(Double.init)
    let canvas = render(Sparkline(values: values, glyphs: .unicode), width: 5)
    // Only 15…19 are shown, so they span the whole range.
    XCTAssertEqual(canvas.lines, ["▁▃▅▆█"])
  }

  func testFewerValuesThanColumnsStartAtTheLeft() {
    let canvas = render(Sparkline(values: [1, 3], glyphs: .ascii), width: 5)
    XCTAssertEqual(canvas.lines, ["_#   "])
  }

  func testGivenRangeIsUsedAndValuesOutsideAreClamped() {
    let sparkline = Sparkline(values: [5, -10, 10, 99], minimum: 0, maximum: 10, glyphs: .unicode)
    XCTAssertEqual(render(sparkline, width: 4).lines, ["▅▁██"])
  }

  func testFlatSeriesSitsInTheMiddle() {
    XCTAssertEqual(render(Sparkline(values: [4, 4, 4], glyphs: .unicode), width: 3).lines, ["▅▅▅"])
    XCTAssertEqual(render(Sparkline(values: [4, 4, 4], glyphs: .ascii), width: 3).lines, ["==="])
  }

  func testMissingValuesAreGaps() {
    let canvas = render(Sparkline(values: [0, .nan, 1, .infinity], glyphs: .ascii), width: 4)
    XCTAssertEqual(canvas.lines, ["_ # "])
  }

  func testNoValuesClearsTheRow() {
    XCTAssertEqual(render(Sparkline(values: [], glyphs: .ascii), width: 3).lines, ["   "])
  }

  func testStyle() {
    let canvas = render(Sparkline(values: [1, 2], glyphs: .ascii, style: .role(.good)), width: 3)
    XCTAssertEqual(canvas[0, 0].style, .role(.good))
    XCTAssertEqual(canvas[2, 0].style, .plain)
  }

  func testUsesOnlyTheFirstRow() {
    var canvas = Canvas(width: 3, height: 2, fill: Cell("."))
    Sparkline(values: [1, 2, 3], glyphs: .ascii).render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(canvas.lines, ["_=#", "..."])
  }

  func testStaysInside() {
    assertDrawsOnlyInside { area, canvas in
      Sparkline(values: (0..<60).map { Double($0 % 7) }, glyphs: .unicode).render(
        in: area, on: &canvas)
    }
  }
}
