import Practice
import XCTest

final class RhythmWindowsTests: XCTestCase {
  func testRelativeEdgesAreSharesOfTheWindowBaseEarlyAndLateAlike() {
    let base = 0.3
    let justPast = 1e-6
    let cases: [(Double, RhythmGrade?)] = [
      (0, .perfect),
      (0.15 * base, .perfect), (0.15 * base + justPast, .good),
      (0.30 * base, .good), (0.30 * base + justPast, .inaccurate),
      (0.50 * base, .inaccurate), (0.50 * base + justPast, nil),
      (base, nil),
    ]
    for (distance, grade) in cases {
      for offset in [distance, -distance] {
        XCTAssertEqual(
          RhythmWindows.relative.grade(offset: offset, windowBase: base), grade, "\(offset)")
      }
    }
  }

  func testStrictEdgesAreFixedTimes() {
    let cases: [(Double, RhythmGrade?)] = [
      (0.0200, .perfect), (0.0201, .good), (0.0400, .good), (0.0401, .inaccurate),
      (0.0800, .inaccurate), (0.0801, nil),
    ]
    for (distance, grade) in cases {
      for offset in [distance, -distance] {
        XCTAssertEqual(
          RhythmWindows.strict.grade(offset: offset, windowBase: 1), grade, "\(offset)")
      }
    }
  }

  func testStrictWindowsAreNeverWiderThanHalfTheWindowBase() {
    // A sixteenth at 150 BPM lasts 100 ms: inaccurate ends at 50 ms, not 80.
    let sixteenth = 0.1
    let cases: [(Double, RhythmGrade?)] = [
      (0.020, .perfect), (0.040, .good), (0.045, .inaccurate), (0.050, .inaccurate),
      (0.0501, nil),
    ]
    for (offset, grade) in cases {
      XCTAssertEqual(
        RhythmWindows.strict.grade(offset: offset, windowBase: sixteenth), grade, "\(offset)")
    }
    // At 240 BPM (62.5 ms) even good is cut to 31.25 ms, and nothing is inaccurate.
    XCTAssertEqual(RhythmWindows.strict.grade(offset: 0.03125, windowBase: 0.0625), .good)
    XCTAssertNil(RhythmWindows.strict.grade(offset: 0.0313, windowBase: 0.0625))
    XCTAssertEqual(RhythmWindows.strict.limit(.seconds(0.08), windowBase: 0.0625), 0.03125)
  }

  func testAShareAboveHalfIsCutToHalf() {
    let wide = RhythmWindows(perfect: .share(0.2), good: .share(0.4), inaccurate: .share(0.9))
    XCTAssertEqual(wide.limit(wide.inaccurate, windowBase: 1), 0.5)
    XCTAssertEqual(wide.grade(offset: 0.5, windowBase: 1), .inaccurate)
    XCTAssertNil(wide.grade(offset: 0.51, windowBase: 1))
  }

  func testNotANumberIsNoHit() {
    XCTAssertNil(RhythmWindows.relative.grade(offset: .nan, windowBase: 1))
    XCTAssertNil(RhythmWindows.relative.grade(offset: .infinity, windowBase: 1))
  }
}
