import TestHelpers
import XCTest

@testable import TerminalUI

final class BeatGridViewTests: XCTestCase {
  typealias Beat = BeatGridView.Beat
  typealias Hit = BeatGridView.Hit

  /// A beat from event lengths, a negative length being a rest, onsets added up as written.
  private static func beat(_ lengths: Double...) -> Beat {
    var onset = 0.0
    return Beat(
      lengths.map { length in
        defer { onset += abs(length) }
        return .init(onset: onset, length: abs(length), isRest: length < 0)
      })
  }

  private let quarter = beat(1)
  private let eighths = beat(1 / 2, 1 / 2)
  private let triplet = beat(1 / 3, 1 / 3, 1 / 3)
  private let rest = beat(-1)

  /// Quarter, two eighths, a triplet and a rest, the eighths current and the play-head between
  /// their ticks; a perfect on the quarter and the first eighth, a late good just played, an
  /// early inaccurate on the triplet's second note, its third missed, an extra in the rest.
  private func line(glyphs: GlyphSet) -> BeatGridView {
    BeatGridView(
      beats: [quarter, eighths, triplet, rest], current: 1, playhead: 1.3,
      hits: [
        Hit(position: 0, grade: .perfect),
        Hit(position: 1.01, grade: .perfect),
        Hit(position: 1.57, grade: .good, isFresh: true),
        Hit(position: 2 + 1 / 3 - 0.12, grade: .inaccurate),
        Hit(position: 3.45, grade: nil),
      ],
      missed: [2 + 2 / 3], glyphs: glyphs)
  }

  private func render(_ view: BeatGridView, width: Int, height: Int = BeatGridView.height)
    -> Canvas
  {
    var canvas = Canvas(width: width, height: height)
    view.render(in: canvas.bounds, on: &canvas)
    return canvas
  }

  // MARK: Snapshots

  func testLineUnicode80Snapshot() {
    assertCanvasSnapshot(render(line(glyphs: .unicode), width: 80))
  }

  func testLineUnicode120Snapshot() {
    assertCanvasSnapshot(render(line(glyphs: .unicode), width: 120))
  }

  func testLineASCII80Snapshot() {
    assertCanvasSnapshot(render(line(glyphs: .ascii), width: 80))
  }

  /// Sixteenths, dotted values both ways round, syncopation, an offbeat eighth and a triplet
  /// quarter with its rest, the dotted beat current.
  func testSixteenthsAndDottedSnapshots() {
    let beats = [
      Self.beat(1 / 4, 1 / 4, 1 / 4, 1 / 4), Self.beat(3 / 4, 1 / 4), Self.beat(1 / 4, 3 / 4),
      Self.beat(1 / 2, 1 / 4, 1 / 4), Self.beat(1 / 4, 1 / 2, 1 / 4), Self.beat(-1 / 2, 1 / 2),
      Self.beat(2 / 3, -1 / 3),
    ]
    for glyphs in [GlyphSet.unicode, .ascii] {
      let view = BeatGridView(
        beats: beats, current: 1, playhead: 1.75,
        hits: [Hit(position: 1.02, grade: .perfect), Hit(position: 1.7, grade: .good)],
        glyphs: glyphs)
      assertCanvasSnapshot(render(view, width: 80), named: glyphs.kind.rawValue)
    }
  }

  /// A half note, eighth and quarter tied over the beat and an eighth (framed, two beats), a
  /// dotted half note and a quarter rest: eight beats.
  private func longNotes(glyphs: GlyphSet) -> BeatGridView {
    let tiedOver = Beat([
      .init(onset: 0, length: 1 / 2), .init(onset: 1 / 2, length: 1 / 2, isTied: true),
    ])
    let heldInto = Beat([
      .init(onset: 0, length: 1 / 2, isHeld: true), .init(onset: 1 / 2, length: 1 / 2),
    ])
    return BeatGridView(
      beats: [
        Beat([.init(onset: 0, length: 2)]), Beat([]), tiedOver, heldInto,
        Beat([.init(onset: 0, length: 3)]), Beat([]), Beat([]), rest,
      ], current: 2, currentSpan: 2, playhead: 3.25,
      hits: [Hit(position: 0.02, grade: .perfect), Hit(position: 3, grade: nil)], glyphs: glyphs)
  }

