import TestHelpers
import XCTest

@testable import TerminalUI

final class TakeMapViewTests: XCTestCase {
  typealias Grade = TakeMapView.Grade
  typealias Row = TakeMapView.Row

  /// Grades from runs: `[(3, .good), (2, .none)]` is three good bars, then two not played.
  private static func cells(_ runs: [(Int, Grade)]) -> [Grade] {
    runs.flatMap { Array(repeating: $0.1, count: $0.0) }
  }

  /// The best grade per bar over the takes that are not false starts, ranked as the protocol
  /// ranks them: an unrated bar above a poor one, below an ok one.
  private static func best(of rows: [Row], barCount: Int) -> [Grade] {
    let rank: [Grade] = [.none, .unusable, .poor, .unrated, .usable, .good, .excellent]
    return (0..<barCount).map { bar in
      rows.filter { !$0.isFalseStart }.map { bar < $0.cells.count ? $0.cells[bar] : .none }
        .max { rank.firstIndex(of: $0)! < rank.firstIndex(of: $1)! } ?? .none
    }
  }

  /// A movement of 60 bars, a pickup `0` to `58` with a `12a` after `12`, letters A–D; five
  /// takes: 7 opens well, 8 is a false start, 9 takes the middle with a broken stretch, 10
  /// the end, 11 runs through at ok and worse. Bars 26–30 (index) have nothing better than
  /// ±, the last bars nothing rated. The plan takes each stretch from its best take.
  private static func movement(glyphs: GlyphSet) -> TakeMapView {
    let labels = (0...12).map(String.init) + ["12a"] + (13...58).map(String.init)
    let rows = [
      Row(
        label: "7", cells: cells([(8, .excellent), (5, .good), (1, .poor), (7, .unrated)]),
        tagged: [10]),
      Row(label: "8", cells: cells([(4, .unrated)]), isFalseStart: true),
      Row(
        label: "9",
        cells: cells([
          (18, .none), (8, .good), (5, .unusable), (8, .usable), (7, .excellent),
        ]),
        tagged: [27, 33]),
      Row(label: "10", cells: cells([(40, .none), (9, .good), (4, .poor), (7, .unrated)])),
      Row(label: "11", cells: cells([(26, .usable), (5, .poor), (18, .unrated)])),
    ]
    let plan: [Int?] =
      Array(repeating: 0, count: 13) + Array(repeating: 4, count: 5)
      + Array(repeating: 2, count: 8) + Array(repeating: 4, count: 5)
      + Array(repeating: 2, count: 15) + Array(repeating: 3, count: 14)
    return TakeMapView(
      barLabels: labels, rehearsalMarks: [8: "A", 25: "B", 41: "C", 53: "D"], rows: rows,
      best: best(of: rows, barCount: labels.count), plan: plan,
      cursor: .init(bar: 45, row: 2), bestLabel: "best", planLabel: "plan", glyphs: glyphs)
  }

  /// The movement scrolled so the cursor shows, as the caller would do it.
  private func render(_ view: TakeMapView, width: Int, height: Int? = nil) -> Canvas {
    var view = view
    if let cursor = view.cursor {
      view.firstBar = TakeMapView.scrollOffset(
        view.firstBar, keeping: cursor.bar, visible: view.visibleBars(in: width),
        count: view.barLabels.count)
    }
    var canvas = Canvas(width: width, height: height ?? view.height)
    view.render(in: canvas.bounds, on: &canvas)
    return canvas
  }

  // MARK: Snapshots

  func testMovementUnicode80Snapshot() {
    assertCanvasSnapshot(render(Self.movement(glyphs: .unicode), width: 80))
  }

  func testMovementUnicode120Snapshot() {
    assertCanvasSnapshot(render(Self.movement(glyphs: .unicode), width: 120))
  }

  func testMovementASCII80Snapshot() {
    assertCanvasSnapshot(render(Self.movement(glyphs: .ascii), width: 80))
  }

  // MARK: Layout

  /// Eight bars, A at the fifth: take 1 through every grade with a problem tagged on bar 3,
  /// a false start, take 3 on bars 5–6 only. Bars 7 and 8 have nothing usable.
  private static func short(glyphs: GlyphSet = .ascii, plan: [Int?] = []) -> TakeMapView {
    let rows = [
      Row(
        label: "1",
        cells: [.excellent, .excellent, .good, .good, .usable, .poor, .unusable, .unrated],
        tagged: [2]),
      Row(label: "2", cells: [.unrated, .unrated], isFalseStart: true),
      Row(label: "3", cells: [.none, .none, .none, .none, .good, .good]),
    ]
    return TakeMapView(
      barLabels: (1...8).map(String.init), rehearsalMarks: [4: "A"], rows: rows,
      best: best(of: rows, barCount: 8), plan: plan, bestLabel: "best", planLabel: "plan",
      glyphs: glyphs)
  }

