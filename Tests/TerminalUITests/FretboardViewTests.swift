import MusicTheory
import TerminalUI
import TestHelpers
import XCTest

final class FretboardViewTests: XCTestCase {
  /// The C major scale within `frets`, each note labelled with its interval from C and the Cs
  /// drawn as tonics.
  private func cMajor(on tuning: Tuning, frets: ClosedRange<Int>) -> [FretboardView.Dot] {
    let scale: Set = [0, 2, 4, 5, 7, 9, 11]
    return scale.sorted().flatMap { pitchClass in
      tuning.positions(of: pitchClass, frets: frets).map { position in
        FretboardView.Dot(
          position, label: Interval.guitarLabel(semitones: pitchClass),
          style: pitchClass == 0 ? FretboardView.Dot.tonicStyle : FretboardView.Dot.toneStyle)
      }
    }
  }

  /// The view drawn on a canvas one cell larger all round, so the snapshot shows its edges.
  private func framed(_ view: FretboardView) -> Canvas {
    var canvas = Canvas(width: view.width + 2, height: view.height + 2)
    view.render(in: canvas.bounds.inset(by: 1), on: &canvas)
    return canvas
  }

  /// The view alone on a canvas of its size.
  private func render(_ view: FretboardView) -> Canvas {
    var canvas = Canvas(width: view.width, height: view.height)
    view.render(in: canvas.bounds, on: &canvas)
    return canvas
  }

  func testCMajorOpenPositionSnapshot() {
    let view = FretboardView(
      tuning: .guitarStandard, dots: cMajor(on: .guitarStandard, frets: 0...3), glyphs: .unicode)
    assertCanvasSnapshot(framed(view))
  }

  func testCMajorOpenPositionASCIISnapshot() {
    let view = FretboardView(
      tuning: .guitarStandard, dots: cMajor(on: .guitarStandard, frets: 0...3), glyphs: .ascii)
    assertCanvasSnapshot(framed(view))
  }

  func testLeftHandedSnapshot() {
    let view = FretboardView(
      tuning: .guitarStandard, dots: cMajor(on: .guitarStandard, frets: 0...3),
      cursor: FretPosition(string: 3, fret: 5), isLeftHanded: true, glyphs: .unicode)
    assertCanvasSnapshot(framed(view))
  }

  func testBassSnapshot() {
    let view = FretboardView(
      tuning: .bass, dots: cMajor(on: .bass, frets: 2...5),
      cursor: FretPosition(string: 1, fret: 7), glyphs: .unicode)
    assertCanvasSnapshot(framed(view))
  }

  func testAUkuleleNeckEndsAtItsFifteenthFret() {
    let view = FretboardView(tuning: .ukulele, frets: 0...24, glyphs: .unicode)
    XCTAssertEqual(view.window(startingAt: 10, fitting: 200), 10...15)
    var canvas = Canvas(width: view.width, height: view.height)
    view.render(in: canvas.bounds, on: &canvas)
    let numbers = canvas.lines.last ?? ""
    XCTAssertTrue(numbers.contains("15"), numbers)
    XCTAssertFalse(numbers.contains("16"), numbers)
    XCTAssertEqual(
      FretboardView(tuning: .guitarStandard, glyphs: .unicode).window(
        startingAt: 20, fitting: 200), 20...24)
  }

  func testDrawsOnlyInsideItsArea() {
    let dots = cMajor(on: .guitarStandard, frets: 0...12)
    let cursor = FretPosition(string: 2, fret: 1)
    for isLeftHanded in [false, true] {
      for glyphs in [GlyphSet.unicode, .ascii] {
        assertDrawsOnlyInside { area, canvas in
          FretboardView(
            tuning: .guitarStandard, dots: dots, cursor: cursor, isLeftHanded: isLeftHanded,
            glyphs: glyphs
          ).render(in: area, on: &canvas)
        }
      }
    }
    assertDrawsOnlyInside { area, canvas in
      FretboardView(tuning: .ukulele, frets: 20...30, glyphs: .unicode).render(
        in: area, on: &canvas)
    }
  }

  func testAZeroSizeAreaChangesNothing() {
    let view = FretboardView(
      tuning: .guitarStandard, dots: cMajor(on: .guitarStandard, frets: 0...12),
      cursor: FretPosition(string: 1, fret: 0), glyphs: .unicode)
    for area in [
      Rect.zero, Rect(x: 2, y: 1, width: 0, height: 8), Rect(x: 2, y: 1, width: 30, height: 0),
    ] {
      var canvas = Canvas(width: 40, height: 10, fill: Cell("."))
      let before = canvas
      view.render(in: area, on: &canvas)
      XCTAssertEqual(canvas, before, "\(area)")
    }
  }

