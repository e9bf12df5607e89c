import DSP
import MusicTheory
import Practice
import XCTest

final class IntervalGameTests: XCTestCase {
  /// A minor pentatonic box at the fifth fret: two places for each interval but the tonic,
  /// which has three.
  private let game: IntervalGame = {
    let places: [(Int, Int, String)] = [
      (6, 5, "P1"), (6, 8, "m3"), (5, 5, "P4"), (5, 7, "P5"), (4, 5, "m7"), (4, 7, "P1"),
      (3, 5, "m3"), (3, 7, "P4"), (2, 5, "P5"), (2, 8, "m7"), (1, 5, "P1"), (1, 8, "m3"),
    ]
    return IntervalGame(
      positions: places.map { FretPosition(string: $0.0, fret: $0.1) },
      intervals: places.map { Interval(shortName: $0.2)! })
  }()

  func testTheTonicIsNeverAsked() {
    XCTAssertEqual(game.askedIntervals.map(\.degreeName), ["b3", "4", "5", "b7"])
  }

  func testQuestionsEnterOnScheduleAndTheFirstToReachTheEdgeEndsTheGame() {
    var game = game
    var random = SplitMix64(seed: 1)
    XCTAssertEqual(game.crossingSeconds, 16)
    game.advance(to: 0.1, using: &random)
    XCTAssertEqual(game.questions.count, 1)
    game.advance(to: 12.1, using: &random)
    XCTAssertEqual(game.questions.count, 4, "one every 4 s at level 1")
    XCTAssertEqual(game.progress(of: game.questions[0]), 12.1 / 16, accuracy: 1e-9)
    XCTAssertFalse(game.isOver)
    game.advance(to: 16, using: &random)
    XCTAssertTrue(game.isOver)
  }

  func testMarkingEveryPlaceOfTheOldestIntervalClearsIt() throws {
    var game = game
    var random = SplitMix64(seed: 2)
    game.advance(to: 0, using: &random)
    game.advance(to: 0.001, using: &random)
    let targets = game.targets
    XCTAssertEqual(
      targets.count, game.questions.first?.interval.degreeName == "b3" ? 3 : 2, "\(targets)")
    let wrong = try XCTUnwrap(game.tones.keys.first { !targets.contains($0) })
    XCTAssertEqual(game.mark(wrong), .wrong)
    XCTAssertEqual(game.score, -1)
    let sorted = targets.sorted { ($0.string, $0.fret) < ($1.string, $1.fret) }
    for place in sorted.dropLast() { XCTAssertEqual(game.mark(place), .right) }
    XCTAssertEqual(game.mark(sorted[0]), .ignored, "a place counts once")
    XCTAssertEqual(game.mark(sorted.last!), .cleared)
    XCTAssertEqual(game.score, -1 + targets.count + 10 + 10, "cleared at once: the whole bonus")
    XCTAssertTrue(game.questions.isEmpty)
  }

  func testClearingFasterScoresMore() {
    var game = game
    var random = SplitMix64(seed: 2)
    game.advance(to: 0.001, using: &random)
    game.advance(to: 8, using: &random)
    let oldest = game.questions[0]
    XCTAssertEqual(game.progress(of: oldest), 0.5, accuracy: 1e-3)
    let before = game.score
    for place in game.targets { game.mark(place) }
    XCTAssertEqual(
      game.score - before,
      game.tones.values.filter {
        $0.degreeName == oldest.interval.degreeName
      }.count + 10 + 5, "half the lane gone: half the bonus")
  }

  func testEveryMarkIsKeptWithTheSecondsSinceTheLastAndTheLaneOfAClear() throws {
    var game = game
    var random = SplitMix64(seed: 2)
    game.advance(to: 0.001, using: &random)
    game.advance(to: 4.0004, using: &random)
    let asked = game.questions[0].interval.degreeName
    let targets = game.targets.sorted { ($0.string, $0.fret) < ($1.string, $1.fret) }
    let wrong = try XCTUnwrap(
      game.tones.keys.sorted { ($0.string, $0.fret) < ($1.string, $1.fret) }.first {
        !game.targets.contains($0)
      })
    game.mark(wrong)
    game.advance(to: 6.5, using: &random)
    for place in targets { game.mark(place) }
    XCTAssertEqual(game.answers.count, 1 + targets.count)
    XCTAssertEqual(
      game.answers[0],
      SessionRecord.Answer(
        question: asked, context: "level 1", given: "\(wrong.string) \(wrong.fret)",
        isCorrect: false, seconds: 4))
    XCTAssertEqual(game.answers[1].seconds, 2.5, accuracy: 1e-9, "from the mark before")
    XCTAssertNil(game.answers[1].lane, "a right mark that does not clear has no lane")
    let clear = try XCTUnwrap(game.answers.last)
    XCTAssertEqual(clear.seconds, 0, "marked at the same moment of game time")
    XCTAssertEqual(clear.lane, 0.406, "6.5 s of a 16 s lane, to the thousandth")
    XCTAssertEqual(
      game.score, -1 + (targets.count - 1) + 1 + 10 + 6, "the speed bonus of 0.594 of the lane")
  }