  func testLongNotesAndTiesSnapshots() {
    for glyphs in [GlyphSet.unicode, .ascii] {
      for width in [80, 120] {
        assertCanvasSnapshot(
          render(longNotes(glyphs: glyphs), width: width), named: "\(glyphs.kind.rawValue)-\(width)"
        )
      }
    }
  }

  func testALongNoteIsHeldOnAndATiedIntoNoteGetsNoTick() {
    for glyphs in [GlyphSet.unicode, .ascii] {
      let marks = BeatGridGlyphs.named(glyphs.kind)
      let canvas = render(longNotes(glyphs: glyphs), width: 80)
      let notes = canvas.lines[1]
      XCTAssertEqual(notes.filter { $0 == marks.half }.count, 2, "the half and the dotted half")
      XCTAssertEqual(notes.filter { $0 == marks.dot }.count, 1, notes)
      // Through the half note's second beat and the dotted half's two more: the separators
      // inside them are held over.
      XCTAssertGreaterThan(notes.filter { $0 == marks.hold }.count, 3 * 8, notes)
      XCTAssertTrue(notes.contains(marks.tie), notes)
      // Half, eighth, tied eighth, eighth, dotted half: five onsets, none on beat 4.
      XCTAssertEqual(canvas.lines[2].filter { $0 == marks.tick }.count, 5, canvas.lines[2])
      if glyphs.kind == .ascii {
        XCTAssertTrue(canvas.lines.joined().allSatisfy(\.isASCII), canvas.lines.joined())
      }
    }
  }

  func testBarLinesAreDrawnHeavierAndKeptUnderTheFrame() {
    var view = longNotes(glyphs: .unicode)
    view.barLines = [0, 4, 8]
    view.current = 4
    view.currentSpan = 3
    let canvas = render(view, width: 80)
    let layout = BeatGridLayout(
      beatCount: 8, current: 4, division: BeatGridLayout.division(of: view.beats), x: 0,
      width: 80)
    for beat in [0, 4, 8] {
      XCTAssertEqual(
        canvas[layout.separatorX(beat), 1].grapheme, "┃", "beat \(beat): \(canvas.lines[1])")
    }
    XCTAssertEqual(
      canvas[layout.separatorX(7), 1].grapheme, "│", "the frame's side off a bar line")
    XCTAssertEqual(canvas[layout.separatorX(4), 1].style, BeatGridView.frameStyle)
    XCTAssertEqual(canvas[layout.separatorX(0), 1].style, BeatGridView.lineStyle)
  }

  // MARK: Layout

  /// 4 beats in 37 columns: cells of 9, a separator and 8 columns of time, an eighth of a beat
  /// each.
  private let layout = BeatGridLayout(beatCount: 4, current: 1, division: 1, x: 0, width: 37)

  func testOnsetsLandInTheirBeatsCell() {
    XCTAssertEqual(layout.shown, 0..<4)
    XCTAssertEqual(layout.cellWidth, 9)
    XCTAssertEqual(layout.column(at: 0), 1, "just right of the first separator")
    XCTAssertEqual(layout.column(at: 1), 10)
    XCTAssertEqual(layout.column(at: 1.5), 14)
    XCTAssertEqual(layout.column(at: 1.25), 12)
    XCTAssertEqual(layout.column(at: 2 + 1 / 3), 21, "2.67 columns in: the third column")
    XCTAssertEqual(layout.column(at: 2 + 2 / 3), 24)
    XCTAssertEqual(layout.column(at: 3), 28)
    XCTAssertEqual(layout.column(at: 3 - 1e-9), 28, "onsets added up a hair short stay on it")
    XCTAssertEqual(layout.column(at: 3.999), 35, "the end of a beat stays off the separator")
  }

  func testPlayheadAndHitsAreProportional() {
    XCTAssertEqual(layout.column(at: 1.3), 12)
    XCTAssertEqual(layout.column(at: 1.5 + 0.13), 15, "late: right of the note at 14")
    XCTAssertEqual(layout.column(at: 1.5 - 0.13), 12, "early: left of it")
    XCTAssertEqual(layout.column(at: 1.5 + 0.05), 14, "within an eighth of a beat: on it")
  }

