import TerminalUI
import XCTest

final class TerminalTextTests: XCTestCase {
  func testEscapeSequencesAndOtherControlsAreDropped() {
    let title = "Mozart\u{1B}]0;owned\u{07} \u{1B}[2JK. 525\u{9B}31m\r"
    XCTAssertEqual(TerminalText.printable(title), "Mozart]0;owned [2JK. 52531m")
  }

  func testNewlinesTabsAndLettersOfAnyScriptStay() {
    let text = "Étude\tНоктюрн\n練習曲 ♩=60\r\nCSV,row\r\n"
    XCTAssertEqual(TerminalText.printable(text), text)
    XCTAssertEqual(
      TerminalText.printable("take 3\rtake 9"), "take 3take 9", "a bare return overprints")
  }

  func testAHugeWordInAMessageIsShortenedAndItsLengthTold() {
    let id = String(repeating: "a", count: 10_000)
    let message = TerminalText.message("no note pack \"\(id)\"; see woodshed packs list")
    XCTAssertEqual(
      message,
      "no note pack \"\(String(repeating: "a", count: 59))… (10003 characters); see woodshed packs list"
    )
    XCTAssertLessThan(message.count, 200)
  }

  func testOrdinaryMessagesAreLeftAsTheyAre() {
    let message = "could not read /home/anna/Music/take 3.wav: it is a FIFO, not a regular file"
    XCTAssertEqual(TerminalText.message(message), message)
  }
}
