import MusicTheory
import XCTest

final class AccidentalStyleTests: XCTestCase {
  func testSymbols() {
    let table: [(Accidental, ascii: String, unicode: String)] = [
      (.doubleFlat, "bb", "𝄫"), (.flat, "b", "♭"), (.natural, "", ""), (.sharp, "#", "♯"),
      (.doubleSharp, "x", "𝄪"),
    ]
    for (accidental, ascii, unicode) in table {
      XCTAssertEqual(AccidentalStyle.ascii.symbol(for: accidental), ascii, "ASCII \(accidental)")
      XCTAssertEqual(
        AccidentalStyle.unicode.symbol(for: accidental), unicode, "Unicode \(accidental)")
    }
  }
}
