import XCTest

@testable import TerminalUI

final class WrittenValueTests: XCTestCase {
  func testWrittenValues() {
    func written(_ length: Double, _ tuplet: Int? = nil) -> String {
      let value = WrittenValue(length: length, tuplet: tuplet)
      return "\(value.shape)\(value.isDotted ? "." : "")"
    }
    XCTAssertEqual(written(1), "quarter")
    XCTAssertEqual(written(1 / 2), "eighth")
    XCTAssertEqual(written(3 / 4), "eighth.")
    XCTAssertEqual(written(1 / 4), "sixteenth")
    XCTAssertEqual(written(3 / 8), "sixteenth.")
    XCTAssertEqual(written(1 / 8), "sixteenth", "shorter values share the sixteenth's shape")
    XCTAssertEqual(written(1 / 3, 3), "eighth", "a triplet eighth")
    XCTAssertEqual(written(2 / 3, 3), "quarter")
    XCTAssertEqual(written(1 / 6, 3), "sixteenth")
    XCTAssertEqual(written(1 / 5, 5), "sixteenth", "a quintuplet sixteenth")
    XCTAssertEqual(written(5 / 8), "eighth", "a tied value takes the shorter shape")
  }

  func testTuplets() {
    XCTAssertNil(WrittenValue.tuplet(of: [1]))
    XCTAssertNil(WrittenValue.tuplet(of: [3 / 4, 1 / 4]))
    XCTAssertNil(WrittenValue.tuplet(of: [1 / 64, 63 / 64]))
    XCTAssertEqual(WrittenValue.tuplet(of: [1 / 3, 1 / 3, 1 / 3]), 3)
    XCTAssertEqual(WrittenValue.tuplet(of: [2 / 3, 1 / 3]), 3)
    XCTAssertEqual(WrittenValue.tuplet(of: [1 / 6, 1 / 6, 1 / 3, 1 / 3]), 3)
    XCTAssertEqual(WrittenValue.tuplet(of: Array(repeating: 1 / 5, count: 5)), 5)
  }
}
