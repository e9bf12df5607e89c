import XCTest

@testable import TerminalUI

final class BigDigitsTests: XCTestCase {
  func testFontIsFiveRowsOfEqualWidth() {
    XCTAssertEqual(Set(BigDigits.font.keys), Set("0123456789: "))
    for (character, rows) in BigDigits.font {
      XCTAssertEqual(rows.count, BigDigits.height, "\(character)")
      XCTAssertEqual(Set(rows.map(\.count)).count, 1, "\(character)")
      XCTAssertTrue((2...6).contains(rows[0].count), "\(character)")
      XCTAssertTrue(rows.joined().allSatisfy { $0 == "#" || $0 == " " }, "\(character)")
    }
  }

  func testDigitsAreDistinct() {
    let digits = "0123456789".map { BigDigits.font[$0]! }
    XCTAssertEqual(Set(digits).count, 10)
  }

  func testDrawsDigitsCentredWithTheBlockGlyph() {
    var canvas = Canvas(width: 20, height: 7, fill: Cell("."))
    BigDigits("12", glyphs: .ascii).render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(
      canvas.lines,
      [
        "                    ",
        "      ##  ####      ",
        "       #     #      ",
        "       #  ####      ",
        "       #  #         ",
        "      ### ####      ",
        "                    ",
      ])
    XCTAssertEqual(canvas[6, 1].style, Style.role(.accent).bold)
    XCTAssertEqual(canvas[5, 1].style, .plain)
  }

  func testUnicodeUsesFullBlocks() {
    var canvas = Canvas(width: 12, height: 5)
    BigDigits("4:0", glyphs: .unicode).render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(
      canvas.lines,
      [
        "█  █    ████",
        "█  █ ██ █  █",
        "████    █  █",
        "   █ ██ █  █",
        "   █    ████",
      ])
  }

  /// A count-down from 10 to 9 must not move the last digit sideways.
  func testASpaceIsAsWideAsADigit() {
    var nine = Canvas(width: 20, height: 5)
    BigDigits(" 9", glyphs: .ascii).render(in: nine.bounds, on: &nine)
    var nineteen = Canvas(width: 20, height: 5)
    BigDigits("19", glyphs: .ascii).render(in: nineteen.bounds, on: &nineteen)
    for row in 0..<5 {
      XCTAssertEqual(nine.text(row: row, from: 10), nineteen.text(row: row, from: 10))
    }
    XCTAssertEqual(nine.text(row: 0, from: 0, width: 10), String(repeating: " ", count: 10))
  }

  func testFallsBackToPlainTextWhenTooSmall() {
    var canvas = Canvas(width: 10, height: 3, fill: Cell("."))
    BigDigits("120", glyphs: .unicode).render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(canvas.lines, ["          ", "   120    ", "          "])
    XCTAssertEqual(canvas[3, 1].style, Style.role(.accent).bold)

    var short = Canvas(width: 40, height: 4)
    BigDigits("120", glyphs: .unicode).render(in: short.bounds, on: &short)
    XCTAssertEqual(short.lines[1].trimmingCharacters(in: .whitespaces), "120")
  }

  func testFallsBackToPlainTextForOtherCharacters() {
    var canvas = Canvas(width: 30, height: 5)
    BigDigits("120 BPM", glyphs: .unicode).render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(canvas.lines[2], "           120 BPM            ")
  }

  func testFallbackTextIsClipped() {
    var canvas = Canvas(width: 5, height: 1)
    BigDigits("1234567", glyphs: .ascii).render(in: canvas.bounds, on: &canvas)
    XCTAssertEqual(canvas.lines, ["12..."])
  }

  func testStaysInside() {
    assertDrawsOnlyInside { area, canvas in
      BigDigits("12:05", glyphs: .unicode).render(in: area, on: &canvas)
    }
  }
}
