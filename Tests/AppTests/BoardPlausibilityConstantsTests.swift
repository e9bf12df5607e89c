import Practice
import Storage
import XCTest

@testable import App

/// The boards' rules live in Practice, which cannot see the trainers' settings: each figure
/// they copy is the trainers' own.
final class BoardPlausibilityConstantsTests: XCTestCase {
  func testTheRulesKnowTheTrainersAsTheyAre() {
    XCTAssertEqual(ScorePlausibility.notesModule, NotesModel.module)
    XCTAssertEqual(ScorePlausibility.drillExercise, NoteExercise.timed.rawValue)
    XCTAssertEqual(ScorePlausibility.streakExercise, NoteExercise.streak.rawValue)
    XCTAssertEqual(ScorePlausibility.drillSeconds, NoteExercise.timedSeconds)
    XCTAssertEqual(ScorePlausibility.rhythmModule, RhythmModel.module)
    XCTAssertEqual(ScorePlausibility.rhythmTempi, RhythmSettings.bpmRange)
    XCTAssertEqual(ScorePlausibility.rhythmBars, RhythmSettings.barRange)
    XCTAssertEqual(ScorePlausibility.longestLine, RhythmSettings.lineLengthRange.upperBound)
  }
}
