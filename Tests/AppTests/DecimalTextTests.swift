import XCTest

@testable import App

final class DecimalTextTests: XCTestCase {
  func testFixedPlacesWithADotWhateverTheLocale() {
    XCTAssertEqual(DecimalText.format(23.456, places: 2), "23.46")
    XCTAssertEqual(DecimalText.format(0.05, places: 1), "0.1")
    XCTAssertEqual(DecimalText.format(-1.004, places: 2), "-1.00")
    XCTAssertEqual(DecimalText.format(7, places: 4), "7.0000")
  }

  func testNoPlacesRoundsToAWholeNumber() {
    XCTAssertEqual(DecimalText.format(-12.6, places: 0), "-13")
    XCTAssertEqual(DecimalText.format(0.4, places: 0), "0")
    XCTAssertEqual(DecimalText.format(-0.4, places: 0), "0")
  }

  func testPercentagesRoundHalfUpEverywhere() {
    XCTAssertEqual(DecimalText.percent(39, of: 40), "98", "97.5 %")
    XCTAssertEqual(DecimalText.percent(1, of: 3), "33")
    XCTAssertEqual(DecimalText.percent(2, of: 3), "67")
    XCTAssertEqual(DecimalText.percent(20, of: 20), "100")
    XCTAssertEqual(DecimalText.percent(0, of: 0), "0")
  }
}
