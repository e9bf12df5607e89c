import Practice
import XCTest

final class RunLevelTests: XCTestCase {
  private let shownFree = RunLevel.Conditions(showedPlaces: true, bpm: nil)
  private let memoryFree = RunLevel.Conditions(showedPlaces: false, bpm: nil)
  private func memory(at bpm: Int) -> RunLevel.Conditions {
    RunLevel.Conditions(showedPlaces: false, bpm: bpm)
  }

  func testHarderCountsForEasier() {
    let levels = RunLevel.all
    XCTAssertTrue(levels[0].isMet(by: shownFree))
    XCTAssertTrue(levels[0].isMet(by: memory(at: 200)))
    XCTAssertFalse(levels[1].isMet(by: shownFree), "level 2 is from memory")
    XCTAssertTrue(levels[1].isMet(by: memoryFree))
    XCTAssertFalse(levels[2].isMet(by: memoryFree), "level 3 is on the click")
    XCTAssertTrue(levels[2].isMet(by: memory(at: 60)))
    XCTAssertFalse(levels[3].isMet(by: memory(at: 89)))
    XCTAssertTrue(levels[4].isMet(by: memory(at: 132)))
    XCTAssertFalse(
      levels[4].isMet(by: RunLevel.Conditions(showedPlaces: true, bpm: 132)), "places shown")
  }

  func testALevelNeedsACleanRunEachWayThatMeetsIt() {
    XCTAssertEqual(RunLevel.passed(up: [], down: []), 0)
    XCTAssertEqual(RunLevel.passed(up: [memory(at: 100)], down: [memory(at: 100)]), 4)
    XCTAssertEqual(RunLevel.passed(up: [memory(at: 100)], down: [shownFree]), 1)
    XCTAssertEqual(RunLevel.passed(up: [memoryFree, memory(at: 150)], down: [memory(at: 70)]), 3)
  }

  func testTheNextLevelStopsAtTheLast() {
    XCTAssertEqual(RunLevel.next(after: 0).number, 1)
    XCTAssertEqual(RunLevel.next(after: 2).number, 3)
    XCTAssertEqual(RunLevel.next(after: 5).number, 5)
  }
}