  func testTimeColumnsAreAMultipleOfTheLinesDivision() {
    func timeWidth(division: Int, width: Int) -> Int {
      BeatGridLayout(beatCount: 4, current: 0, division: division, x: 0, width: width).timeWidth
    }
    XCTAssertEqual(timeWidth(division: 12, width: 80), 12, "18 columns fit sixteenths and triplets")
    XCTAssertEqual(timeWidth(division: 6, width: 80), 18)
    XCTAssertEqual(timeWidth(division: 12, width: 45), 8, "10 columns: the sixteenths' 4 wins")
    XCTAssertEqual(timeWidth(division: 3, width: 37), 6)
    XCTAssertEqual(timeWidth(division: 64, width: 37), 8, "too fine to matter: all the room")
    let line = BeatGridLayout(beatCount: 4, current: 0, division: 12, x: 3, width: 80)
    XCTAssertEqual(line.separatorX(0), 3 + 13, "53 columns centred in 80")
    XCTAssertEqual(
      BeatGridLayout.division(of: [quarter, eighths, triplet, Self.beat(3 / 4, 1 / 4)]), 12)
    XCTAssertEqual(BeatGridLayout.division(of: [rest, quarter]), 1)
  }

  func testHitsJustOutsideTheLineStayAtItsEdges() {
    XCTAssertEqual(layout.column(at: -0.1), 1)
    XCTAssertEqual(layout.column(at: 4.1), 35)
  }

  func testANarrowAreaShowsTheBeatsAroundTheCurrentOne() {
    let narrow = { (current: Int?) in
      BeatGridLayout(beatCount: 8, current: current, division: 1, x: 2, width: 28).shown
    }
    XCTAssertEqual(narrow(4), 3..<6, "three cells of 9: one beat either side")
    XCTAssertEqual(narrow(0), 0..<3)
    XCTAssertEqual(narrow(7), 5..<8)
    XCTAssertEqual(narrow(nil), 0..<3)
    let cut = BeatGridLayout(beatCount: 8, current: 4, division: 1, x: 2, width: 28)
    XCTAssertEqual(cut.separatorX(3), 2)
    XCTAssertEqual(cut.column(at: 4.5), 2 + 9 + 1 + 4)
    XCTAssertNil(cut.column(at: 2.5), "a hidden beat's hits are not drawn")
    XCTAssertNil(cut.column(at: 6))
    XCTAssertEqual(
      BeatGridLayout(beatCount: 3, current: 1, division: 1, x: 0, width: 5).shown, 1..<2)
    XCTAssertEqual(
      BeatGridLayout(beatCount: 3, current: 1, division: 1, x: 0, width: 2).shown, 0..<0)
    XCTAssertEqual(
      BeatGridLayout(beatCount: 0, current: nil, division: 1, x: 0, width: 80).shown, 0..<0)
  }

  func testANarrowAreaFramesTheCurrentBeat() {
    let view = BeatGridView(
      beats: Array(repeating: eighths, count: 8), current: 6, glyphs: .ascii)
    XCTAssertEqual(
      render(view, width: 30).lines,
      [
        "          +--------+          ",
        " |e   e   |e   e   |e   e   | ",
        " |.   .   |.   .   |.   .   | ",
        " |        |        |        | ",
        "          +--------+          ",
      ])
  }

  // MARK: Notation

  /// Twelve columns of time a beat: sixteenths three apart, triplet eighths four.
  func testNotesRestsDotsAndTheTupletNumber() {
    let view = BeatGridView(
      beats: [
        Self.beat(3 / 4, 1 / 4), Self.beat(-1 / 2, 1 / 2), triplet, Self.beat(-3 / 4, 1 / 4),
      ],
      glyphs: .unicode)
    let canvas = render(view, width: 53)
    XCTAssertEqual(canvas.lines[0], "                               3                     ")
    XCTAssertEqual(canvas.lines[1], "│♪.       ♬  │𝄾     ♪     │♪   ♪   ♪   │𝄾.       ♬  │")
    XCTAssertEqual(canvas.lines[2], "│·        ·  │      ·     │·   ·   ·   │         ·  │")
  }

  // MARK: Marks and styles