  func testATooSmallAreaKeepsTheNamesAndTheNut() {
    var canvas = Canvas(width: 10, height: 3)
    FretboardView(tuning: .guitarStandard, glyphs: .unicode).render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(canvas.lines, ["E     ╟───", "B     ╟───", "G     ╟───"])
    FretboardView(tuning: .guitarStandard, isLeftHanded: true, glyphs: .unicode)
      .render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(canvas.lines, ["───╢     E", "───╢     B", "───╢     G"])
  }

  func testTheNeckRowsStringsNamesAndWires() {
    let canvas = render(FretboardView(tuning: .ukulele, frets: 0...3, glyphs: .ascii))
    XCTAssertEqual(
      canvas.lines,
      [
        "A     |----+----+----+",
        "E     |----+----+----+",
        "C     |----+----+----+",
        "G     |----+----+----+",
        "                   *  ",
        "    0    1    2    3  ",
      ], "string 1 at the top, the re-entrant G string at the bottom")
  }

  func testAWindowAboveTheNutHasNoNutAndNoOpenStrings() {
    let view = FretboardView(
      tuning: .guitarStandard, frets: 5...11,
      dots: [.init(FretPosition(string: 1, fret: 0), label: "3")], glyphs: .unicode)
    let canvas = render(view)
    XCTAssertEqual(canvas.lines[0], "E ├────┼────┼────┼────┼────┼────┼────┤")
    XCTAssertEqual(canvas.lines[6], "     •         •         •            ")
    XCTAssertEqual(canvas.lines[7], "     5    6    7    8    9   10   11  ")
    XCTAssertFalse(canvas.lines.joined().contains("╟"))
    XCTAssertFalse(canvas.lines.joined().contains("3"), "the open string is not shown")
  }

  func testInlaysUnderTheNeckWithTwoAtTheOctave() {
    let canvas = render(FretboardView(tuning: .guitarStandard, frets: 0...12, glyphs: .unicode))
    let markers = canvas.lines[6]
    let numbers = canvas.lines[7]
    XCTAssertEqual(
      markers, "                   •         •         •         •             ••  ")
    let (markerCells, numberCells) = (Array(markers), Array(numbers))
    for fret in [3, 5, 7, 9] {
      let x = numberCells.firstIndex(of: Character(String(fret)))
      XCTAssertEqual(x.map { markerCells[$0] }, "•", "a marker over fret \(fret)'s number")
    }
    let twelve = numberCells.indices.filter { $0 > 60 && numberCells[$0] != " " }
    XCTAssertEqual(twelve.map { String(numberCells[$0]) + String(markerCells[$0]) }, ["1•", "2•"])
    XCTAssertEqual(canvas[19, 6].style, .role(.muted))
  }

  func testTheCursorShowsOnAnEmptyFret() {
    let canvas = render(
      FretboardView(
        tuning: .guitarStandard, cursor: FretPosition(string: 3, fret: 2), glyphs: .unicode))
    // Fret 2's space on the third row: names (1), a gap, the open strings (4), the nut, fret 1.
    XCTAssertEqual(canvas.text(row: 2, from: 12, width: 4), "────")
    for x in 12..<16 {
      XCTAssertEqual(canvas[x, 2].style, Style.role(.muted).on(.selection), "column \(x)")
    }
    for (x, y) in [(11, 2), (16, 2), (12, 1), (12, 3)] {
      XCTAssertNil(canvas[x, y].style.background, "(\(x), \(y))")
    }
  }

  func testTheCursorOverADotKeepsTheDotsColour() {
    let position = FretPosition(string: 2, fret: 1)
    let canvas = render(
      FretboardView(
        tuning: .guitarStandard,
        dots: [.init(position, label: "1", style: FretboardView.Dot.tonicStyle)],
        cursor: position, glyphs: .unicode))
    XCTAssertEqual(canvas.text(row: 1, from: 7, width: 4), "──1─")
    XCTAssertEqual(canvas[9, 1].style, FretboardView.Dot.tonicStyle.on(.selection))
  }

