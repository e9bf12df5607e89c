import MusicTheory
import XCTest

final class IntervalQualityTests: XCTestCase {
  func testSymbolsAndInversions() {
    let table: [(IntervalQuality, symbol: String, inverted: IntervalQuality)] = [
      (.doublyDiminished, "dd", .doublyAugmented), (.diminished, "d", .augmented),
      (.minor, "m", .major), (.perfect, "P", .perfect), (.major, "M", .minor),
      (.augmented, "A", .diminished), (.doublyAugmented, "AA", .doublyDiminished),
    ]
    XCTAssertEqual(table.map(\.0), IntervalQuality.allCases)
    for (quality, symbol, inverted) in table {
      XCTAssertEqual(quality.symbol, symbol, "symbol of \(quality)")
      XCTAssertEqual(quality.inverted, inverted, "inversion of \(quality)")
    }
  }
}
