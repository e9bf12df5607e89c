import Practice
import XCTest

final class RhythmHistogramTests: XCTestCase {
  func testEachBinHoldsItsLowerEdgeButNotItsUpperOne() {
    let cases: [(Double, Int?)] = [
      (-100, 0), (-90.001, 0), (-90, 1), (-0.001, 9), (0, 10), (9.999, 10), (10, 11),
      (55, 15), (99.999, 19),
    ]
    for (offset, bin) in cases {
      let histogram = RhythmHistogram(offsets: [offset])
      var expected = Array(repeating: 0, count: RhythmHistogram.binCount)
      if let bin { expected[bin] = 1 }
      XCTAssertEqual(histogram.counts, expected, "\(offset)")
      XCTAssertEqual(histogram.underflow + histogram.overflow, 0, "\(offset)")
      if let bin { XCTAssertTrue(RhythmHistogram.range(ofBin: bin).contains(offset)) }
    }
  }

  func testRoundingInTheTimesDoesNotMoveAnOffsetOffItsEdge() {
    let histogram = RhythmHistogram(offsets: [-20.000000000000018, 19.9999999999996, 99.9999999])
    XCTAssertEqual(histogram.counts[8], 1)
    XCTAssertEqual(histogram.counts[12], 1)
    XCTAssertEqual(histogram.overflow, 1)
  }

  func testOffsetsBeyondTheBinsAreCountedApart() {
    let histogram = RhythmHistogram(offsets: [-100.001, -250, 100, 180, .nan, 3])
    XCTAssertEqual(histogram.underflow, 2)
    XCTAssertEqual(histogram.overflow, 2)
    XCTAssertEqual(histogram.counts.reduce(0, +), 1, "NaN is left out")
    XCTAssertEqual(histogram.counts[10], 1)
  }

  func testTheBinsSpanMinusToPlusAHundredMilliseconds() {
    XCTAssertEqual(RhythmHistogram.binCount, 20)
    XCTAssertEqual(RhythmHistogram.range(ofBin: 0), -100..<(-90))
    XCTAssertEqual(RhythmHistogram.range(ofBin: 10), 0..<10)
    XCTAssertEqual(RhythmHistogram.range(ofBin: 19), 90..<100)
    XCTAssertEqual(RhythmHistogram.highest, 100)
    XCTAssertEqual(RhythmHistogram(offsets: []).counts, Array(repeating: 0, count: 20))
  }
}
