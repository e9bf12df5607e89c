import TerminalUI
import XCTest

final class ASCIIFallbackTests: XCTestCase {
  func testKnownSymbolsBecomeOneColumnLookalikes() {
    let cases: [(Character, Character)] = [
      ("…", "."), ("×", "x"), ("—", "-"), ("↑", "^"), ("↓", "v"), ("▸", ">"), ("♯", "#"),
      ("♭", "b"), ("│", "|"), ("┌", "+"), ("«", "\""), ("±", "~"),
    ]
    for (input, expected) in cases {
      XCTAssertEqual(ASCIIFallback.character(for: input), expected, "\(input)")
    }
  }

  func testAccentedLettersKeepTheirBase() {
    XCTAssertEqual(ASCIIFallback.character(for: "é"), "e")
    XCTAssertEqual(ASCIIFallback.character(for: "Ñ"), "N")
    XCTAssertEqual(ASCIIFallback.character(for: "ç"), "c")
    XCTAssertEqual(ASCIIFallback.character(for: "à"), "a")
  }

  func testASCIIPassesThroughAndTheRestIsAQuestionMark() {
    XCTAssertEqual(ASCIIFallback.character(for: "q"), "q")
    XCTAssertEqual(ASCIIFallback.character(for: " "), " ")
    XCTAssertEqual(ASCIIFallback.character(for: "Ж"), "?")
    XCTAssertEqual(ASCIIFallback.character(for: "漢"), "?")
  }
}