  func testTheTonicStandsOutFromTheOtherNotes() {
    let canvas = render(
      FretboardView(
        tuning: .guitarStandard, frets: 0...3,
        dots: [
          .init(FretPosition(string: 5, fret: 3), label: "1", style: FretboardView.Dot.tonicStyle),
          .init(FretPosition(string: 4, fret: 2), label: "3"),
          .init(FretPosition(string: 6, fret: 1)),
        ], glyphs: .unicode))
    let tonic = canvas[19, 4]
    let third = canvas[14, 3]
    XCTAssertEqual(tonic.grapheme, "1")
    XCTAssertEqual(third.grapheme, "3")
    XCTAssertEqual(canvas[9, 5].grapheme, "●", "no label draws a plain dot")
    XCTAssertEqual(tonic.style, Style.role(.accent).bold)
    XCTAssertEqual(third.style, .role(.text))
    XCTAssertNotEqual(tonic.style, third.style)
  }

  func testLabelsAreCutAndDotsOffTheNeckSkipped() {
    let canvas = render(
      FretboardView(
        tuning: .guitarStandard, frets: 0...3,
        dots: [
          .init(FretPosition(string: 1, fret: 1)),
          .init(FretPosition(string: 1, fret: 2), label: "#4/b5"),
          .init(FretPosition(string: 7, fret: 1), label: "X"),
          .init(FretPosition(string: 1, fret: 4), label: "Y"),
        ], glyphs: .ascii))
    XCTAssertEqual(canvas.lines[0], "E     |--o-+#4/b+----+")
    XCTAssertFalse(canvas.lines.joined().contains("X"))
    XCTAssertFalse(canvas.lines.joined().contains("Y"))
  }

  /// Left-handed is the same drawing in a mirror: fret 3 comes out right of fret 5, the nut
  /// on the right, and single-character rows read backwards with mirrored junctions.
  func testLeftHandedIsTheMirrorImage() throws {
    let dots =
      cMajor(on: .guitarStandard, frets: 0...9).filter { $0.position.fret != 3 } + [
        .init(FretPosition(string: 1, fret: 3), label: "X")
      ]
    let right = FretboardView(tuning: .guitarStandard, frets: 0...9, dots: dots, glyphs: .unicode)
    var left = right
    left.isLeftHanded = true
    let (rightCanvas, leftCanvas) = (render(right), render(left))
    let mirror: [Character: Character] = ["╟": "╢", "├": "┤", "┤": "├"]
    for y in 0..<right.height {
      let mirrored = String(rightCanvas.lines[y].reversed().map { mirror[$0] ?? $0 })
      XCTAssertEqual(leftCanvas.lines[y], mirrored, "row \(y)")
    }
    func column(of character: Character, row: Int, in canvas: Canvas) throws -> Int {
      try XCTUnwrap(Array(canvas.lines[row]).firstIndex(of: character))
    }
    XCTAssertGreaterThan(
      try column(of: "X", row: 0, in: leftCanvas), try column(of: "5", row: 7, in: leftCanvas),
      "left-handed, fret 3 lies right of fret 5")
    XCTAssertLessThan(
      try column(of: "X", row: 0, in: rightCanvas), try column(of: "5", row: 7, in: rightCanvas))
    XCTAssertEqual(leftCanvas.lines[0].last, "E")
    for y in 0..<right.height {
      for x in 0..<right.width {
        XCTAssertEqual(leftCanvas[x, y].style, rightCanvas[right.width - 1 - x, y].style)
      }
    }
  }

  func testWidthAndTheWindowThatFits() {
    let view = FretboardView(tuning: .guitarStandard, glyphs: .unicode)
    XCTAssertEqual(view.width, 67)
    XCTAssertEqual(view.height, 8)
    XCTAssertEqual(view.window(startingAt: 0, fitting: 67), 0...12)
    XCTAssertEqual(view.window(startingAt: 0, fitting: 66), 0...11)
    XCTAssertEqual(view.window(startingAt: 0, fitting: 3), 0...0)
    XCTAssertEqual(view.window(startingAt: 5, fitting: 38), 5...11)
    XCTAssertEqual(view.window(startingAt: 20, fitting: 200), 20...24)
    XCTAssertEqual(view.window(startingAt: 30, fitting: 200), 24...24)
    var flats = view
    flats.tuning = .halfStepDown
    XCTAssertEqual(flats.width, 68, "E♭ takes two columns")
    XCTAssertEqual(render(flats).lines[0].prefix(3), "E♭ ")
    var latin = view
    latin.naming = .latin
    XCTAssertEqual(render(latin).lines.prefix(3).map { $0.prefix(4) }, [" Mi ", " Si ", "Sol "])
  }
}