  func testQuestionsComeFasterWithinALevel() {
    var game = game
    var random = SplitMix64(seed: 4)
    var time = 0.0
    while game.clearedAtLevel < 3 {
      game.advance(to: time, using: &random)
      for place in game.targets { game.mark(place) }
      time += 0.01
    }
    XCTAssertEqual(game.level, 1)
    XCTAssertEqual(game.crossingSeconds, 16 * 0.88, accuracy: 1e-9)
    game.advance(to: time + 20, using: &random)
    XCTAssertTrue(game.questions.contains { abs($0.crossingSeconds - 16 * 0.88) < 1e-9 })
  }

  func testEachLevelIsFasterWithFewerAidsAndLevelSixPassesThePattern() {
    var game = game
    var random = SplitMix64(seed: 3)
    XCTAssertEqual(game.aids, .labelsAndColours)
    var time = 0.0
    var levelsSeen: [Int] = []
    while !game.isOver {
      game.advance(to: time, using: &random)
      if game.questions.isEmpty {
        time += 0.01
        continue
      }
      if levelsSeen.last != game.level { levelsSeen.append(game.level) }
      for place in game.targets.sorted(by: { ($0.string, $0.fret) < ($1.string, $1.fret) }) {
        game.mark(place)
      }
    }
    XCTAssertTrue(game.isPassed)
    XCTAssertEqual(levelsSeen, [1, 2, 3, 4, 5, 6])
    XCTAssertEqual(game.crossingSeconds, 6)
    XCTAssertEqual(game.aids, .tonicOnly)
  }

  func testTheSameSeedAsksTheSameQuestions() {
    func asked(_ seed: UInt64) -> [String] {
      var game = game
      var random = SplitMix64(seed: seed)
      game.advance(to: 30, using: &random)
      return game.questions.map(\.interval.degreeName)
    }
    XCTAssertEqual(asked(7), asked(7))
    XCTAssertNotEqual(asked(7), asked(8))
  }

  /// Every seven-note pattern of the library, in every key the fretboard offers: each question
  /// names the letter its degree counts to from the tonic, with the accidental its pitch needs.
  func testNoteNameQuestionsAreSpelledForTheKeyInEveryKeyOfEverySevenNotePattern() throws {
    let roots = ["C", "C#", "Db", "D", "Eb", "E", "F", "F#", "Gb", "G", "Ab", "A", "Bb", "B"]
    var checked = 0
    for pattern in PatternGenerator.library(for: .guitarStandard) {
      // Seven-note: seven degrees, each of one quality only.
      let degrees = Set(pattern.intervals.map { ($0.number - 1) % 7 })
      let named = Set(pattern.intervals.filter { $0.semitones % 12 != 0 }.map(\.degreeName))
      guard degrees.count == 7, named.count == 6 else { continue }
      for rootName in roots {
        let tonic = try XCTUnwrap(NoteClass(parsing: rootName))
        var letters: Set<Letter> = [tonic.letter]
        for interval in pattern.intervals where interval.semitones % 12 != 0 {
          let note = try XCTUnwrap(
            IntervalGame.note(of: interval, tonic: tonic),
            "\(pattern.id) \(interval) in \(rootName)")
          XCTAssertEqual(
            note.letter, tonic.letter.advanced(by: interval.number - 1),
            "\(pattern.id): the \(interval.degreeName) of \(rootName)")
          XCTAssertEqual(
            (note.semitonesFromC % 12 + 12) % 12,
            ((tonic.semitonesFromC + interval.semitones) % 12 + 12) % 12,
            "\(pattern.id): the \(interval.degreeName) of \(rootName)")
          letters.insert(note.letter)
        }
        XCTAssertEqual(letters.count, 7, "\(pattern.id) in \(rootName) uses each letter once")
        checked += 1
      }
    }
    XCTAssertGreaterThan(checked, 14, "the library holds seven-note patterns")
    let eFlat = try XCTUnwrap(NoteClass(parsing: "Eb"))
    XCTAssertEqual(
      IntervalGame.note(of: try XCTUnwrap(Interval(shortName: "P4")), tonic: eFlat),
      NoteClass(.A, .flat), "in E flat major the 4th is A flat, not G sharp")
  }

  func testAGamesModeIsAFigureAndOnlyTheWrittenIntervalGameGoesToTheBoards() {
    XCTAssertEqual(IntervalGame.figures(mode: .intervals, isHeard: false), [:])
    XCTAssertEqual(IntervalGame.figures(mode: .noteNames, isHeard: false), ["mode": 1])
    XCTAssertEqual(IntervalGame.figures(mode: .intervals, isHeard: true), ["heard": 1])
    XCTAssertTrue(IntervalGame.isRanked(["score": 40]))
    XCTAssertFalse(IntervalGame.isRanked(["score": 40, "mode": 1]))
    XCTAssertFalse(IntervalGame.isRanked(["score": 40, "heard": 1]))
    XCTAssertFalse(IntervalGame.isRanked(["score": 40, "adaptive": 1, "pace": 7.4]))
  }
}
