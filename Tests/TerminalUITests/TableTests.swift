import TerminalUI
import XCTest

final class TableTests: XCTestCase {
  let columns: [Table.Column] = [
    .init("Exercise", width: .flexible(2)),
    .init("BPM", width: .fixed(5), alignment: .trailing),
    .init("Score", width: .flexible(1), alignment: .center),
  ]
  let rows = [
    ["Major scales", "96", "88%"],
    ["Arpeggios in three octaves", "120", "71%"],
    ["Sight reading", "", "—"],
  ]

  func render(_ table: Table, width: Int = 30, height: Int = 4) -> Canvas {
    var canvas = Canvas(width: width, height: height, fill: Cell("."))
    table.render(in: canvas.bounds, on: &canvas)
    return canvas
  }

  func testColumnsShareTheWidth() {
    // 30 columns less two gaps: BPM takes 5, the 23 left split 2:1 as 16 and 7.
    let canvas = render(Table(columns: columns, rows: rows, glyphs: .unicode))
    XCTAssertEqual(
      canvas.lines,
      [
        "Exercise           BPM  Score ",
        "Major scales        96   88%  ",
        "Arpeggios in th…   120   71%  ",
        "Sight reading             —   ",
      ])
  }

  func testHeaderIsBoldAccent() {
    let canvas = render(Table(columns: columns, rows: rows, glyphs: .unicode))
    XCTAssertEqual(canvas[0, 0].style, Style.role(.accent).bold)
    XCTAssertEqual(canvas[29, 0].style, Style.role(.accent).bold)
    XCTAssertEqual(canvas[0, 1].style, .plain)
  }

  func testSelectedRowIsHighlightedAcrossTheWidth() {
    let canvas = render(Table(columns: columns, rows: rows, selected: 1, glyphs: .unicode))
    for x in 0..<30 {
      XCTAssertEqual(canvas[x, 2].style, Style.plain.on(.selection).bold, "column \(x)")
      XCTAssertNil(canvas[x, 1].style.background, "column \(x)")
      XCTAssertNil(canvas[x, 3].style.background, "column \(x)")
    }
  }

  func testASCIIEllipsis() {
    let canvas = render(Table(columns: columns, rows: rows, glyphs: .ascii))
    XCTAssertEqual(canvas.lines[2], "Arpeggios in...    120   71%  ")
  }

  func testMissingCellsAreBlankAndExtraCellsIgnored() {
    let ragged = [["Tuning"], ["Chords", "80", "90%", "extra"]]
    let canvas = render(Table(columns: columns, rows: ragged, glyphs: .ascii), height: 3)
    XCTAssertEqual(
      canvas.lines,
      [
        "Exercise           BPM  Score ",
        "Tuning                        ",
        "Chords              80   90%  ",
      ])
  }

  func testScrollOffsetAndStaleOffset() {
    let many = (1...9).map { ["Take \($0)", "\($0 * 10)", ""] }
    let table = Table(columns: columns, rows: many, selected: 5, scrollOffset: 4, glyphs: .ascii)
    XCTAssertEqual(
      render(table, height: 3).lines,
      [
        "Exercise           BPM  Score ",
        "Take 5              50        ",
        "Take 6              60        ",
      ])
    let stale = Table(columns: columns, rows: many, scrollOffset: 20, glyphs: .ascii)
    XCTAssertEqual(render(stale, height: 3).lines.last, "Take 9              90        ")
  }

  func testFewerRowsThanLinesClearsTheRest() {
    let canvas = render(Table(columns: columns, rows: [], glyphs: .ascii), height: 2)
    XCTAssertEqual(canvas.lines[1], String(repeating: " ", count: 30))
  }

  func testFixedColumnsWiderThanTheAreaAreCut() {
    let wide: [Table.Column] = [.init("Name", width: .fixed(8)), .init("Value", width: .fixed(8))]
    let canvas = render(
      Table(columns: wide, rows: [["Tempo", "120"]], glyphs: .unicode), width: 12, height: 2)
    XCTAssertEqual(canvas.lines, ["Name     Va…", "Tempo    120"])
  }

  func testFlexibleWeightsSplitExactly() {
    let even: [Table.Column] = [.init("A"), .init("B"), .init("C")]
    // 10 columns less two gaps leave 8: shares of 3, 3 and 2.
    let table = Table(columns: even, rows: [["aaa", "bbb", "cc"]], glyphs: .ascii)
    XCTAssertEqual(render(table, width: 10, height: 2).lines, ["A   B   C ", "aaa bbb cc"])
  }

  func testStaysInside() {
    assertDrawsOnlyInside { area, canvas in
      Table(columns: columns, rows: rows, selected: 0, glyphs: .unicode).render(
        in: area, on: &canvas)
    }
  }
}
