import DSP
import MusicTheory
import XCTest

@testable import Practice

/// The intonation exercise: a note, then the same key flat, in tune or sharp by the level's
/// cents; the quiz seeded.
final class EarIntonationQuizTests: XCTestCase {
  private func quiz(level: Int, count: Int = 60, seed: UInt64 = 7) -> EarQuiz {
    var random = SplitMix64(seed: seed)
    return EarQuiz(
      exercise: .intonation, items: EarExercise.intonation.items(upToLevel: level)!,
      soundings: EarExercise.intonation.soundings, count: count,
      cents: EarExercise.intonationCents(atLevel: level), using: &random)
  }

  /// Six levels, 40 down to 5 cents, each asking the same three answers.
  func testTheLevelsNarrowTheCentsAndAlwaysOfferInTune() {
    XCTAssertEqual(EarExercise.intonation.levels.count, 6)
    XCTAssertEqual(EarExercise.intonationCents, [40, 30, 20, 15, 10, 5])
    for level in 1...6 {
      XCTAssertEqual(
        EarExercise.intonation.items(upToLevel: level),
        [.intonation(.flat), .intonation(.inTune), .intonation(.sharp)], "level \(level)")
    }
    XCTAssertEqual(EarExercise.intonationCents(atLevel: 4), 15)
    XCTAssertEqual(
      EarItem(shortName: "in-tune", exercise: .intonation), .intonation(.inTune))
    XCTAssertNil(EarItem(shortName: "m3", exercise: .intonation))
  }

  /// Each question is one key twice, from A3 to A5, the second note off by the level's cents
  /// the way its answer says; all three answers and many notes are drawn.
  func testEachQuestionIsOneKeyTwiceOffAsItsAnswerSays() {
    for level in 1...6 {
      let cents = EarExercise.intonationCents(atLevel: level)
      let questions = quiz(level: level).questions
      for question in questions {
        guard case .intonation(let intonation) = question.item else {
          return XCTFail("\(question.item) in intonation")
        }
        XCTAssertEqual(question.notes.count, 2)
        XCTAssertEqual(question.notes[0], question.notes[1])
        XCTAssertTrue(EarQuiz.intonationNotes.contains(question.notes[0].pitch))
        XCTAssertEqual(question.detuning, intonation.sign * cents)
        XCTAssertEqual(question.cents(ofNote: 0), 0)
        XCTAssertEqual(question.cents(ofNote: 1), question.detuning)
        XCTAssertEqual(question.answer, [question.item])
      }
      XCTAssertEqual(Set(questions.map(\.detuning)), [-cents, 0, cents], "level \(level)")
      XCTAssertGreaterThan(Set(questions.map(\.notes[0].pitch)).count, 10)
    }
    XCTAssertEqual(EarQuiz.intonationNotes.lowerBound.midiNumber, 57)
    XCTAssertEqual(EarQuiz.intonationNotes.upperBound.midiNumber, 81)
  }

  /// The same seed gives the same questions; another seed others.
  func testQuestionsAreReproducibleFromTheSeed() {
    XCTAssertEqual(quiz(level: 3, seed: 11), quiz(level: 3, seed: 11))
    XCTAssertNotEqual(quiz(level: 3, seed: 11), quiz(level: 3, seed: 12))
  }
}
