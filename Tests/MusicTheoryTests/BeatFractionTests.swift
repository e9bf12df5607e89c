import MusicTheory
import XCTest

final class BeatFractionTests: XCTestCase {
  func testFractionsAreKeptInLowestTermsWithAPositiveDenominator() {
    let cases: [(BeatFraction, Int, Int)] = [
      (BeatFraction(2, 4), 1, 2), (BeatFraction(3, 9), 1, 3), (BeatFraction(4, 2), 2, 1),
      (BeatFraction(0, 5), 0, 1), (BeatFraction(1, -2), -1, 2), (BeatFraction(-2, -6), 1, 3),
      (BeatFraction(3), 3, 1),
    ]
    for (fraction, numerator, denominator) in cases {
      XCTAssertEqual(fraction.numerator, numerator, "\(fraction)")
      XCTAssertEqual(fraction.denominator, denominator, "\(fraction)")
    }
    XCTAssertEqual(BeatFraction(2, 4), BeatFraction(1, 2))
    XCTAssertEqual(Set([BeatFraction(2, 4), BeatFraction(1, 2)]).count, 1)
  }

  func testAddingIsExactSoThreeTripletEighthsFillTheBeat() {
    let third = BeatFraction(1, 3)
    XCTAssertEqual(third + third + third, .one)
    XCTAssertEqual(BeatFraction(1, 4) + BeatFraction(1, 6), BeatFraction(5, 12))
    XCTAssertEqual(BeatFraction(3, 4) + BeatFraction(1, 4), .one)
    var total = BeatFraction.zero
    for _ in 0..<64 { total += BeatFraction(1, 64) }
    XCTAssertEqual(total, .one)
  }

  func testOrder() {
    XCTAssertLessThan(BeatFraction(1, 3), BeatFraction(1, 2))
    XCTAssertLessThan(BeatFraction(2, 3), BeatFraction(3, 4))
    XCTAssertLessThan(BeatFraction(-1, 2), .zero)
    XCTAssertFalse(BeatFraction(2, 4) < BeatFraction(1, 2))
    XCTAssertEqual(
      [BeatFraction(3, 4), BeatFraction(1, 3), .one, BeatFraction(1, 2)].sorted().map(
        \.description),
      ["1/3", "1/2", "3/4", "1"])
  }

  func testValueAndDescription() {
    XCTAssertEqual(BeatFraction(1, 4).value, 0.25)
    XCTAssertEqual(BeatFraction(7, 2).value, 3.5)
    XCTAssertEqual(BeatFraction(6, 8).description, "3/4")
    XCTAssertEqual(BeatFraction(2).description, "2")
  }

  func testParsing() {
    let good: [(String, BeatFraction)] = [
      ("1/2", BeatFraction(1, 2)), ("3/4", BeatFraction(3, 4)), ("1", .one),
      ("2/6", BeatFraction(1, 3)),
      ("0", .zero), ("0/3", .zero),
    ]
    for (text, expected) in good {
      XCTAssertEqual(BeatFraction(parsing: text), expected, text)
    }
    let bad = [
      "", "/", "1/", "/2", "1/0", "-1/2", "+1/2", "1/-2", " 1/2", "1 /2", "1/2/3", "½", "0.5",
      "a/b",
      "99999999999999999999/2",
    ]
    for text in bad {
      XCTAssertNil(BeatFraction(parsing: text), text)
    }
  }
}
