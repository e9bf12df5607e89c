import DSP
import MusicTheory
import XCTest

@testable import Practice

/// Rhythm dictation: the levels as data, the rhythms and their three changes valid bars of the
/// level's cells, every choice heard apart, and the quiz seeded.
final class EarRhythmDictationTests: XCTestCase {
  func testTheLevelsAreTheStylesEasiestFirstEachAddingCells() {
    XCTAssertEqual(EarExercise.rhythm.levels, RhythmStyle.allCases.map { [.rhythm($0)] })
    XCTAssertEqual(EarItem(shortName: "two-bars", exercise: .rhythm), .rhythm(.twoBars))
    XCTAssertNil(EarItem(shortName: "leaps", exercise: .rhythm))
    XCTAssertEqual(RhythmStyle.quarters.cells, [.quarter, .eighths])
    for (easier, harder) in zip(RhythmStyle.allCases, RhythmStyle.allCases.dropFirst()) {
      XCTAssertTrue(Set(easier.cells).isSubset(of: Set(harder.cells)), "\(harder)")
      XCTAssertTrue(harder.cells.count > easier.cells.count || harder.bars > easier.bars)
    }
    XCTAssertEqual(RhythmStyle.allCases.map(\.bars), [1, 1, 1, 1, 2])
    XCTAssertTrue(RhythmStyle.twoBars.cells.allSatisfy { (1...2).contains($0.beats) })
  }

  func testAValidBarStartsWithANoteFillsItsBeatsAndRestsABeatAtMost() {
    XCTAssertTrue(RhythmDictation.isValid([.quarter, .eighths, .rest, .quarter], bars: 1))
    XCTAssertTrue(RhythmDictation.isValid([.half, .dottedQuarterEighth], bars: 1))
    XCTAssertFalse(RhythmDictation.isValid([.rest, .quarter, .quarter, .quarter], bars: 1))
    XCTAssertFalse(RhythmDictation.isValid([.offbeatEighth, .quarter, .half], bars: 1))
    XCTAssertFalse(RhythmDictation.isValid([.quarter, .rest, .rest, .quarter], bars: 1))
    XCTAssertFalse(RhythmDictation.isValid([.quarter, .quarter, .quarter], bars: 1))
    // The half note would run over the bar line.
    XCTAssertFalse(
      RhythmDictation.isValid([.quarter, .quarter, .quarter, .half, .quarter, .quarter], bars: 2))
    XCTAssertTrue(
      RhythmDictation.isValid([.quarter, .quarter, .half, .half, .quarter, .rest], bars: 2))
  }

  /// Every level, many seeds: four choices, the right one valid and of the level's cells; each
  /// other one a valid bar that changes one cell of it for another as long; no two heard alike.
  func testEveryChoiceIsAValidBarOneChangeFromTheRhythmAndHeardApart() {
    var random = SplitMix64(seed: 11)
    for style in RhythmStyle.allCases {
      var places = Set<Int>()
      for _ in 0..<200 {
        let question = RhythmDictation.question(style: style, using: &random)
        let name = "\(style): \(question.cells.map(\.id))"
        places.insert(question.answerIndex)
        XCTAssertEqual(question.choices.count, 4, name)
        let right = question.cells
        let heard = question.choices.map {
          RhythmDictation.line($0, bars: style.bars).notes.map(\.onset)
        }
        XCTAssertEqual(Set(heard).count, 4, name)
        XCTAssertEqual(heard[question.answerIndex], question.onsets, name)
        for (index, choice) in question.choices.enumerated() {
          XCTAssertTrue(RhythmDictation.isValid(choice, bars: style.bars), name)
          XCTAssertTrue(choice.allSatisfy(style.cells.contains), name)
          guard index != question.answerIndex else { continue }
          XCTAssertEqual(choice.count, right.count, name)
          let changed = right.indices.filter { right[$0] != choice[$0] }
          XCTAssertEqual(changed.count, 1, name)
          if let place = changed.first {
            XCTAssertEqual(choice[place].beats, right[place].beats, name)
          }
        }
      }
      XCTAssertEqual(places, [0, 1, 2, 3], "\(style): the right rhythm is anywhere")
    }
  }

