import FoundationEssentials
import GameRecords
import Practice
import XCTest

final class ScorePlausibilityTests: XCTestCase {
  private let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// A game played on a minor pentatonic box by a steady player: a mark every 0.4 s, every
  /// fifth of them on a wrong place, until `clears` questions are cleared.
  private func played(clears: Int, seed: UInt64 = 5) -> IntervalGame {
    PlayedGames.played(clears: clears, seed: seed)
  }

  private func record(of game: IntervalGame, startedAt: Date? = nil) -> SessionRecord {
    PlayedGames.record(of: game, startedAt: startedAt ?? now.addingTimeInterval(-3600))
  }

  private func refusal(_ record: SessionRecord) -> String? {
    do {
      _ = try ScorePlausibility.intervalResult(of: record, now: now)
      return nil
    } catch {
      return error.description
    }
  }

  /// The record with its score made what its answers give, so only the rule under test fails.
  private func rescored(_ record: SessionRecord) -> SessionRecord {
    var record = record
    var level = 1
    var cleared = 0
    var points = 0
    for answer in record.answers {
      if let lane = answer.lane {
        points += IntervalGame.clearingPoints(level: level, lane: lane)
        cleared += 1
        level = min(1 + cleared / IntervalGame.questionsPerLevel, 6)
      } else {
        points += answer.isCorrect ? level : -level
      }
    }
    record.figures["score"] = Double(points)
    return record
  }

  func testAGamePlayedThroughEveryLevelIsTakenAsItScored() throws {
    let game = played(clears: 48)
    XCTAssertTrue(game.isPassed)
    let result = try ScorePlausibility.intervalResult(of: record(of: game), now: now)
    XCTAssertEqual(result.score, game.score)
    XCTAssertEqual(result.level, 6)
    XCTAssertEqual(result.band, 3)
    XCTAssertEqual(result.patternID, "minor-pentatonic-1")
    XCTAssertGreaterThan(game.answers.filter { !$0.isCorrect }.count, 10, "wrong marks count too")
  }

  func testAGameEndedAtLevelThreeIsTakenInTheMiddleBand() throws {
    var game = played(clears: 20)
    game.end()
    let result = try ScorePlausibility.intervalResult(of: record(of: game), now: now)
    XCTAssertEqual(result.level, 3)
    XCTAssertEqual(result.band, 2)
    XCTAssertEqual(result.score, game.score)
  }

  func testAScoreHigherThanItsAnswersGiveIsRefused() {
    var record = record(of: played(clears: 12))
    let score = Int(record.figures["score"]!)
    record.figures["score"] = Double(score + 1)
    XCTAssertEqual(refusal(record), "a score of \(score + 1), but the answers give \(score)")
  }

  func testAnOldRecordWithoutAnswersCountsForNothing() {
    var record = record(of: played(clears: 3))
    record.answers = []
    let score = Int(record.figures["score"]!)
    XCTAssertGreaterThan(score, 0)
    XCTAssertEqual(refusal(record), "a score of \(score), but the answers give 0")
  }

  func testAnAnswerFasterThanAPersonMarksIsRefused() {
    var record = record(of: played(clears: 6))
    // Time moved from the third answer to the second: the game's clock still adds up.
    record.answers[1].seconds += record.answers[2].seconds - 0.1
    record.answers[2].seconds = 0.1
    XCTAssertEqual(
      refusal(record),
      "answer 3 came 0.10 s after the one before: faster than anyone marks a place")
  }

  func testQuestionsClearedSoonerThanTheyCanEnterAreRefused() {
    var record = record(of: played(clears: 10))
    // Every question cleared at once as it entered, 0.2 s apart: the lane cannot bring them
    // that fast.
    for index in record.answers.indices {
      record.answers[index].seconds = 0.2
      if record.answers[index].lane != nil { record.answers[index].lane = 0 }
    }
    record = rescored(record)
    let refused = refusal(record) ?? ""
    XCTAssertTrue(refused.contains("could not have come that far by then"), refused)
  }

  func testAnswersLongerThanTheGameAreRefused() {
    var record = record(of: played(clears: 4))
    record.duration = 2
    XCTAssertTrue(
      refusal(record)?.hasPrefix("the answers take ") ?? false, refusal(record) ?? "taken")
    XCTAssertTrue(refusal(record)?.hasSuffix("longer than the game's 2.00 s") ?? false)
  }

  func testALevelTheAnswersDoNotReachIsRefused() {
    var record = record(of: played(clears: 9))
    record.figures["level"] = 4
    XCTAssertEqual(
      refusal(record), "level 4 reached, but the answers clear 9 questions: level 2")
  }

  func testAClearOnAWrongAnswerIsRefused() throws {
    var record = record(of: played(clears: 4))
    let index = try XCTUnwrap(
      record.answers.firstIndex { !$0.isCorrect }, "the game has a wrong mark")
    record.answers[index].lane = 0.5
    XCTAssertEqual(refusal(rescored(record)), "answer \(index + 1) clears a question it cannot")
  }

  func testAFutureOrLongAgoGameIsRefused() {
    let game = played(clears: 3)
    XCTAssertEqual(
      refusal(record(of: game, startedAt: now.addingTimeInterval(3600))),
      "the game is dated in the future")
    XCTAssertNil(
      refusal(record(of: game, startedAt: now.addingTimeInterval(-game.time + 60))),
      "a clock a minute fast is a clock, not a cheat")
    XCTAssertEqual(
      refusal(record(of: game, startedAt: now.addingTimeInterval(-91 * 86_400))),
      "the game is older than 90 days")
    XCTAssertNil(refusal(record(of: game, startedAt: now.addingTimeInterval(-89 * 86_400))))
  }

  /// An adaptive game is a different game for each player: refused whatever its marks, while
  /// the same record without the figure, as every record before it, is checked as ever.
  func testAnAdaptiveGameCountsForNoBoard() {
    var record = record(of: played(clears: 48))
    XCTAssertNil(refusal(record))
    record.figures["adaptive"] = 1
    record.figures["pace"] = 7.4
    XCTAssertEqual(refusal(record), "a note-name, heard or adaptive game counts for no board")
  }

  func testOnlyAFinishedIntervalGameCounts() {
    var record = record(of: played(clears: 3))
    record.isCutShort = true
    XCTAssertEqual(refusal(record), "a game cut short counts for no board")
    record.isCutShort = false
    record.exercise = "runs"
    XCTAssertEqual(refusal(record), "the record is not an interval game's")
    record.exercise = IntervalGame.exercise
    record.content = ["Bad Id"]
    XCTAssertEqual(refusal(record), "the record names no pattern")
  }
}
