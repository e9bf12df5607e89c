import TerminalUI
import XCTest

final class GlyphSetTests: XCTestCase {
  func testCLocaleIsASCII() {
    XCTAssertEqual(GlyphSet.detect(environment: ["LANG": "C", "TERM": "xterm-256color"]), .ascii)
    XCTAssertEqual(GlyphSet.detect(environment: ["LANG": "POSIX"]), .ascii)
    XCTAssertEqual(GlyphSet.detect(environment: [:]), .ascii)
  }

  func testUTF8LocaleOnAModernTerminalIsUnicode() {
    XCTAssertEqual(
      GlyphSet.detect(environment: ["LANG": "en_US.UTF-8", "TERM": "xterm-256color"]), .unicode)
  }

  func testLCALLOverridesLANG() {
    XCTAssertEqual(
      GlyphSet.detect(environment: ["LC_ALL": "C", "LANG": "en_US.UTF-8", "TERM": "xterm"]),
      .ascii)
    XCTAssertEqual(
      GlyphSet.detect(environment: ["LC_ALL": "de_DE.UTF-8", "LANG": "C", "TERM": "xterm"]),
      .unicode)
  }

  func testLCCTYPEOverridesLANGButNotLCALL() {
    XCTAssertEqual(
      GlyphSet.detect(environment: ["LC_CTYPE": "en_GB.UTF-8", "LANG": "C"]), .unicode)
    XCTAssertEqual(
      GlyphSet.detect(environment: ["LC_ALL": "C", "LC_CTYPE": "en_GB.UTF-8"]), .ascii)
  }

  func testEmptyVariablesAreSkipped() {
    XCTAssertEqual(GlyphSet.detect(environment: ["LC_ALL": "", "LANG": "en_US.UTF-8"]), .unicode)
  }

  func testCUTF8IsUnicode() {
    XCTAssertEqual(GlyphSet.detect(environment: ["LANG": "C.UTF-8", "TERM": "xterm"]), .unicode)
  }

  func testLowercaseUTF8IsUnicode() {
    XCTAssertEqual(GlyphSet.detect(environment: ["LANG": "en_US.utf8", "TERM": "xterm"]), .unicode)
  }

  func testLinuxConsoleIsASCII() {
    XCTAssertEqual(GlyphSet.detect(environment: ["LANG": "en_US.UTF-8", "TERM": "linux"]), .ascii)
    XCTAssertEqual(GlyphSet.detect(environment: ["LANG": "en_US.UTF-8", "TERM": "dumb"]), .ascii)
  }

  func testNamed() {
    XCTAssertEqual(GlyphSet.named(.unicode), .unicode)
    XCTAssertEqual(GlyphSet.named(.ascii), .ascii)
    XCTAssertEqual(GlyphSet.named(.ascii).kind, .ascii)
  }

  func testASCIISetIsASCII() {
    for glyph in Self.allGlyphs(.ascii) {
      XCTAssertTrue(glyph.allSatisfy(\.isASCII), "\(glyph)")
    }
  }

  /// Widgets lay out by columns; a glyph wider than one column would break every border.
  func testEverySingleGlyphIsOneColumn() {
    for set in [GlyphSet.unicode, .ascii] {
      for glyph in Self.allGlyphs(set) where glyph.count == 1 {
        XCTAssertEqual(glyph.displayWidth, 1, "\(set.kind) \(glyph)")
      }
    }
  }

  func testLevelsAndPartials() {
    XCTAssertEqual(GlyphSet.unicode.barPartials.count, 7)
    XCTAssertEqual(GlyphSet.ascii.barPartials, [])
    XCTAssertGreaterThanOrEqual(GlyphSet.ascii.levels.count, 2)
    XCTAssertEqual(GlyphSet.unicode.levels.last, GlyphSet.unicode.barFull)
  }

  static func allGlyphs(_ set: GlyphSet) -> [String] {
    let single = [
      set.horizontal, set.vertical, set.topLeft, set.topRight, set.bottomLeft, set.bottomRight,
      set.pointer, set.bullet, set.check, set.cross, set.arrowLeft, set.arrowRight, set.barFull,
      set.barEmpty, set.block,
    ]
    return (single + set.barPartials + set.levels).map { String($0) } + [
      set.ellipsis, set.sharp, set.flat, set.doubleSharp, set.doubleFlat,
    ]
  }
}