  func testTheMapReadsBarsAcrossAndTakesDown() {
    XCTAssertEqual(
      render(Self.short(), width: 22).lines,
      [
        "             A        ",
        "     1       5        ",
        "1    ####+!++oo--xx.. ",
        "2f   ....             ",
        "3            ++++     ",
        "best ####++++++++xx.. ",
        "                 ^ ^  ",
      ])
  }

  func testTheLabelColumnFitsTheLongestLabel() {
    var view = Self.short()
    XCTAssertEqual(view.labelWidth, 5, "best and a space")
    view.bestLabel = "="
    XCTAssertEqual(view.labelWidth, 3, "the false start's 2f and a space")
    view.rows.append(Row(label: "A12", cells: []))
    XCTAssertEqual(view.labelWidth, 4)
    view.planLabel = "editing plan"
    XCTAssertEqual(view.labelWidth, 4, "the plan's label counts only with a plan")
    view.plan = [0]
    XCTAssertEqual(view.labelWidth, 13)
  }

  func testBarsAndTakesFittingAnArea() {
    let view = Self.short()
    XCTAssertEqual(view.visibleBars(in: 80), 37, "two columns a bar after five of labels")
    XCTAssertEqual(view.visibleBars(in: 6), 0)
    XCTAssertEqual(view.visibleBars(in: 3), 0)
    XCTAssertEqual(view.visibleRows(in: 24), 20, "two header rows, best and flags")
    XCTAssertEqual(view.visibleRows(in: 3), 0)
    XCTAssertEqual(view.height, 7)
    XCTAssertEqual(Self.short(plan: [0]).visibleRows(in: 24), 19, "and the plan")
    XCTAssertEqual(Self.short(plan: [0]).height, 8)
  }

  func testAStaleOffsetStillFillsTheWindow() {
    XCTAssertEqual(TakeMapLayout.window(from: 0, count: 60, visible: 37), 0..<37)
    XCTAssertEqual(TakeMapLayout.window(from: 30, count: 60, visible: 37), 23..<60)
    XCTAssertEqual(TakeMapLayout.window(from: 5, count: 8, visible: 37), 0..<8)
    XCTAssertEqual(TakeMapLayout.window(from: -3, count: 60, visible: 10), 0..<10)
    XCTAssertEqual(TakeMapLayout.window(from: 4, count: 60, visible: 0), 4..<4)
  }

  func testTheScrollOffsetMovesOnlyToKeepTheCursorInView() {
    let offset = { (first: Int, index: Int) in
      TakeMapView.scrollOffset(first, keeping: index, visible: 10, count: 60)
    }
    XCTAssertEqual(offset(0, 9), 0, "in view: stays")
    XCTAssertEqual(offset(0, 10), 1, "one past the right edge: one bar on")
    XCTAssertEqual(offset(20, 5), 5, "left of the window: it starts at the cursor")
    XCTAssertEqual(offset(55, 58), 50, "never past the end")
    XCTAssertEqual(TakeMapView.scrollOffset(3, keeping: 2, visible: 10, count: 4), 0)
    XCTAssertEqual(TakeMapView.scrollOffset(0, keeping: 7, visible: 0, count: 60), 7)
  }

  /// Bars 4 to 8 and takes 2 and 3 of the short map: the letter over bar 5, the ruler from
  /// the first bar shown, the footer under the last take shown.
  func testTheWindowShowsTheBarsAndTakesFromItsOffsets() {
    var view = Self.short()
    view.firstBar = 3
    view.firstRow = 1
    XCTAssertEqual(
      render(view, width: 15, height: 6).lines,
      [
        "       A       ",
        "     4 5       ",
        "2f             ",
        "3      ++++    ",
        "best ++++++xx..",
        "           ^ ^ ",
      ])
  }

  func testAWindowPastALetterNamesItsSection() {
    var view = Self.short(glyphs: .unicode)
    view.firstBar = 5
    XCTAssertEqual(render(view, width: 11).lines[0], "◂A         ")
    view.firstBar = 4
    XCTAssertEqual(render(view, width: 11).lines[0], "     A     ", "the letter itself shows")
  }

