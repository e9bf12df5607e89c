import Foundation
import Storage
import XCTest

final class JSONValueTests: XCTestCase {
  func testParsesEveryKindOfValue() throws {
    let text = #"{"a": [1, -2.5e3, true, false, null], "b": {"c": "d\n\u00e9\ud83c\udfb8\/"}}"#

    let value = try JSONValue(parsing: Data(text.utf8))

    XCTAssertEqual(
      value,
      .object([
        "a": .array([.number(1), .number(-2500), .bool(true), .bool(false), .null]),
        "b": .object(["c": .string("d\né🎸/")]),
      ]))
  }

  func testSaysTheTextIsNotJSON() {
    let text = "{\n  \"theme\": \"dark\",\n  oops\n}"

    XCTAssertThrowsError(try JSONValue(parsing: Data(text.utf8))) { error in
      XCTAssertTrue(error is JSONSyntaxError, "\(error)")
      XCTAssertEqual(String(describing: error), "not valid JSON")
    }
  }

  func testRejectsWhatStrictJSONRejects() {
    let invalid = [
      "", "{", "[1 2]", "{\"a\" 1}", "01", "1.", "-", "\"tab\there\"", "\"\\x\"",
      "\"\\ud800\"", "tru", "{} {}", "NaN", "Infinity", "0x10", "+1", ".5", "'single'",
    ]
    for text in invalid {
      XCTAssertThrowsError(try JSONValue(parsing: Data(text.utf8)), text)
    }
  }

  /// Valid JSON that no Double holds stays a number, one that every range check refuses.
  func testANumberBeyondAnyDoubleIsAnInfiniteNumber() throws {
    XCTAssertEqual(
      try JSONValue(parsing: Data("[1e400, -1e999, 1e-999]".utf8)),
      .array([.number(.infinity), .number(-.infinity), .number(0)]))
  }

  func testToleratesATrailingCommaAsHandEditedFilesOftenHaveOne() throws {
    XCTAssertEqual(try JSONValue(parsing: Data("{\"a\": 1,}".utf8)), .object(["a": .number(1)]))
  }

  func testRejectsInvalidUTF8() {
    XCTAssertThrowsError(try JSONValue(parsing: Data([0x22, 0xFF, 0x22])))
  }

  func testSkipsAByteOrderMark() throws {
    let value = try JSONValue(parsing: Data([0xEF, 0xBB, 0xBF] + Array("{}".utf8)))

    XCTAssertEqual(value, .object([:]))
  }

  func testDeepNestingFailsInsteadOfCrashing() {
    let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)

    XCTAssertThrowsError(try JSONValue(parsing: Data(text.utf8)))
  }

  func testSerializesPrettyWithSortedKeys() throws {
    let value = JSONValue.object(["b": .number(80), "a": .array([.number(0.5), .string("x/y")])])

    let text = String(decoding: try value.serialized(), as: UTF8.self)

    XCTAssertEqual(text, "{\n  \"a\" : [\n    0.5,\n    \"x/y\"\n  ],\n  \"b\" : 80\n}")
  }

  func testRoundTripsThroughItsOwnText() throws {
    let value = JSONValue.object([
      "text": .string("quote \" backslash \\ newline \n"), "number": .number(-0.125),
      "nested": .array([.object([:]), .array([]), .null, .bool(true)]),
    ])

    XCTAssertEqual(try JSONValue(parsing: try value.serialized()), value)
  }

  func testWorksInsideCodableTypes() throws {
    struct Envelope: Codable, Equatable {
      var payload: JSONValue
    }
    let envelope = Envelope(payload: .object(["flag": .bool(true), "count": .number(3)]))

    let data = try JSONEncoder().encode(envelope)

    XCTAssertEqual(try JSONDecoder().decode(Envelope.self, from: data), envelope)
  }
}
