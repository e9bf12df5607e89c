import ListeningEval
import XCTest

final class OnsetScoreTests: XCTestCase {
  func testDetectionsInsideTheWindowAreHits() {
    let score = OnsetScore(detected: [0.51, 1.04, 2.2], truth: [0.5, 1.0, 1.5])
    XCTAssertEqual(score.truePositives, 2)
    XCTAssertEqual(score.falsePositives, 1)
    XCTAssertEqual(score.falseNegatives, 1)
    XCTAssertEqual(score.fMeasure, 4.0 / 6.0, accuracy: 1e-12)
    XCTAssertEqual(score.medianAbsoluteError, 0.025, accuracy: 1e-12)
  }

  func testEachOnsetIsMatchedOnceClosestFirst() {
    let score = OnsetScore(detected: [0.99, 1.01, 1.03], truth: [1.0, 1.04])
    XCTAssertEqual(score.truePositives, 2)
    XCTAssertEqual(score.falsePositives, 1)
    XCTAssertEqual(score.timingErrors.map { ($0 * 1000).rounded() }.sorted(), [-10, -10])
  }

  func testNothingToFindAndNothingFoundIsPerfect() {
    XCTAssertEqual(OnsetScore(detected: [], truth: []).fMeasure, 1)
    XCTAssertEqual(OnsetScore(detected: [1], truth: []).fMeasure, 0)
  }
}