  // MARK: Ruler

  /// Printed multiples of five, the first bar shown and the cursor's bar, each followed by a
  /// space; numbers that would touch are left out, the cursor's first.
  func testTheRulerNumbersFivesTheFirstBarAndTheCursor() {
    let labels = ["98", "99", "100", "100a", "101", "102", "103", "104", "105", "106", "107"]
    var view = TakeMapView(
      barLabels: labels, rows: [], best: [], bestLabel: "b", planLabel: "p", glyphs: .ascii)
    XCTAssertEqual(render(view, width: 24).lines[1], "  98  100         105   ")
    view.cursor = .init(bar: 3, row: nil)
    XCTAssertEqual(render(view, width: 24).lines[1], "  98    100a      105   ")
    view.cursor = .init(bar: 9, row: nil)
    XCTAssertEqual(render(view, width: 24).lines[1], "  98  100           106 ")
    view.firstBar = 1
    view.cursor = nil
    XCTAssertEqual(render(view, width: 22).lines[1], "  99            105   ", "100 would touch 99")
  }

  func testANumberThatWouldBeCutIsLeftOut() {
    let view = TakeMapView(
      barLabels: ["9", "10"], rows: [], best: [], bestLabel: "", planLabel: "", glyphs: .ascii)
    XCTAssertEqual(render(view, width: 4).lines[1], " 9  ")
    XCTAssertEqual(render(view, width: 5).lines[1], " 9 10")
  }

  // MARK: Glyphs and styles

  /// Without colour the glyph alone tells every grade apart, and from a tag and a flag.
  func testEveryGradeHasItsOwnGlyph() {
    for kind in GlyphSet.Kind.allCases {
      let marks = TakeMapGlyphs.named(kind)
      let glyphs = Grade.allCases.map(marks.glyph)
      XCTAssertEqual(Set(glyphs).count, Grade.allCases.count, "\(kind)")
      XCTAssertEqual(marks.glyph(.none), " ", "\(kind)")
      XCTAssertFalse(glyphs.contains(marks.tag), "\(kind)")
      XCTAssertFalse(glyphs.contains(marks.flag), "\(kind)")
      for glyph in glyphs + [marks.tag, marks.flag] {
        XCTAssertEqual(DisplayWidth.of(glyph), 1, "\(glyph)")
      }
    }
    XCTAssertEqual(
      Grade.allCases.map(TakeMapGlyphs.unicode.glyph), [" ", "·", "✗", "░", "▒", "▓", "█"])
    XCTAssertEqual(
      Grade.allCases.map(TakeMapGlyphs.ascii.glyph), [" ", ".", "x", "-", "o", "+", "#"])
  }

  func testGradesAreColouredFromBadToPerfect() {
    let canvas = render(Self.short(), width: 22)
    let styles = stride(from: 5, to: 21, by: 2).map { canvas[$0, 2].style.legendDescription }
    XCTAssertEqual(
      styles,
      [
        "fg=perfect", "fg=perfect", "fg=good", "fg=good", "fg=text", "fg=warn", "fg=bad",
        "fg=muted",
      ])
    XCTAssertEqual(canvas[10, 2].grapheme, "!", "bar 3's tag, in its second column")
    XCTAssertEqual(canvas[10, 2].style, Style.role(.bad).bold)
    XCTAssertEqual(canvas[9, 2].style, Style.role(.good), "its first column keeps the grade")
  }

  func testAFalseStartIsDimmedAndMarked() {
    let canvas = render(Self.short(), width: 22)
    XCTAssertEqual(canvas.text(row: 3, width: 2), "2f")
    XCTAssertEqual(canvas[0, 3].style, Style.role(.text).dimmed)
    XCTAssertEqual(canvas[5, 3].style, Style.role(.muted).dimmed)
  }

  func testOnlyBarsBelowOkAreFlagged() {
    XCTAssertEqual(Grade.allCases.filter(\.isUsable), [.usable, .good, .excellent])
    var view = Self.short()
    view.best = [.none, .unrated, .unusable, .poor, .usable, .good, .excellent]
    let canvas = render(view, width: 22)
    XCTAssertEqual(canvas.lines[5], "best   ..xx--oo++##   ", "the eighth bar has no best: none")
    XCTAssertEqual(canvas.lines[6], "     ^ ^ ^ ^       ^  ")
    XCTAssertEqual(canvas[5, 6].style, Style.role(.bad).bold)
  }