  /// Property: a seed gives the same questions, and two seeds (nearly always) others.
  func testASeedGivesTheSameQuestionsOnAnyRun() {
    for seed in UInt64(0)..<40 {
      var first = SplitMix64(seed: seed)
      var second = SplitMix64(seed: seed)
      let items = EarExercise.rhythm.allItems
      let a = EarQuiz(
        exercise: .rhythm, items: items, soundings: [.up], count: 6, using: &first)
      let b = EarQuiz(
        exercise: .rhythm, items: items, soundings: [.up], count: 6, using: &second)
      XCTAssertEqual(a, b, "seed \(seed)")
      for question in a.questions {
        XCTAssertEqual(question.notes.count, question.rhythm?.onsets.count, "seed \(seed)")
        XCTAssertTrue(question.notes.allSatisfy { $0 == EarQuiz.rhythmNote })
        XCTAssertEqual(question.answer, question.rhythm?.cells.map(EarItem.cell))
        XCTAssertEqual(question.item, question.rhythm.map { .rhythm($0.style) })
      }
    }
    var one = SplitMix64(seed: 1)
    var two = SplitMix64(seed: 2)
    XCTAssertNotEqual(
      EarQuiz(
        exercise: .rhythm, items: [.rhythm(.sixteenths)], soundings: [.up], count: 5, using: &one),
      EarQuiz(
        exercise: .rhythm, items: [.rhythm(.sixteenths)], soundings: [.up], count: 5, using: &two))
  }

  /// The onsets are where the cells' notes start, a tie held on: a dotted quarter's eighth
  /// after it on the second beat's off-beat.
  func testTheOnsetsAreTheCellsNotesInBeats() {
    let question = RhythmDictation(
      style: .rests,
      choices: [
        [.dottedQuarterEighth, .rest, .eighths], [.quarter, .quarter, .rest, .eighths],
        [.dottedQuarterEighth, .quarter, .eighths], [.half, .rest, .eighths],
      ], answerIndex: 0)
    XCTAssertEqual(
      question.onsets,
      [BeatFraction(0), BeatFraction(3, 2), BeatFraction(3), BeatFraction(7, 2)])
  }

  /// Taps graded by the rhythm trainer's windows at 80 to the minute (a beat 0.75 s): an
  /// eighth's window is half of 0.375 s each side, a quarter's half of 0.75 s. A tap in its
  /// window is right; one outside is an extra tap and leaves its note missed; a tap too many
  /// is wrong; taps along the count-in are no extra taps. The cells say which beats went wrong.
  func testTapsAreGradedByTheRhythmTrainersWindows() {
    let question = RhythmDictation(
      style: .quarters, choices: [[.quarter, .eighths, .quarter, .quarter]], answerIndex: 0)
    let first = 10.0
    let beat = 0.75
    // Onsets: 0, 1, 1.5, 2, 3 beats.
    let onTime = [0, 1, 1.5, 2, 3].map { first + $0 * beat }
    let grade = { (taps: [Double]) in
      question.grade(taps: taps, firstBeat: first, windows: .relative)
    }
    XCTAssertTrue(RhythmDictation.isRight(grade(onTime)))
    XCTAssertTrue(RhythmDictation.isRight(grade([first - 3, first - 2.25] + onTime)))
    // The second eighth 0.18 s late: inside its window (0.1875 s) though not perfect.
    var late = onTime
    late[2] += 0.18
    let lateResults = grade(late)
    XCTAssertTrue(RhythmDictation.isRight(lateResults))
    XCTAssertEqual(lateResults.notes[2].grade, .inaccurate)
    // 0.2 s late is outside it: on the second half of the eighth's beat no note is asked.
    late[2] = onTime[2] + 0.2
    let outside = grade(late)
    XCTAssertFalse(RhythmDictation.isRight(outside))
    XCTAssertEqual(outside.notes[2].grade, .miss)
    XCTAssertEqual(question.cellMarks(outside, firstBeat: first), [true, false, true, true])
    // A quarter may be 0.37 s early and still be its note.
    var early = onTime
    early[4] -= 0.37
    XCTAssertTrue(RhythmDictation.isRight(grade(early)))
    // A tap too many, in the last beat; a note missed, in the third.
    let extra = grade(onTime + [first + 3.5 * beat])
    XCTAssertFalse(RhythmDictation.isRight(extra))
    XCTAssertEqual(extra.extraHits, [first + 3.5 * beat])
    XCTAssertEqual(question.cellMarks(extra, firstBeat: first), [true, true, true, false])
    let missed = grade(onTime.filter { $0 != onTime[3] })
    XCTAssertFalse(RhythmDictation.isRight(missed))
    XCTAssertEqual(question.cellMarks(missed, firstBeat: first), [true, true, false, true])
  }

  /// With weights, each cell is drawn with its chance: the triplet weighted 16 to the others'
  /// 1 fills most beats of level 4's rhythms; every rhythm still valid with its three changes.
  func testWeightsFavourTheirCells() {
    var random = SplitMix64(seed: 2)
    var triplets = 0
    var beats = 0
    for _ in 0..<100 {
      let question = RhythmDictation.question(
        style: .syncopation, weight: { $0 == .triplet ? 16 : 1 }, using: &random)
      XCTAssertEqual(question.choices.count, 4)
      triplets += question.cells.count(where: { $0 == .triplet })
      beats += question.cells.count(where: { $0.beats == 1 })
    }
    XCTAssertGreaterThan(Double(triplets) / Double(beats), 0.4)
  }
}
