import MusicTheory
import TerminalUI
import TestHelpers
import XCTest

final class StaffViewTests: XCTestCase {
  private let allPitches: [Note] = (1...8).flatMap { octave in
    Letter.allCases.filter { octave < 8 || $0 == .C }.map { Note($0, octave: octave) }
  }

  /// One note drawn alone, and where its head, ledger lines and octave mark came out.
  private func draw(_ note: Note, in clef: Clef) -> (view: StaffView, lines: [String]) {
    let view = StaffView(clef: clef, notes: [note], glyphs: .ascii)
    var canvas = Canvas(width: view.width, height: view.height)
    view.render(in: canvas.bounds, on: &canvas)
    return (view, canvas.lines.map { $0 })
  }

  /// Every pitch from C1 to C8 in every clef lands on the row of its staff position, with one
  /// ledger line per line it passes outside the staff, and an octave mark when it is moved.
  func testEveryPitchFromC1ToC8InEveryClefIsDrawnWhereItBelongs() {
    for clef in Clef.allCases {
      for note in allPitches {
        let (view, lines) = draw(note, in: clef)
        let x = view.headX(ofSlot: 0)
        let (position, octaves) = view.placement(of: note)
        XCTAssertEqual(
          clef.position(of: note), position + 7 * octaves,
          "\(note) in \(clef) is not an octave away")
        XCTAssertTrue(
          (-2 * view.maxLedgerLines...Clef.topLine + 2 * view.maxLedgerLines)
            .contains(position), "\(note) in \(clef)")
        let heads = lines.indices.filter { Array(lines[$0])[x] == "o" }
        XCTAssertEqual(heads, [view.positions.upperBound - position], "\(note) in \(clef)")
        let ledgers = lines.indices.filter { row in
          let cells = Array(lines[row])
          let rowPosition = view.positions.upperBound - row
          return !(0...Clef.topLine).contains(rowPosition) && cells[x - 1] == "-"
            && cells[x + 1] == "-"
        }
        let expected =
          position > Clef.topLine ? (position - Clef.topLine) / 2 : position < 0 ? -position / 2 : 0
        XCTAssertEqual(
          ledgers.count, expected, "\(note) in \(clef): \(lines.joined(separator: "\n"))")
        let marks = ["8va", "15ma", "22ma", "8vb", "15mb", "22mb"].filter { mark in
          lines.contains { $0.contains(mark) }
        }
        let expectedMark =
          octaves > 0
          ? ["8va", "15ma", "22ma"][octaves - 1]
          : octaves < 0 ? ["8vb", "15mb", "22mb"][-octaves - 1] : nil
        XCTAssertEqual(marks, expectedMark.map { [$0] } ?? [], "\(note) in \(clef)")
      }
    }
  }

  func testMiddleCSitsOnTheRightLineInEachClef() {
    let middleC = Note(.C, octave: 4)
    let expected: [Clef: Int] = [
      .treble: -2, .bass: 10, .alto: 4, .tenor: 6, .soprano: 0, .mezzoSoprano: 2, .baritone: 8,
      .treble8vb: 5,
    ]
    for clef in Clef.allCases {
      XCTAssertEqual(StaffView.placement(of: middleC, in: clef).position, expected[clef], "\(clef)")
    }
  }

  func testAShortAreaMovesFarNotesByOctavesInsteadOfCuttingThemOff() {
    let view = StaffView(clef: .treble, notes: [Note(.C, octave: 3)], glyphs: .ascii)
    XCTAssertEqual(view.placement(of: Note(.C, octave: 3)).octaves, 0, "five ledger lines below")
    var canvas = Canvas(width: view.width, height: 14)
    view.render(in: canvas.bounds, on: &canvas)
    let text = canvas.lines.joined(separator: "\n")
    XCTAssertTrue(text.contains("o"), text)
    XCTAssertTrue(text.contains("8vb"), text)
  }

  func testAccidentalsFollowTheKey() throws {
    let g = try XCTUnwrap(KeySignature(parsing: "G"))
    let view = StaffView(clef: .treble, key: g, glyphs: .unicode)
    XCTAssertNil(view.writtenAccidental(of: Note(.F, .sharp, octave: 5)))
    XCTAssertEqual(view.writtenAccidental(of: Note(.F, octave: 5)), "♮")
    XCTAssertEqual(view.writtenAccidental(of: Note(.C, .sharp, octave: 5)), "♯")
    XCTAssertEqual(view.writtenAccidental(of: Note(.E, .doubleFlat, octave: 4)), "𝄫")
    let ascii = StaffView(clef: .treble, glyphs: .ascii)
    XCTAssertEqual(ascii.writtenAccidental(of: Note(.E, .doubleFlat, octave: 4)), "bb")
    XCTAssertEqual(ascii.writtenAccidental(of: Note(.G, .doubleSharp, octave: 4)), "x")
    XCTAssertNil(ascii.writtenAccidental(of: Note(.G, octave: 4)))
  }

