import Practice
import XCTest

final class RhythmResultsTests: XCTestCase {
  /// Results with these counts; the hits are on time.
  private func results(
    perfect: Int = 0, good: Int = 0, inaccurate: Int = 0, missed: Int = 0, extra: Int = 0
  ) -> RhythmResults {
    let grades =
      Array(repeating: RhythmGrade.perfect, count: perfect)
      + Array(repeating: .good, count: good) + Array(repeating: .inaccurate, count: inaccurate)
      + Array(repeating: .miss, count: missed)
    return RhythmResults(
      notes: grades.enumerated().map { index, grade in
        let time = Double(index)
        return .init(expected: time, hit: grade == .miss ? nil : time, grade: grade)
      },
      extraHits: (0..<extra).map { Double($0) + 0.5 })
  }

  func testCounts() {
    let graded = results(perfect: 3, good: 2, inaccurate: 1, missed: 4, extra: 5)
    XCTAssertEqual(RhythmGrade.allCases.map(graded.count(of:)), [3, 2, 1, 4])
    XCTAssertEqual(graded.extraCount, 5)
  }

  func testAccuracyCountsPerfectAndGoodAgainstMissedAndExtraAndLeavesInaccurateOut() {
    let cases: [(RhythmResults, Double)] = [
      (results(perfect: 2, good: 2), 100),
      (results(perfect: 1, missed: 1), 50),
      (results(good: 1, extra: 1), 50),
      (results(perfect: 3, extra: 1), 75),
      (results(perfect: 1, good: 1, inaccurate: 5), 100),
      (results(perfect: 1, inaccurate: 1, missed: 1, extra: 1), 100.0 / 3),
      (results(inaccurate: 3), 0),
      (results(missed: 2, extra: 2), 0),
      (results(), 0),
    ]
    for (graded, accuracy) in cases {
      XCTAssertEqual(graded.accuracy, accuracy, accuracy: 1e-9)
    }
  }

  func testOffsetsMeanAndSpreadOfTheMatchedHits() {
    let graded = RhythmResults(
      notes: [
        .init(expected: 1, hit: 0.980, grade: .perfect),
        .init(expected: 2, hit: 2, grade: .perfect),
        .init(expected: 3, hit: nil, grade: .miss),
        .init(expected: 4, hit: 4.020, grade: .good),
        .init(expected: 5, hit: 5.040, grade: .inaccurate),
      ],
      extraHits: [7.5])
    XCTAssertEqual(graded.notes[0].offsetMilliseconds ?? 0, -20, accuracy: 1e-9, "early")
    XCTAssertNil(graded.notes[2].offsetMilliseconds)
    XCTAssertEqual(graded.meanOffsetMilliseconds ?? 0, 10, accuracy: 1e-9)
    XCTAssertEqual(graded.spreadMilliseconds ?? 0, 500.0.squareRoot(), accuracy: 1e-9)
    var bins = Array(repeating: 0, count: 20)
    // -20 ms, 0, 20 and 40 ms, each in the bin it starts, whatever rounding the times did.
    for bin in [8, 10, 12, 14] { bins[bin] = 1 }
    XCTAssertEqual(graded.histogram.counts, bins)
  }

  func testNoMatchedHitHasNoMeanOrSpread() {
    let graded = results(missed: 2, extra: 1)
    XCTAssertNil(graded.meanOffsetMilliseconds)
    XCTAssertNil(graded.spreadMilliseconds)
    XCTAssertEqual(results(perfect: 1).spreadMilliseconds, 0)
  }

  func testALeanIsToldOnlyBeyondTheSpreadAndWhatCanBeHeard() {
    func results(_ offsets: [Double]) -> RhythmResults {
      RhythmResults(
        notes: offsets.enumerated().map { index, offset in
          .init(expected: Double(index), hit: Double(index) + offset / 1000, grade: .good)
        }, extraHits: [])
    }
    XCTAssertEqual(results([2, 6, 4, 5]).tendency, .steady, "4 ms late is not heard")
    XCTAssertEqual(results([-20, 30, 5, 0]).tendency, .steady, "3.8 ms within a 18 ms spread")
    XCTAssertEqual(results([24, 26, 25, 25]).tendency, .late)
    XCTAssertEqual(results([-30, -10, -25, -15]).tendency, .early)
    XCTAssertNil(results([]).tendency)
  }
}
