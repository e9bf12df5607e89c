import Practice
import XCTest

final class ProtocolRatingTests: XCTestCase {
  func testReadsEveryWayOfTypingARating() {
    let table: [(String, Rating?)] = [
      ("0", .unusable), ("x", .unusable), ("X", .unusable), ("✗", .unusable),
      ("1", .poor), ("+-", .poor), ("±", .poor),
      ("2", .usable), ("ok", .usable), ("OK", .usable),
      ("3", .good), ("+", .good),
      ("4", .excellent), ("++", .excellent),
      ("5", nil), ("-", nil), ("+++", nil), ("", nil), ("i", nil),
    ]
    for (token, rating) in table {
      XCTAssertEqual(Rating(token), rating, token)
    }
  }

  func testGlyphsReadBack() {
    XCTAssertEqual(Rating.allCases.map(\.ascii), ["x", "+-", "ok", "+", "++"])
    XCTAssertEqual(Rating.allCases.map(\.unicode), ["✗", "±", "ok", "+", "++"])
    for rating in Rating.allCases {
      XCTAssertEqual(Rating(rating.ascii), rating)
      XCTAssertEqual(Rating(rating.unicode), rating)
      XCTAssertEqual(Rating(String(rating.rawValue)), rating)
    }
  }

  func testRatingsAreOrdered() {
    XCTAssertEqual(Rating.allCases.sorted(by: >).first, .excellent)
    XCTAssertLessThan(Rating.unusable, .poor)
    XCTAssertLessThan(Rating.good, .excellent)
  }

  func testAnUnratedBarRanksBetweenPoorAndUsable() {
    let order: [BarGrade] = [
      .uncovered, .rated(.unusable), .rated(.poor), .unrated, .rated(.usable), .rated(.good),
      .rated(.excellent),
    ]
    XCTAssertEqual(order.map(\.rank), Array(0...BarGrade.topRank))
    XCTAssertEqual(order.shuffled().sorted(), order)
    XCTAssertEqual(order.map(\.isUsable), [false, false, false, false, true, true, true])
  }

  func testTheSevenUsualTagsAreBuiltIn() {
    XCTAssertEqual(String(ProblemTag.builtIn.map(\.letter)), "ibentwf")
    XCTAssertEqual(ProblemTag.wrongNote.name, "wrong note")
  }
}
