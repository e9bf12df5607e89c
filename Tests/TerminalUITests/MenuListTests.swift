import TerminalUI
import XCTest

final class MenuListTests: XCTestCase {
  let items: [MenuList.Item] = [
    .init("Notes"),
    .init("Fretboard"),
    .init("Metronome", detail: "120 BPM"),
    .init("Protocol", isEnabled: false),
  ]

  func render(_ menu: MenuList, width: Int = 24, height: Int = 4) -> Canvas {
    var canvas = Canvas(width: width, height: height)
    menu.render(in: canvas.bounds, on: &canvas)
    return canvas
  }

  func testRowsWithPointerAndRightAlignedDetail() {
    let canvas = render(MenuList(items: items, selected: 1, glyphs: .unicode))
    XCTAssertEqual(
      canvas.lines,
      [
        "   Notes                ",
        " ▸ Fretboard            ",
        "   Metronome    120 BPM ",
        "   Protocol             ",
      ])
  }

  func testSelectedRowIsHighlightedAcrossTheWidth() {
    let canvas = render(MenuList(items: items, selected: 1, glyphs: .ascii))
    XCTAssertEqual(canvas.lines[1], " > Fretboard            ")
    for x in 0..<24 {
      XCTAssertEqual(canvas[x, 1].style.background, .selection, "column \(x)")
      XCTAssertNil(canvas[x, 0].style.background, "column \(x)")
      XCTAssertNil(canvas[x, 2].style.background, "column \(x)")
    }
    XCTAssertEqual(canvas[1, 1].style, Style.role(.accent).bold.on(.selection))
    XCTAssertEqual(canvas[3, 1].style, Style.plain.bold.on(.selection))
  }

  func testDetailIsMutedAndDisabledItemsAreMuted() {
    let canvas = render(MenuList(items: items, selected: 0, glyphs: .unicode))
    XCTAssertEqual(canvas[16, 2].style, .role(.muted))
    XCTAssertEqual(canvas[3, 2].style, .plain)
    XCTAssertEqual(canvas[3, 3].style, .role(.muted))
  }

  func testNoSelection() {
    let canvas = render(MenuList(items: items, selected: nil, glyphs: .unicode))
    XCTAssertFalse(canvas.lines.joined().contains("▸"))
    for y in 0..<4 {
      for x in 0..<24 {
        XCTAssertNil(canvas[x, y].style.background)
      }
    }
  }

  func testLongTitlesAreClippedWithTheEllipsis() {
    let long = [MenuList.Item("Interval training")]
    XCTAssertEqual(
      render(MenuList(items: long, selected: 0, glyphs: .unicode), width: 12, height: 1).lines,
      [" ▸ Interva… "])
    XCTAssertEqual(
      render(MenuList(items: long, selected: 0, glyphs: .ascii), width: 12, height: 1).lines,
      [" > Inter... "])
  }

  func testTitleAndDetailShareANarrowRow() {
    let item = [MenuList.Item("Count-in", detail: "2 bars before start")]
    XCTAssertEqual(
      render(MenuList(items: item, selected: nil, glyphs: .unicode), width: 20, height: 1).lines,
      ["   Count-in  2 bar… "])
  }

  func testScrollOffsetPicksTheFirstRowShown() {
    let many = (0..<10).map { MenuList.Item("Item \($0)") }
    let canvas = render(
      MenuList(items: many, selected: 5, scrollOffset: 4, glyphs: .ascii), width: 12, height: 3)
    XCTAssertEqual(canvas.lines, ["   Item 4   ", " > Item 5   ", "   Item 6   "])
  }

  func testStaleScrollOffsetStillFillsTheRows() {
    let many = (0..<10).map { MenuList.Item("Item \($0)") }
    let canvas = render(
      MenuList(items: many, selected: 9, scrollOffset: 9, glyphs: .ascii), width: 12, height: 3)
    XCTAssertEqual(canvas.lines, ["   Item 7   ", "   Item 8   ", " > Item 9   "])
  }

  func testFewerItemsThanRowsClearsTheRest() {
    var canvas = Canvas(width: 10, height: 3, fill: Cell("."))
    MenuList(items: [.init("One")], selected: 0, glyphs: .ascii).render(
      in: canvas.bounds, on: &canvas)
    XCTAssertEqual(canvas.lines, [" > One    ", "          ", "          "])
  }

  func testScrollOffsetHelperKeepsTheSelectionVisible() {
    XCTAssertEqual(MenuList.scrollOffset(selected: 3, current: 0, visibleRows: 5), 0)
    XCTAssertEqual(MenuList.scrollOffset(selected: 4, current: 0, visibleRows: 5), 0)
    XCTAssertEqual(MenuList.scrollOffset(selected: 5, current: 0, visibleRows: 5), 1)
    XCTAssertEqual(MenuList.scrollOffset(selected: 9, current: 2, visibleRows: 5), 5)
    XCTAssertEqual(MenuList.scrollOffset(selected: 1, current: 4, visibleRows: 5), 1)
    XCTAssertEqual(MenuList.scrollOffset(selected: 4, current: 4, visibleRows: 5), 4)
  }

  func testScrollOffsetHelperWithNoRoomOrBadInput() {
    XCTAssertEqual(MenuList.scrollOffset(selected: 3, current: 1, visibleRows: 0), 3)
    XCTAssertEqual(MenuList.scrollOffset(selected: -1, current: 2, visibleRows: 5), 0)
    XCTAssertEqual(MenuList.scrollOffset(selected: 2, current: -4, visibleRows: 3), 0)
  }

  func testStaysInside() {
    assertDrawsOnlyInside { area, canvas in
      MenuList(items: items, selected: 2, scrollOffset: 1, glyphs: .unicode).render(
        in: area, on: &canvas)
    }
  }
}
