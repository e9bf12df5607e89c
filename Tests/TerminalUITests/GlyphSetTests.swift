import TerminalUI
import XCTest

final class GlyphSetTests: XCTestCase {
  private func locale(_ name: String?, accepted: Bool = true, codeset: String) -> TerminalLocale {
    TerminalLocale(name: name, isAccepted: accepted, codeset: codeset)
  }

  func testTheCLocaleIsASCII() {
    let c = locale("C", codeset: "ANSI_X3.4-1968")
    XCTAssertEqual(GlyphSet.detect(locale: c, term: "xterm-256color"), .ascii)
    XCTAssertFalse(c.isUTF8NameNotGenerated)
  }

  func testAUTF8CodesetOnAModernTerminalIsUnicode() {
    XCTAssertEqual(
      GlyphSet.detect(locale: locale("C.UTF-8", codeset: "UTF-8"), term: "xterm-256color"),
      .unicode)
  }

  /// The case: a client sends LANG=en_US.UTF-8 to a box that never generated it. The
  /// C library stays in C, and only its word counts.
  func testAUTF8NameTheCLibraryRefusedIsASCII() {
    let missing = locale("en_US.UTF-8", accepted: false, codeset: "ANSI_X3.4-1968")
    XCTAssertEqual(GlyphSet.detect(locale: missing, term: "xterm-256color"), .ascii)
    XCTAssertTrue(missing.isUTF8NameNotGenerated)
    XCTAssertFalse(
      locale("de_DE", accepted: false, codeset: "ANSI_X3.4-1968").isUTF8NameNotGenerated)
    XCTAssertTrue(
      locale("ru_RU.utf8", accepted: false, codeset: "ANSI_X3.4-1968").isUTF8NameNotGenerated)
  }

  /// The locale that decides the character set, as the C library picks it.
  func testTheCharacterLocaleIsLCALLThenLCCTYPEThenLANG() {
    XCTAssertEqual(
      TerminalLocale.characterLocaleName(["LC_ALL": "C", "LANG": "en_US.UTF-8"]), "C")
    XCTAssertEqual(
      TerminalLocale.characterLocaleName(["LC_CTYPE": "en_GB.UTF-8", "LANG": "C"]), "en_GB.UTF-8")
    XCTAssertEqual(
      TerminalLocale.characterLocaleName(["LC_ALL": "", "LANG": "en_US.UTF-8"]), "en_US.UTF-8",
      "an empty variable is skipped")
    XCTAssertNil(TerminalLocale.characterLocaleName(["LC_MESSAGES": "es_ES.UTF-8"]))
  }

  func testTheLinuxConsoleIsASCII() {
    let utf8 = locale("C.UTF-8", codeset: "UTF-8")
    XCTAssertEqual(GlyphSet.detect(locale: utf8, term: "linux"), .ascii)
    XCTAssertEqual(GlyphSet.detect(locale: utf8, term: "dumb"), .ascii)
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