  // MARK: Plan

  /// Take 1 for bars 1–4, take 3 for 5–6, take 1 again for 7, nothing for 8.
  func testThePlanNamesItsTakesAndDimsTheRest() {
    let view = Self.short(plan: [0, 0, 0, 0, 2, 2, 0, nil])
    let canvas = render(view, width: 22)
    XCTAssertEqual(canvas.lines[7], "plan |1------|3--|1   ")
    XCTAssertEqual(canvas[6, 7].style, Style.role(.accent).bold, "the take's number")
    XCTAssertEqual(canvas[5, 7].style, Style.role(.accent))
    let dimmed = (5..<21).filter { canvas[$0, 2].style.attributes.contains(.dim) }
    XCTAssertEqual(dimmed, [13, 14, 15, 16, 19, 20], "take 1's bars 5, 6 and 8")
    XCTAssertEqual(canvas[10, 2].style, Style.role(.bad).bold, "a planned tag")
    XCTAssertEqual(canvas[13, 4].style, Style.role(.good), "take 3's planned bar")
    XCTAssertEqual(canvas[5, 5].style, Style.role(.perfect), "the best row is never dimmed")
  }

  func testAPlanRunTooShortForItsLabelIsALine() {
    var view = Self.short(plan: [0, 0, 0, 0, 2, 0, 0, 0])
    view.rows[2].label = "A13"
    XCTAssertEqual(render(view, width: 22).lines[7], "plan |1------|-|1---- ")
    view.plan = [nil, nil, nil, nil, 7, 2, 2, 2]
    XCTAssertEqual(
      render(view, width: 22).lines[7], "plan           |A13-- ", "a row out of range: no take")
  }

  // MARK: Cursor

  func testTheCursorReversesItsCellLabelAndBarNumber() {
    var view = Self.short()
    view.cursor = .init(bar: 5, row: 2)
    let canvas = render(view, width: 22)
    let reversed = (0..<canvas.size.height).flatMap { y in
      (0..<canvas.size.width).filter { canvas[$0, y].style.attributes.contains(.reverse) }
        .map { "\($0),\(y)" }
    }
    XCTAssertEqual(reversed, ["15,1", "0,4", "1,4", "2,4", "3,4", "15,4", "16,4"])
    XCTAssertEqual(canvas.lines[1], "     1       5 6      ")
    XCTAssertEqual(canvas[15, 4].style, Style.role(.good).reversed)
  }

  func testACursorWithoutATakeIsOnTheBestRow() {
    var view = Self.short()
    view.cursor = .init(bar: 0, row: nil)
    let canvas = render(view, width: 22)
    XCTAssertEqual(canvas[5, 5].style, Style.role(.perfect).reversed)
    XCTAssertEqual(canvas[0, 5].style, Style.role(.text).bold, "the label stays")
  }

  func testACursorOutOfViewIsNotDrawn() {
    var view = Self.short()
    view.firstRow = 2
    for cursor in [TakeMapView.Cursor(bar: 2, row: 0), .init(bar: 9, row: nil)] {
      view.cursor = cursor
      let canvas = render(view, width: 22, height: 5)
      let reversed = (0..<5).flatMap { y in
        (0..<22).filter { canvas[$0, y].style.attributes.contains(.reverse) }
      }
      XCTAssertEqual(reversed, cursor.row == 0 ? [9] : [], "only its bar's number: \(cursor)")
    }
  }

  // MARK: Clipping

  func testAShortAreaLosesTheFooterFromTheBottom() {
    let lines = render(Self.short(plan: [0]), width: 22, height: 4).lines
    XCTAssertEqual(lines[2], "best ####++++++++xx.. ", "no room for takes")
    XCTAssertEqual(lines[3], "                 ^ ^  ")
  }

  func testDrawsOnlyInsideItsArea() {
    for glyphs in [GlyphSet.unicode, .ascii] {
      assertDrawsOnlyInside { area, canvas in
        var view = Self.movement(glyphs: glyphs)
        view.firstBar = 20
        view.cursor = .init(bar: 21, row: 0)
        view.render(in: area, on: &canvas)
      }
    }
    assertDrawsOnlyInside { area, canvas in
      TakeMapView(
        barLabels: [], rows: [], best: [], plan: [nil], cursor: .init(bar: 0, row: 0),
        bestLabel: "best", planLabel: "plan", glyphs: .unicode
      ).render(in: area, on: &canvas)
    }
  }
}
