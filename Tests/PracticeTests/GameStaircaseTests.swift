import DSP
import Foundation
import MusicTheory
import Practice
import XCTest

final class GameStaircaseTests: XCTestCase {
  /// A scripted player of known skill: the chance that a mark is right and in time falls with
  /// the lane's speed, a logistic of the crossing time that is even at `midpoint` seconds.
  private struct Player {
    let midpoint: Double
    let spread = 1.0

    func chance(at crossing: Double) -> Double {
      1 / (1 + exp(-(crossing - midpoint) / spread))
    }

    /// The crossing time at which this player succeeds four times in five.
    var eightyPercentPace: Double { midpoint + spread * log(4) }

    /// The next mark on a question of two places: right in half the time allowed, or a failure
    /// that is now a wrong place, now a right one too late.
    func answer(
      at staircase: GameStaircase, using random: inout SplitMix64
    ) -> GameStaircase.Answer {
      let allowed = staircase.entrySpacing / 2
      if Double.random(in: 0..<1, using: &random) < chance(at: staircase.crossingSeconds) {
        return GameStaircase.Answer(isCorrect: true, seconds: allowed / 2, places: 2)
      }
      return Bool.random(using: &random)
        ? GameStaircase.Answer(isCorrect: false, seconds: allowed / 2, places: 2)
        : GameStaircase.Answer(isCorrect: true, seconds: allowed * 1.5, places: 2)
    }
  }

  /// The figure: four players, from one who keeps up with a question every 1.5 s to
  /// one who needs one every 3.4 s, each start at level 1's speed; after 400 marks the share
  /// right and in time is within 5 points of 80 % over the whole game and over its last 200
  /// marks, at a pace near the one each succeeds at 80 % of the time. A rule that failed
  /// slower by three steps rather than four would settle at 75 %, one step at 50 %.
  func testScriptedPlayersOfKnownSkillSettleAtEightyPercent() {
    for (index, midpoint) in [4.5, 6.5, 9, 12].enumerated() {
      let player = Player(midpoint: midpoint)
      var staircase = GameStaircase()
      var random = SplitMix64(seed: UInt64(index + 1))
      var successes: [Bool] = []
      var paces: [Double] = []
      for _ in 0..<400 {
        let answer = player.answer(at: staircase, using: &random)
        successes.append(staircase.succeeds(answer))
        paces.append(staircase.crossingSeconds)
        staircase.record(answer)
      }
      let late = successes.suffix(200)
      let lateShare = Double(late.filter { $0 }.count) / Double(late.count)
      let meanPace = paces.suffix(200).reduce(0, +) / 200
      let name = "player even at \(midpoint) s"
      XCTAssertEqual(staircase.answered, 400)
      XCTAssertEqual(try XCTUnwrap(staircase.successRate), 0.8, accuracy: 0.05, name)
      XCTAssertEqual(lateShare, 0.8, accuracy: 0.05, "\(name), last 200 marks")
      XCTAssertEqual(
        meanPace, player.eightyPercentPace, accuracy: 0.1 * player.eightyPercentPace, name)
    }
  }

  func testThePaceStaysBetweenLevelOnesSpeedAndAReadableFloor() {
    var staircase = GameStaircase()
    XCTAssertEqual(staircase.crossingSeconds, 16, "level 1's crossing time")
    XCTAssertEqual(staircase.entrySpacing, 4, "four questions on the lane, as at level 1")
    XCTAssertEqual(staircase.level, 1)
    staircase.record(.missed)
    XCTAssertEqual(staircase.crossingSeconds, 16, "never slower than level 1")
    for _ in 0..<100 { staircase.record(GameStaircase.Answer(isCorrect: true, seconds: 0.2)) }
    XCTAssertEqual(staircase.crossingSeconds, GameStaircase.fastest, "never under 3 s")
    XCTAssertEqual(staircase.level, 6)
    XCTAssertEqual(GameStaircase(crossingSeconds: 1).crossingSeconds, 3)
    XCTAssertEqual(GameStaircase(crossingSeconds: 40).crossingSeconds, 16)
  }

  func testARightMarkSpeedsUpAndAWrongOrLateOneSlowsDownFourTimesAsMuch() {
    var staircase = GameStaircase(crossingSeconds: 10)
    let allowed = staircase.entrySpacing / 2
    staircase.record(GameStaircase.Answer(isCorrect: true, seconds: allowed, places: 2))
    XCTAssertEqual(staircase.crossingSeconds, 9.6, accuracy: 1e-9, "4 % faster")
    staircase.record(GameStaircase.Answer(isCorrect: false, seconds: 0.1, places: 2))
    XCTAssertEqual(staircase.crossingSeconds, 9.6 / pow(0.96, 4), accuracy: 1e-9)
    let late = GameStaircase.Answer(
      isCorrect: true, seconds: staircase.entrySpacing / 2 + 0.01, places: 2)
    XCTAssertFalse(staircase.succeeds(late), "right, but slower than the lane brings questions")
    staircase.record(late)
    XCTAssertEqual(staircase.crossingSeconds, 9.6 / pow(0.96, 8), accuracy: 1e-9)
    XCTAssertEqual(staircase.successRate, 1 / 3)
  }

