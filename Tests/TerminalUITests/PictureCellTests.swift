import MusicTheory
import XCTest

@testable import TerminalUI

/// Cells drawn as pictures are marked, whatever the glyph set, so screen-reader mode can blank
/// them: in ASCII a staff's `-` or big digits' `#` look like text to any rule on characters.
final class PictureCellTests: XCTestCase {
  func testAPictureCellIsMarkedUntilTextIsWrittenOverIt() {
    var canvas = Canvas(width: 6, height: 1)
    canvas.write("----", x: 0, y: 0, picture: true)
    canvas.write("ab", x: 1, y: 0)
    XCTAssertEqual(
      (0..<6).map { canvas[$0, 0].isPicture }, [true, false, false, true, false, false])
    canvas.blankPictures()
    XCTAssertEqual(canvas.lines, [" ab   "])
  }

  private func blanked(_ draw: (inout Canvas) -> Void, width: Int = 40, height: Int = 12)
    -> String
  {
    var canvas = Canvas(width: width, height: height)
    draw(&canvas)
    canvas.blankPictures()
    return canvas.plainText
  }

  func testBigDigitsAreAPicture() {
    let text = blanked { BigDigits("120", glyphs: .ascii).render(in: $0.bounds, on: &$0) }
    XCTAssertEqual(text.trimmingCharacters(in: .whitespacesAndNewlines), "")
  }

  func testABordersEdgesAreAPictureAndItsTitleIsNot() {
    let text = blanked { Border(title: "Practice", glyphs: .ascii).render(in: $0.bounds, on: &$0) }
    XCTAssertEqual(text.trimmingCharacters(in: .whitespacesAndNewlines), "Practice")
  }

  func testAStaffIsAPictureButAnOctaveMarkIsText() {
    let text = blanked(
      {
        StaffView(clef: .treble, notes: [Note(.C, octave: 7)], glyphs: .ascii)
          .render(in: $0.bounds, on: &$0)
      }, height: 16)
    XCTAssertEqual(text.split(whereSeparator: \.isWhitespace), ["8va"])
  }

  func testANecksStringsWiresAndInlaysAreAPictureAndItsNamesNumbersAndLabelsAreNot() {
    let view = FretboardView(
      tuning: .guitarStandard, frets: 0...3,
      dots: [FretboardView.Dot(FretPosition(string: 2, fret: 1), label: "C")], glyphs: .ascii)
    let text = blanked { view.render(in: $0.bounds, on: &$0) }
    XCTAssertFalse(text.contains("-") || text.contains("|") || text.contains("*"), text)
    XCTAssertTrue(text.contains("C"), text)
    XCTAssertTrue(text.contains("3"), text)
  }
}
