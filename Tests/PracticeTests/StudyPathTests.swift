import DSP
import FoundationEssentials
import Practice
import XCTest

final class StudyPathTests: XCTestCase {
  /// A run of `pattern` played the way `level` asks, one way.
  private func run(_ pattern: String, level: Int, passed: Bool = true, down: Bool = false)
    -> SessionRecord
  {
    let bpm = [0, 0, 0, 60, 90, 120][level]
    return SessionRecord(
      module: StudyPath.module, exercise: StudyPath.runExercise,
      startedAt: Date(timeIntervalSince1970: 0), duration: 20,
      figures: [
        "passed": passed ? 1 : 0, "descending": down ? 1 : 0, "bpm": Double(bpm),
        "markers": level == 1 ? 1 : 0,
      ],
      content: [pattern])
  }

  /// A clean run each way at `level`: the level passed.
  private func pass(_ pattern: String, level: Int) -> [SessionRecord] {
    [run(pattern, level: level), run(pattern, level: level, down: true)]
  }

  private func placement(at pattern: String) -> SessionRecord {
    SessionRecord(
      module: StudyPath.module, exercise: StudyPath.placementExercise,
      startedAt: Date(timeIntervalSince1970: 0), duration: 60, content: [pattern])
  }

  func testThePathStartsWithTheFirstPentatonicBoxThenTheMajorScale() {
    XCTAssertEqual(StudyPath.order.prefix(3), ["minor-pentatonic-1", "major-1", "major-2"])
    XCTAssertEqual(Set(StudyPath.order).count, StudyPath.order.count, "each pattern once")
    XCTAssertEqual(
      StudyPath(history: []).next,
      StudyPath.Step(pattern: "minor-pentatonic-1", level: 1, exercise: "run", reason: .new))
  }

  func testAPatternIsLeftOnceItsMoveOnLevelIsPassed() {
    let twoLevels = pass("minor-pentatonic-1", level: 1) + pass("minor-pentatonic-1", level: 2)
    XCTAssertEqual(StudyPath(history: twoLevels).next.pattern, "minor-pentatonic-1")
    XCTAssertEqual(StudyPath(history: twoLevels).next.level, 3)
    let next = StudyPath(history: twoLevels + pass("minor-pentatonic-1", level: 3)).next
    XCTAssertEqual(
      next, StudyPath.Step(pattern: "major-1", level: 1, exercise: "run", reason: .new))
  }

  func testAFailedLevelComesBackSoonAndAKnownOneLater() {
    let learnt = pass("minor-pentatonic-1", level: 3)
    let failed = learnt + [run("minor-pentatonic-1", level: 3, passed: false)]
    let path = StudyPath(history: failed)
    XCTAssertEqual(path.box(of: "minor-pentatonic-1", level: 3), 0)
    XCTAssertEqual(path.next.pattern, "major-1", "not yet: it was just played")
    let later = failed + pass("major-1", level: 1) + pass("major-1", level: 2)
    XCTAssertEqual(
      StudyPath(history: later).next,
      StudyPath.Step(pattern: "minor-pentatonic-1", level: 3, exercise: "run", reason: .review))
    let known = learnt + pass("major-1", level: 1) + pass("major-1", level: 2)
    XCTAssertEqual(
      StudyPath(history: known).box(of: "minor-pentatonic-1", level: 3), 1,
      "the run up passed no level yet: it counted for the first")
    XCTAssertEqual(StudyPath(history: known).next.pattern, "major-1", "box 1 waits 8 runs")
  }

  func testThePlacementSetsWhereNewPatternsStart() {
    let path = StudyPath(history: [placement(at: "major-3")])
    XCTAssertEqual(path.start, 3)
    XCTAssertEqual(
      path.next, StudyPath.Step(pattern: "major-3", level: 1, exercise: "run", reason: .new))
    let unknown = StudyPath(history: [placement(at: "major-3"), placement(at: "no-such-1")])
    XCTAssertEqual(unknown.start, 0, "the latest placement counts")
  }

  func testOtherRecordsAndPatternsOffThePathMoveNothing() {
    let game = SessionRecord(
      module: StudyPath.module, exercise: "intervals", startedAt: Date(timeIntervalSince1970: 0),
      duration: 30, content: ["minor-pentatonic-1"])
    let path = StudyPath(history: [game] + pass("whole-tone-1", level: 5))
    XCTAssertEqual(path.next.pattern, "minor-pentatonic-1")
    XCTAssertNil(path.box(of: "whole-tone-1", level: 5))
  }