  /// A mark is a second note in a slot, in its own style over the slot's note: it widens the
  /// staff past the notes (a cursor after the last) and heightens it for its ledger lines.
  func testMarksAreDrawnInTheirSlotsInTheirStyle() {
    var view = StaffView(
      clef: .treble, notes: [Note(.E, octave: 4), Note(.G, octave: 4)], glyphs: .ascii)
    let plain = (width: view.width, positions: view.positions)
    view.marks = [nil, Note(.C, octave: 5), Note(.A, octave: 5)]
    view.markStyle = Style.role(.bad).bold
    XCTAssertEqual(view.width, plain.width + 5)
    XCTAssertEqual(view.positions.upperBound, Clef.treble.position(of: Note(.A, octave: 5)) + 1)
    XCTAssertEqual(view.positions.lowerBound, plain.positions.lowerBound)
    var canvas = Canvas(width: view.width, height: view.height)
    view.render(in: canvas.bounds, on: &canvas)
    let row = { (note: Note) in view.positions.upperBound - Clef.treble.position(of: note) }
    let g4 = canvas[view.headX(ofSlot: 1), row(Note(.G, octave: 4))]
    XCTAssertEqual(g4.grapheme, "o")
    XCTAssertEqual(g4.style, view.noteStyle)
    let c5 = canvas[view.headX(ofSlot: 1), row(Note(.C, octave: 5))]
    XCTAssertEqual(c5.grapheme, "o")
    XCTAssertEqual(c5.style, Style.role(.bad).bold)
    XCTAssertEqual(canvas[view.headX(ofSlot: 2), row(Note(.A, octave: 5))].style, view.markStyle)
    XCTAssertEqual(canvas[view.headX(ofSlot: 0), row(Note(.C, octave: 5))].grapheme, " ")

    // On the line of the slot's note, beside it: G♯ where G was, the sharp between the heads.
    view.marks = [nil, Note(.G, .sharp, octave: 4)]
    canvas = Canvas(width: view.width, height: view.height)
    view.render(in: canvas.bounds, on: &canvas)
    let x = view.headX(ofSlot: 1)
    let y = row(Note(.G, octave: 4))
    XCTAssertEqual(canvas[x, y].style, view.noteStyle, "the right note stays")
    XCTAssertEqual(canvas[x + 1, y].grapheme, "#")
    XCTAssertEqual(canvas[x + 3, y].grapheme, "o")
    XCTAssertEqual(canvas[x + 3, y].style, view.markStyle)
  }

  func testDrawsOnlyInsideItsArea() {
    let notes = [Note(.C, octave: 4), Note(.A, .flat, octave: 5), Note(.C, octave: 8)]
    assertDrawsOnlyInside { area, canvas in
      StaffView(clef: .alto, key: KeySignature(fifths: -3)!, notes: notes, glyphs: .unicode)
        .render(in: area, on: &canvas)
    }
    assertDrawsOnlyInside { area, canvas in
      GrandStaffView(notes: notes, barsAfter: [0], glyphs: .ascii).render(in: area, on: &canvas)
    }
  }

  /// Every clef at both screen sizes: a scale across the staff, a key signature, a bar line
  /// and notes far enough out to need ledger lines.
  func testEveryClefSnapshot() throws {
    let scale = ["C4", "E4", "G4", "B4", "D5", "F#5", "A5", "C3", "Bb2"].compactMap(
      Note.init(parsing:))
    for size in [Size(width: 80, height: 24), Size(width: 120, height: 40)] {
      for clef in Clef.allCases {
        var canvas = Canvas(size: size)
        let view = StaffView(
          clef: clef, key: try XCTUnwrap(KeySignature(parsing: "D")), notes: scale, barsAfter: [3],
          glyphs: .unicode)
        view.render(in: canvas.bounds.inset(by: 1), on: &canvas)
        assertCanvasSnapshot(canvas, named: "\(clef.rawValue).\(size.width)x\(size.height)")
      }
      var canvas = Canvas(size: size)
      GrandStaffView(
        key: try XCTUnwrap(KeySignature(parsing: "Bb")), notes: scale, barsAfter: [3],
        glyphs: .ascii
      ).render(in: canvas.bounds.inset(by: 1), on: &canvas)
      assertCanvasSnapshot(canvas, named: "grand.ascii.\(size.width)x\(size.height)")
    }
  }

  /// A card at 80×24 leaves 18 rows for the staff: a grand staff goes without its rows of air
  /// to show both staves, and only a note far below or above them needs the one staff alone.
  func testAGrandStaffKeepsBothStavesOnAShortArea() {
    func staffLines(_ note: String, rows: Int) -> Int {
      var canvas = Canvas(width: 40, height: rows)
      GrandStaffView(notes: [Note(parsing: note)], glyphs: .unicode)
        .render(in: canvas.bounds, on: &canvas)
      return canvas.lines.filter { $0.contains("──────────") }.count
    }
    for note in ["G2", "A3", "E4", "F5"] {
      XCTAssertEqual(staffLines(note, rows: 18), 10, note)
    }
    XCTAssertEqual(staffLines("C2", rows: 18), 5, "two ledger lines below: its staff alone")
    XCTAssertEqual(staffLines("C2", rows: 24), 10)
  }
}