  func testTheLevelIsTheFixedGamesWhoseSpeedThePaceReached() {
    let levels = [16.0, 14.5, 14, 12, 10.1, 10, 8, 6, 4.5].map {
      GameStaircase(crossingSeconds: $0).level
    }
    XCTAssertEqual(levels, [1, 1, 2, 3, 3, 4, 5, 6, 6])
  }

  /// A minor pentatonic box at the fifth fret, as IntervalGameTests plays it.
  private func game(staircase: GameStaircase? = GameStaircase()) -> IntervalGame {
    let places: [(Int, Int, String)] = [
      (6, 5, "P1"), (6, 8, "m3"), (5, 5, "P4"), (5, 7, "P5"), (4, 5, "m7"), (4, 7, "P1"),
      (3, 5, "m3"), (3, 7, "P4"), (2, 5, "P5"), (2, 8, "m7"), (1, 5, "P1"), (1, 8, "m3"),
    ]
    return IntervalGame(
      positions: places.map { FretPosition(string: $0.0, fret: $0.1) },
      intervals: places.map { Interval(shortName: $0.2)! }, staircase: staircase)
  }

  func testAnAdaptiveGameSpeedsUpOnQuickRightMarksAndMissesRatherThanEnding() throws {
    var game = game()
    var random = SplitMix64(seed: 3)
    game.advance(to: 0.5, using: &random)
    XCTAssertTrue(game.isAdaptive)
    let places = game.targets.sorted { $0.string < $1.string }
    for (index, target) in places.enumerated() {
      XCTAssertNotEqual(game.mark(target, at: 0.5 + 0.4 * Double(index + 1)), .wrong)
    }
    XCTAssertEqual(
      game.crossingSeconds, 16 * pow(0.96, Double(places.count)), accuracy: 1e-9,
      "a step faster for each quick mark")
    XCTAssertEqual(game.entrySpacing, game.crossingSeconds / 4, accuracy: 1e-9)
    game.advance(to: 4.5, using: &random)
    let before = game.crossingSeconds
    let wrong = try XCTUnwrap(game.tones.keys.first { !game.targets.contains($0) })
    XCTAssertEqual(game.mark(wrong, at: 4.6), .wrong)
    XCTAssertEqual(game.crossingSeconds, min(16, before / pow(0.96, 4)), accuracy: 1e-9)
    XCTAssertGreaterThan(game.crossingSeconds, before)

    var missing = self.game(staircase: GameStaircase(crossingSeconds: 8))
    missing.advance(to: 8.01, using: &random)
    XCTAssertFalse(missing.isOver, "the question reaching the edge is missed")
    XCTAssertEqual(missing.missed, 1)
    XCTAssertEqual(missing.crossingSeconds, 8 / pow(0.96, 4), accuracy: 1e-9, "and slows it")
    missing.advance(to: 10_000, using: &random)
    XCTAssertTrue(missing.isOver, "over after its questions")
    XCTAssertEqual(missing.missed, IntervalGame.adaptiveQuestions)
    XCTAssertFalse(missing.isPassed)
  }

  func testAnAdaptiveGameIsKeptOffTheBoards() {
    var staircase = GameStaircase(crossingSeconds: 7.44)
    staircase.record(GameStaircase.Answer(isCorrect: false, seconds: 1))
    let figures = IntervalGame.figures(mode: .intervals, isHeard: false, pace: staircase)
    XCTAssertEqual(figures["adaptive"], 1)
    XCTAssertEqual(figures["pace"], 8.8, "to the tenth: 7.44 four steps slower")
    XCTAssertFalse(IntervalGame.isRanked(figures))
    XCTAssertTrue(IntervalGame.isRanked(IntervalGame.figures(mode: .intervals, isHeard: false)))
  }

  func testTheFixedLevelsKeepTheirCrossingTimes() {
    var game = game(staircase: nil)
    var random = SplitMix64(seed: 4)
    XCTAssertFalse(game.isAdaptive)
    XCTAssertEqual(game.crossingSeconds, 16)
    game.advance(to: 0.5, using: &random)
    for target in game.targets { game.mark(target, at: 1) }
    XCTAssertEqual(game.crossingSeconds, IntervalGame.crossingSeconds(level: 1, clearedAtLevel: 1))
    XCTAssertEqual(game.crossingSeconds, 16 * 0.96, accuracy: 1e-9)
  }
}