  /// Without colour the glyph alone tells every grade, an extra hit and a missed note apart.
  func testEveryMarkHasItsOwnGlyph() {
    for kind in GlyphSet.Kind.allCases {
      let marks = BeatGridGlyphs.named(kind)
      let grades: [BeatGridView.Grade?] = [.perfect, .good, .inaccurate, .miss, nil]
      let glyphs = grades.map { BeatGridView.mark(for: $0, in: marks).0 }
      XCTAssertEqual(Set(glyphs).count, grades.count, "\(kind)")
      XCTAssertFalse(glyphs.contains(marks.tick), "\(kind)")
      let notation = [
        marks.quarter, marks.eighth, marks.sixteenth, marks.quarterRest, marks.eighthRest,
        marks.sixteenthRest, marks.dot, marks.tick, marks.playhead,
      ]
      for glyph in glyphs + notation {
        XCTAssertEqual(DisplayWidth.of(glyph), 1, "\(glyph)")
      }
    }
  }

  /// At 80 columns a beat is 18 columns of time, so a column is an eighteenth of a beat.
  func testHitsLandEarlyOrLateOfTheirNotesInTheirGradesColours() {
    let canvas = render(line(glyphs: .unicode), width: 80)
    let (timeline, hits) = (2, 3)
    let ticks = (0..<80).filter { canvas[$0, timeline].grapheme == "·" }
    XCTAssertEqual(ticks, [2, 21, 30, 40, 46, 52], "quarter, eighths and triplet")
    func hit(at x: Int) -> String {
      "\(canvas[x, hits].grapheme) \(canvas[x, hits].style.legendDescription)"
    }
    XCTAssertEqual(hit(at: 2), "◉ fg=perfect", "on the quarter")
    XCTAssertEqual(hit(at: 21), "◉ fg=perfect", "0.01 late: on the eighth")
    XCTAssertEqual(hit(at: 31), "● fg=accent bold,reverse", "just played, a column late")
    XCTAssertEqual(hit(at: 43), "◐ fg=inaccurate", "three columns early")
    XCTAssertEqual(hit(at: 52), "✕ fg=miss", "the missed note under its tick")
    XCTAssertEqual(hit(at: 67), "✚ fg=miss", "the extra hit in the rest")
    XCTAssertEqual(canvas.lines[hits].filter { $0 != " " && $0 != "│" }.count, 6)
  }

  func testAFreshHitIsDrawnOverAnOldOneInItsColumn() {
    let view = BeatGridView(
      beats: [quarter],
      hits: [Hit(position: 0, grade: .good, isFresh: true), Hit(position: 0, grade: .miss)],
      glyphs: .ascii)
    let canvas = render(view, width: 10)
    XCTAssertEqual(canvas[1, 3].grapheme, "o")
    XCTAssertEqual(canvas[1, 3].style, Style.role(.accent).bold.reversed)
  }

  func testThePlayheadShowsOnlyWithinTheLine() {
    for (playhead, expected) in [
      (0.0, "|^       |.       |"), (1.99, "|.       |.      ^|"), (-0.5, "|.       |.       |"),
      (2.0, "|.       |.       |"),
    ] {
      let view = BeatGridView(beats: [quarter, quarter], playhead: playhead, glyphs: .ascii)
      XCTAssertEqual(render(view, width: 19).lines[2], expected, "\(playhead)")
    }
    let hidden = BeatGridView(beats: [quarter], glyphs: .ascii)
    XCTAssertEqual(render(hidden, width: 10).lines[2], "|.       |")
  }

  // MARK: Clipping

  /// Two beats of 6 columns of time (the triplet's and the eighths' common division) centred
  /// in 19 columns.
  func testShortAreasDropTheFrameEdgesFirst() {
    let view = BeatGridView(beats: [eighths, triplet], current: 1, glyphs: .ascii)
    XCTAssertEqual(
      render(view, width: 19, height: 4).lines,
      ["         +--3---+  ", "  |e  e  |e e e |  ", "  |.  .  |. . . |  ", "  |      |      |  "])
    XCTAssertEqual(
      render(view, width: 19, height: 3).lines,
      ["  |e  e  |e e e |  ", "  |.  .  |. . . |  ", "  |      |      |  "])
    XCTAssertEqual(render(view, width: 19, height: 1).lines, ["  |e  e  |e e e |  "])
  }

  func testDrawsOnlyInsideItsArea() {
    for glyphs in [GlyphSet.unicode, .ascii] {
      assertDrawsOnlyInside { area, canvas in
        line(glyphs: glyphs).render(in: area, on: &canvas)
      }
    }
    assertDrawsOnlyInside { area, canvas in
      BeatGridView(beats: [], current: 0, playhead: 0, glyphs: .unicode)
        .render(in: area, on: &canvas)
    }
  }
}
