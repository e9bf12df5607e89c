import TerminalUI
import XCTest

final class RectTests: XCTestCase {
  let area = Rect(x: 2, y: 3, width: 10, height: 6)

  func testNegativeSizesBecomeEmpty() {
    let rect = Rect(x: 4, y: 5, width: -3, height: -1)
    XCTAssertEqual(rect.width, 0)
    XCTAssertEqual(rect.height, 0)
    XCTAssertTrue(rect.isEmpty)
    XCTAssertTrue(Rect(x: 0, y: 0, width: 5, height: 0).isEmpty)
    XCTAssertTrue(Rect.zero.isEmpty)
    XCTAssertFalse(Rect(x: 0, y: 0, width: 1, height: 1).isEmpty)
  }

  func testEdgesAndContainment() {
    XCTAssertEqual(area.maxX, 12)
    XCTAssertEqual(area.maxY, 9)
    XCTAssertEqual(area.size, Size(width: 10, height: 6))
    XCTAssertTrue(area.contains(x: 2, y: 3))
    XCTAssertTrue(area.contains(x: 11, y: 8))
    XCTAssertFalse(area.contains(x: 12, y: 8))
    XCTAssertFalse(area.contains(x: 11, y: 9))
    XCTAssertFalse(area.contains(x: 1, y: 3))
    XCTAssertFalse(Rect.zero.contains(x: 0, y: 0))
  }

  func testSplitTop() {
    let (top, rest) = area.splitTop(2)
    XCTAssertEqual(top, Rect(x: 2, y: 3, width: 10, height: 2))
    XCTAssertEqual(rest, Rect(x: 2, y: 5, width: 10, height: 4))
    let (all, none) = area.splitTop(99)
    XCTAssertEqual(all, area)
    XCTAssertTrue(none.isEmpty)
    XCTAssertEqual(none.y, area.maxY)
    let (nothing, everything) = area.splitTop(-3)
    XCTAssertTrue(nothing.isEmpty)
    XCTAssertEqual(everything, area)
  }

  func testSplitBottom() {
    let (rest, bottom) = area.splitBottom(1)
    XCTAssertEqual(rest, Rect(x: 2, y: 3, width: 10, height: 5))
    XCTAssertEqual(bottom, Rect(x: 2, y: 8, width: 10, height: 1))
    let (none, all) = area.splitBottom(7)
    XCTAssertTrue(none.isEmpty)
    XCTAssertEqual(all, area)
  }

  func testSplitLeft() {
    let (left, rest) = area.splitLeft(4)
    XCTAssertEqual(left, Rect(x: 2, y: 3, width: 4, height: 6))
    XCTAssertEqual(rest, Rect(x: 6, y: 3, width: 6, height: 6))
    XCTAssertEqual(area.splitLeft(0).rest, area)
    XCTAssertEqual(area.splitLeft(20).left, area)
  }

  func testSplitsOfAnEmptyRectStayEmpty() {
    let (top, rest) = Rect.zero.splitTop(3)
    XCTAssertTrue(top.isEmpty)
    XCTAssertTrue(rest.isEmpty)
    XCTAssertTrue(Rect.zero.splitLeft(2).left.isEmpty)
    XCTAssertTrue(Rect.zero.splitBottom(2).bottom.isEmpty)
  }

  func testIntersection() {
    let other = Rect(x: 8, y: 0, width: 10, height: 5)
    XCTAssertEqual(area.intersection(other), Rect(x: 8, y: 3, width: 4, height: 2))
    XCTAssertEqual(other.intersection(area), area.intersection(other))
    XCTAssertEqual(area.intersection(area), area)
    let inside = Rect(x: 3, y: 4, width: 2, height: 2)
    XCTAssertEqual(area.intersection(inside), inside)
  }

  func testDisjointOrTouchingRectsIntersectEmpty() {
    XCTAssertTrue(area.intersection(Rect(x: 12, y: 3, width: 5, height: 5)).isEmpty)
    XCTAssertTrue(area.intersection(Rect(x: 0, y: 20, width: 50, height: 5)).isEmpty)
    XCTAssertTrue(area.intersection(.zero).isEmpty)
  }

  func testCentered() {
    XCTAssertEqual(area.centered(width: 4, height: 2), Rect(x: 5, y: 5, width: 4, height: 2))
    // An odd leftover column goes to the right.
    XCTAssertEqual(area.centered(width: 3, height: 1), Rect(x: 5, y: 5, width: 3, height: 1))
    XCTAssertEqual(area.centered(width: 50, height: 50), area)
    XCTAssertTrue(area.centered(width: 0, height: 3).isEmpty)
    XCTAssertTrue(Rect.zero.centered(width: 5, height: 5).isEmpty)
  }

  func testCenteredWithNegativeSizeIsEmptyAndInside() {
    let centred = area.centered(width: -4, height: -2)
    XCTAssertTrue(centred.isEmpty)
    XCTAssertTrue((area.x...area.maxX).contains(centred.x))
    XCTAssertTrue((area.y...area.maxY).contains(centred.y))
  }

  func testInset() {
    XCTAssertEqual(area.inset(by: 1), Rect(x: 3, y: 4, width: 8, height: 4))
    XCTAssertEqual(area.inset(horizontal: 2, vertical: 0), Rect(x: 4, y: 3, width: 6, height: 6))
    XCTAssertTrue(area.inset(by: 5).isEmpty)
    XCTAssertTrue(Rect(x: 0, y: 0, width: 1, height: 1).inset(by: 1).isEmpty)
  }

  func testRow() {
    XCTAssertEqual(area.row(0), Rect(x: 2, y: 3, width: 10, height: 1))
    XCTAssertEqual(area.row(5), Rect(x: 2, y: 8, width: 10, height: 1))
    XCTAssertTrue(area.row(6).isEmpty)
    XCTAssertTrue(area.row(-1).isEmpty)
    XCTAssertTrue(Rect.zero.row(0).isEmpty)
  }

  func testSizeInit() {
    XCTAssertEqual(Rect(size: Size(width: 80, height: 24)), Rect(x: 0, y: 0, width: 80, height: 24))
    XCTAssertTrue(Size(width: 120, height: 40).fits(.minimum))
    XCTAssertFalse(Size(width: 79, height: 40).fits(.minimum))
    XCTAssertEqual(Size(width: 80, height: 24).description, "80×24")
  }
}