  /// Properties over random histories: every step is a pattern of the path at a level there
  /// is; a new step is the next level of the first pattern from the start not yet past the
  /// move-on level (or, once all are, the last); a review is a level passed.
  func testEveryStepIsALevelThereIsOfThePath() {
    for seed in UInt64(0)..<200 {
      var random = SplitMix64(seed: seed)
      let patterns = Array(StudyPath.order.prefix(6)) + ["whole-tone-1"]
      var history: [SessionRecord] = []
      if Bool.random(using: &random) {
        history.append(placement(at: StudyPath.order[Int.random(in: 0..<4, using: &random)]))
      }
      for _ in 0..<Int.random(in: 0..<60, using: &random) {
        history.append(
          run(
            patterns.randomElement(using: &random)!, level: Int.random(in: 1...5, using: &random),
            passed: Int.random(in: 0..<4, using: &random) > 0, down: Bool.random(using: &random)))
      }
      let path = StudyPath(history: history)
      let step = path.next
      XCTAssertTrue(StudyPath.order.contains(step.pattern), "seed \(seed)")
      XCTAssertTrue((1...RunLevel.all.count).contains(step.level), "seed \(seed)")
      let passed = path.passed[step.pattern] ?? 0
      switch step.reason {
      case .new:
        XCTAssertEqual(step.level, passed + 1, "seed \(seed)")
        let index = StudyPath.order.firstIndex(of: step.pattern)!
        XCTAssertGreaterThanOrEqual(index, path.start, "seed \(seed)")
        let skipped = StudyPath.order[path.start..<index]
        XCTAssertTrue(
          skipped.allSatisfy { (path.passed[$0] ?? 0) >= StudyPath.moveOnLevel }, "seed \(seed)")
      case .review:
        XCTAssertEqual(step.level, passed, "seed \(seed)")
        XCTAssertNotNil(path.box(of: step.pattern, level: step.level), "seed \(seed)")
      }
    }
  }

  /// A player who plays each step cleanly passes every level of every pattern: however many
  /// patterns are known, their reviews take at most every other step.
  func testFollowingThePathCleanlyReachesItsEnd() {
    var history: [SessionRecord] = []
    var reviews = 0
    let newSteps = StudyPath.order.count * RunLevel.all.count
    for _ in 0...(newSteps * 2) {
      let step = StudyPath(history: history).next
      if step.reason == .review { reviews += 1 }
      let path = StudyPath(history: history)
      if StudyPath.order.allSatisfy({ path.passed[$0] == RunLevel.all.count }) { break }
      history += pass(step.pattern, level: step.level)
    }
    let path = StudyPath(history: history)
    XCTAssertTrue(StudyPath.order.allSatisfy { path.passed[$0] == RunLevel.all.count })
    XCTAssertLessThanOrEqual(reviews, newSteps, "reviews take turns with new levels")
    XCTAssertGreaterThan(reviews, 0)
  }

  /// A player who fails every review meets one again within a box 0 wait.
  func testAReviewFailedComesBackWithinABoxZeroWait() {
    var history = pass("minor-pentatonic-1", level: 3)
    var sinceFailed: Int?
    for _ in 0..<200 {
      let step = StudyPath(history: history).next
      if step.reason == .review {
        if let since = sinceFailed {
          XCTAssertLessThanOrEqual(since, StudyPath.interval(box: 0))
        }
        history.append(run(step.pattern, level: step.level, passed: false))
        sinceFailed = 0
      } else {
        history += pass(step.pattern, level: step.level)
        sinceFailed = sinceFailed.map { $0 + 2 }
      }
    }
    XCTAssertNotNil(sinceFailed, "a review came")
  }
}

final class PlacementTests: XCTestCase {
  func testQuestionsRiseInLevelAndAlongThePath() {
    let questions = Placement.questions
    let places = questions.map { StudyPath.order.firstIndex(of: $0.pattern) }
    XCTAssertFalse(places.contains(nil), "every question is a pattern of the path")
    XCTAssertEqual(places.compactMap { $0 }, places.compactMap { $0 }.sorted())
    XCTAssertEqual(questions.map(\.level), questions.map(\.level).sorted())
    XCTAssertGreaterThan(questions.last!.level, questions.first!.level)
  }

  func testTheFirstNoEndsItAndSetsTheStart() {
    var placement = Placement()
    XCTAssertEqual(placement.question, Placement.questions[0])
    placement.answer(true)
    XCTAssertEqual(placement.start, "minor-pentatonic-1", "at sight is not yet known")
    placement.answer(true)
    placement.answer(false)
    XCTAssertTrue(placement.isDone)
    XCTAssertNil(placement.question)
    XCTAssertEqual(placement.start, "major-1")
    placement.answer(true)
    XCTAssertEqual(placement.yes, 2, "answers after the end count for nothing")
  }

  func testAllYesStartsAfterTheLastQuestionAndThePathFollows() {
    var placement = Placement()
    while placement.question != nil { placement.answer(true) }
    XCTAssertEqual(placement.yes, Placement.questions.count)
    XCTAssertEqual(placement.start, "dorian-2")
    let record = placement.record(startedAt: Date(timeIntervalSince1970: 0), duration: 30)
    let path = StudyPath(history: [record])
    XCTAssertEqual(path.next.pattern, "dorian-2")
    XCTAssertEqual(path.start, StudyPath.order.firstIndex(of: "dorian-2"))
  }

  func testNoAtFirstStartsAtTheBeginning() {
    var placement = Placement()
    placement.answer(false)
    XCTAssertTrue(placement.isDone)
    XCTAssertEqual(placement.start, StudyPath.order[0])
  }
}
