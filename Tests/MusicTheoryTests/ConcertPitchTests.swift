import Foundation
import MusicTheory
import XCTest

final class ConcertPitchTests: XCTestCase {
  func testStandardIs440() {
    XCTAssertEqual(ConcertPitch.standard.a4, 440)
  }

  func testValidation() {
    let table: [(a4: Double, isValid: Bool)] = [
      (440, true), (415, true), (466, true), (400, true), (480, true), (442.5, true),
      (399.9, false), (480.1, false), (0, false), (-440, false), (.nan, false), (.infinity, false),
    ]
    for (a4, isValid) in table {
      XCTAssertEqual(ConcertPitch(a4: a4) != nil, isValid, "A4 = \(a4) Hz")
      XCTAssertEqual(ConcertPitch(a4: a4)?.a4, isValid ? a4 : nil, "stored A4 for \(a4) Hz")
    }
  }

  func testCodableAsBareNumber() throws {
    let reference = try XCTUnwrap(ConcertPitch(a4: 442))
    let data = try JSONEncoder().encode(reference)
    XCTAssertEqual(String(decoding: data, as: UTF8.self), "442")
    XCTAssertEqual(try JSONDecoder().decode(ConcertPitch.self, from: data), reference)
  }

  func testDecodingRejectsOutOfRange() {
    XCTAssertThrowsError(try JSONDecoder().decode(ConcertPitch.self, from: Data("300".utf8)))
  }
}
