import Storage
import XCTest

final class LocalizerTests: XCTestCase {
  private let strings = Localizer(
    language: "de",
    strings: ["menu.quit": "Beenden", "score": "{count} von {total} richtig"],
    fallback: ["menu.quit": "Quit", "menu.help": "Help", "score": "{count} of {total} right"])

  func testOwnLanguageComesFirst() {
    XCTAssertEqual(strings["menu.quit"], "Beenden")
  }

  func testMissingKeyFallsBackToEnglish() {
    XCTAssertEqual(strings["menu.help"], "Help")
  }

  func testKeyMissingEverywhereShowsItself() {
    XCTAssertEqual(strings["menu.nothing"], "menu.nothing")
    XCTAssertEqual(strings.text("menu.nothing", ["a": "b"]), "menu.nothing")
  }

  func testPlaceholdersAreReplaced() {
    XCTAssertEqual(strings.text("score", ["count": "7", "total": "10"]), "7 von 10 richtig")
  }

  func testPlaceholderWithoutArgumentStaysVisible() {
    XCTAssertEqual(strings.text("score", ["count": "7"]), "7 von {total} richtig")
    XCTAssertEqual(strings.text("score"), "{count} von {total} richtig")
  }

  func testInsertedValuesAreNotExpandedAgain() {
    XCTAssertEqual(
      strings.text("score", ["count": "{total}", "total": "10"]), "{total} von 10 richtig")
  }

  func testUnmatchedBraceIsKept() {
    let single = Localizer(language: "en", strings: ["odd": "a { b {n"])

    XCTAssertEqual(single.text("odd", ["n": "1"]), "a { b {n")
  }
}
