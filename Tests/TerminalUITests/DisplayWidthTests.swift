import TerminalUI
import XCTest

final class DisplayWidthTests: XCTestCase {
  func testASCIIIsOneColumn() {
    XCTAssertEqual(DisplayWidth.of("a" as Character), 1)
    XCTAssertEqual(DisplayWidth.of(" " as Character), 1)
    XCTAssertEqual(DisplayWidth.of("~" as Character), 1)
    XCTAssertEqual("Woodshed".displayWidth, 8)
  }

  func testCJKIsTwoColumns() {
    XCTAssertEqual(DisplayWidth.of("漢" as Character), 2)
    XCTAssertEqual(DisplayWidth.of("あ" as Character), 2)
    XCTAssertEqual(DisplayWidth.of("한" as Character), 2)
    XCTAssertEqual(DisplayWidth.of("Ａ" as Character), 2)
  }

  func testEmojiIsTwoColumns() {
    XCTAssertEqual(DisplayWidth.of("🎵" as Character), 2)
    XCTAssertEqual(DisplayWidth.of("😀" as Character), 2)
    XCTAssertEqual(DisplayWidth.of("⏰" as Character), 2)
    // A text-style symbol made emoji by the variation selector.
    XCTAssertEqual(DisplayWidth.of("☀️" as Character), 2)
  }

  func testCombiningMarkStaysWithItsBase() {
    let decomposed = "e\u{301}"
    XCTAssertEqual(decomposed.count, 1)
    XCTAssertEqual(decomposed.displayWidth, 1)
    XCTAssertEqual("\u{E9}".displayWidth, 1)
    XCTAssertEqual("Ame\u{301}lie".displayWidth, 6)
  }

  func testControlCharactersAreZeroColumns() {
    XCTAssertEqual(DisplayWidth.of("\t" as Character), 0)
    XCTAssertEqual(DisplayWidth.of("\u{1B}" as Character), 0)
    XCTAssertEqual(DisplayWidth.of("\u{7F}" as Character), 0)
    XCTAssertEqual(DisplayWidth.of("\u{85}" as Character), 0)
    XCTAssertEqual("a\u{7}b".displayWidth, 2)
  }

  func testMusicAndDrawingSymbolsAreOneColumn() {
    for symbol: Character in ["♯", "♭", "♮", "𝄪", "𝄫", "─", "█", "▏", "▸", "…", "✓", "•", "░"] {
      XCTAssertEqual(DisplayWidth.of(symbol), 1, "\(symbol)")
    }
  }

  func testMixedString() {
    XCTAssertEqual("C♯ 漢🎵".displayWidth, 7)
    XCTAssertEqual("".displayWidth, 0)
  }
}
