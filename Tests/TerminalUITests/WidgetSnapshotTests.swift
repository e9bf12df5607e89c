import TerminalUI
import TestHelpers
import XCTest

/// Every widget on one screen, at the smallest supported size and a roomy one, in both glyph
/// sets. Reviewing these files is how layout and style regressions get noticed.
final class WidgetSnapshotTests: XCTestCase {
  func testGalleryUnicode80x24() {
    assertCanvasSnapshot(Self.gallery(size: Size(width: 80, height: 24), glyphs: .unicode))
  }

  func testGalleryASCII80x24() {
    assertCanvasSnapshot(Self.gallery(size: Size(width: 80, height: 24), glyphs: .ascii))
  }

  func testGalleryUnicode120x40() {
    assertCanvasSnapshot(Self.gallery(size: Size(width: 120, height: 40), glyphs: .unicode))
  }

  func testGalleryASCII120x40() {
    assertCanvasSnapshot(Self.gallery(size: Size(width: 120, height: 40), glyphs: .ascii))
  }

  static func gallery(size: Size, glyphs: GlyphSet) -> Canvas {
    var canvas = Canvas(size: size)
    let (main, hints) = canvas.bounds.splitBottom(1)
    Border(title: "Woodshed widget gallery", glyphs: glyphs).render(in: main, on: &canvas)
    let inside = main.inset(horizontal: 2, vertical: 1)
    let (left, gapAndRight) = inside.splitLeft(inside.width * 2 / 5)
    let right = gapAndRight.splitLeft(2).rest

    let (menuBox, tableArea) = left.splitTop(8)
    Border(title: "Practice", glyphs: glyphs).render(in: menuBox, on: &canvas)
    let menuItems: [MenuList.Item] = [
      .init("Notes", detail: "treble"),
      .init("Fretboard"),
      .init("Rhythm", detail: "level 3"),
      .init("Metronome", detail: "120 BPM"),
      .init("Protocol (needs a score file)", isEnabled: false),
      .init("Settings"),
    ]
    let menuArea = menuBox.inset(by: 1)
    let offset = MenuList.scrollOffset(selected: 3, current: 0, visibleRows: menuArea.height)
    MenuList(items: menuItems, selected: 3, scrollOffset: offset, glyphs: glyphs)
      .render(in: menuArea, on: &canvas)

    Table(
      columns: [
        .init("Session", width: .flexible(2)),
        .init("BPM", width: .fixed(4), alignment: .trailing),
        .init("Score", width: .flexible(1), alignment: .trailing),
      ],
      rows: [
        ["Major scales, two octaves", "96", "88%"],
        ["Arpeggios", "120", "71%"],
        ["Sight reading: bass clef", "", "64%"],
        ["Swing eighths", "144", "93%"],
        ["Interval ear training", "", "80%"],
        ["Chord changes", "100", "77%"],
        ["Chopin Étude (練習曲) Op. 10 No. 1", "176", "52%"],
        ["Paradiddles", "132", "90%"],
        ["Fretboard: A minor pentatonic", "", "85%"],
        ["Take log: Brahms sonata, 1st mvt", "", ""],
        ["Tap tempo", "87", ""],
        ["Treble clef flashcards", "", "97%"],
      ],
      selected: 1, glyphs: glyphs
    ).render(in: tableArea.splitTop(1).rest, on: &canvas)

    let (digitsArea, rest) = right.splitTop(7)
    BigDigits("3:25", glyphs: glyphs).render(in: digitsArea, on: &canvas)
    let (first, afterFirst) = rest.splitTop(1)
    ProgressBar(fraction: 0.7, label: "bar 12/16", glyphs: glyphs)
      .render(in: first, on: &canvas)
    let (second, afterSecond) = afterFirst.splitTop(2)
    ProgressBar(
      fraction: 0.4375, label: "7 of 16 takes", labelPlacement: .inside, glyphs: glyphs,
      style: .role(.good)
    ).render(in: second.splitTop(1).top, on: &canvas)
    let (sparkRow, dialogArea) = afterSecond.splitTop(2)
    let (caption, chart) = sparkRow.splitTop(1).top.splitLeft(7)
    canvas.write("tempo", x: caption.x, y: caption.y, style: .role(.muted), clip: caption)
    Sparkline(values: tempoHistory, glyphs: glyphs).render(in: chart, on: &canvas)

    Dialog(
      title: "Quit Woodshed?",
      message: "A metronome session is running. Its progress is saved before quitting.",
      buttons: ["Quit", "Keep practising"], selectedButton: 1, maxTextWidth: 34, glyphs: glyphs
    ).render(in: dialogArea, on: &canvas)

    KeyHintBar([
      .init(glyphs.kind == .unicode ? "↑↓" : "up/dn", "move"), .init("Enter", "open"),
      .init("Space", "start/stop"), .init("Tab", "next pane"), .init("t", "tap tempo"),
      .init("?", "help"), .init("Esc", "back"), .init("q", "quit"),
    ]).render(in: hints, on: &canvas)
    return canvas
  }

  /// A steady climb with some wobble, longer than any chart is wide.
  static let tempoHistory: [Double] = (0..<90).map { step in
    let wobble = Double((step * 7) % 11)
    return 90 + Double(step) / 2 + wobble
  }
}
