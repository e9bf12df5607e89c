import TerminalUI
import XCTest

final class TextLayoutTests: XCTestCase {
  func testClipLeavesShortTextAlone() {
    XCTAssertEqual("Tuner".clipped(toWidth: 5, ellipsis: "…"), "Tuner")
    XCTAssertEqual("Tuner".clipped(toWidth: 9, ellipsis: "…"), "Tuner")
  }

  func testClipEndsWithTheEllipsis() {
    XCTAssertEqual("Metronome".clipped(toWidth: 6, ellipsis: "…"), "Metro…")
    XCTAssertEqual("Metronome".clipped(toWidth: 6, ellipsis: "..."), "Met...")
    XCTAssertEqual("Metronome".clipped(toWidth: 6), "Metron")
  }

  func testClipDropsAnEllipsisWiderThanTheRoom() {
    XCTAssertEqual("Metronome".clipped(toWidth: 2, ellipsis: "..."), "Me")
    XCTAssertEqual("Metronome".clipped(toWidth: 1, ellipsis: "…"), "…")
  }

  func testClipToNothing() {
    XCTAssertEqual("Metronome".clipped(toWidth: 0, ellipsis: "…"), "")
    XCTAssertEqual("Metronome".clipped(toWidth: -3), "")
    XCTAssertEqual("".clipped(toWidth: 4, ellipsis: "…"), "")
  }

  func testClipCountsWideCharactersTwice() {
    XCTAssertEqual("漢字漢字".clipped(toWidth: 5, ellipsis: "…"), "漢字…")
    XCTAssertEqual("漢字漢字".clipped(toWidth: 4, ellipsis: "…"), "漢…")
    // Half a wide character cannot be shown, so the text comes out one column short.
    XCTAssertEqual("漢字漢字".clipped(toWidth: 3), "漢")
    XCTAssertEqual("Ame\u{301}lie".clipped(toWidth: 4, ellipsis: "…"), "Ame\u{301}…")
  }

  func testPadAligns() {
    XCTAssertEqual("ab".padded(toWidth: 5), "ab   ")
    XCTAssertEqual("ab".padded(toWidth: 5, alignment: .trailing), "   ab")
    // The odd column goes to the right.
    XCTAssertEqual("ab".padded(toWidth: 5, alignment: .center), " ab  ")
    XCTAssertEqual("abc".padded(toWidth: 5, alignment: .center), " abc ")
  }

  func testPadClipsLongText() {
    XCTAssertEqual("Metronome".padded(toWidth: 4, ellipsis: "…"), "Met…")
    XCTAssertEqual("Metronome".padded(toWidth: 0), "")
  }

  func testPadCountsColumnsNotCharacters() {
    XCTAssertEqual("漢".padded(toWidth: 4, alignment: .trailing), "  漢")
    XCTAssertEqual("漢字漢".padded(toWidth: 5, ellipsis: ""), "漢字 ")
    XCTAssertEqual("漢字漢".padded(toWidth: 5, ellipsis: "").displayWidth, 5)
  }

  func testWrapBreaksAtSpaces() {
    XCTAssertEqual(
      "the quick brown fox jumps".wrapped(toWidth: 10), ["the quick", "brown fox", "jumps"])
    XCTAssertEqual("fits".wrapped(toWidth: 10), ["fits"])
    XCTAssertEqual("exactly ten".wrapped(toWidth: 11), ["exactly ten"])
  }

  func testWrapCollapsesRunsOfSpaces() {
    XCTAssertEqual("a   b".wrapped(toWidth: 10), ["a b"])
  }

  func testWrapKeepsParagraphsAndBlankLines() {
    XCTAssertEqual("one\n\ntwo three".wrapped(toWidth: 5), ["one", "", "two", "three"])
  }

  func testWrapSplitsLongWords() {
    XCTAssertEqual("abcdefghij kl".wrapped(toWidth: 4), ["abcd", "efgh", "ij", "kl"])
    XCTAssertEqual("ok abcdefgh".wrapped(toWidth: 4), ["ok", "abcd", "efgh"])
  }

  func testWrapCountsWideCharactersTwice() {
    XCTAssertEqual("漢字漢字漢".wrapped(toWidth: 4), ["漢字", "漢字", "漢"])
    XCTAssertEqual("漢字漢".wrapped(toWidth: 3), ["漢", "字", "漢"])
    XCTAssertEqual("ab 漢字".wrapped(toWidth: 7), ["ab 漢字"])
    XCTAssertEqual("ab 漢字".wrapped(toWidth: 6), ["ab", "漢字"])
  }

  func testWrapGivesACharacterWiderThanTheLineALineOfItsOwn() {
    XCTAssertEqual("漢字".wrapped(toWidth: 1), ["漢", "字"])
    XCTAssertEqual("a 漢".wrapped(toWidth: 1), ["a", "漢"])
  }

  func testWrapEveryLineFits() {
    let text = "Play the pattern along with the click. 練習 makes the tempo steady."
    for width in 2...30 {
      for line in text.wrapped(toWidth: width) {
        XCTAssertLessThanOrEqual(line.displayWidth, width, "\(width): \(line)")
      }
    }
  }

  func testWrapToNothing() {
    XCTAssertEqual("anything".wrapped(toWidth: 0), [])
    XCTAssertEqual("".wrapped(toWidth: 5), [""])
  }
}
