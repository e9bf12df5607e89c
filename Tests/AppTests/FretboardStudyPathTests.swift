import App
import Foundation
import MusicTheory
import Practice
import Storage
import TerminalUI
import TestHelpers
import XCTest

/// The study path's next step on the fretboard's first screen, and `s` starting it.
final class FretboardStudyPathTests: XCTestCase {
  private static let patterns = [
    FretboardScreenTests.minorPentatonic, FretboardScreenTests.majorArpeggio,
  ]

  /// A clean run each way of the first pentatonic box at `level`.
  private func passed(level: Int) -> [SessionRecord] {
    [false, true].map { down in
      SessionRecord(
        module: "fretboard", exercise: "run", startedAt: Date(timeIntervalSince1970: 0),
        duration: 20,
        figures: [
          "passed": 1, "descending": down ? 1 : 0, "markers": level == 1 ? 1 : 0,
          "bpm": [0, 0, 0, 60, 90, 120][level],
        ],
        content: ["minor-pentatonic-1"])
    }
  }

  private func model(history: [SessionRecord]) -> AppModel {
    var model = AppModel(
      settings: Settings(), size: Size(width: 80, height: 24),
      clock: ClockTime(hour: 9, minute: 5, day: AppFixtures.today),
      catalog: AppFixtures.catalog, paths: AppFixtures.paths, detectedGlyphs: .unicode,
      patterns: Self.patterns, history: history)
    model.press(.character("4"))
    return model
  }

  private func screen(_ model: AppModel) -> FretboardModel? {
    if case .fretboard(let screen) = model.screen { return screen }
    XCTFail("the fretboard screen is not on top")
    return nil
  }

  private func text(_ model: AppModel) -> String {
    AppView.render(model).lines.joined(separator: "\n")
  }

  func testTheNextStepIsShownAndSStartsItAtItsLevel() {
    var model = model(history: passed(level: 1) + passed(level: 2))
    XCTAssertTrue(
      text(model).contains("Next: Minor pentatonic, position 1, level 3 (s)"), text(model))
    assertCanvasSnapshot(AppView.render(model), named: "list.80x24")
    model.press(.down, .character("s"))
    XCTAssertEqual(screen(model)?.phase, .running)
    XCTAssertEqual(screen(model)?.selected, 0, "the step's pattern, wherever the cursor was")
    XCTAssertEqual(screen(model)?.runLevel.number, 3)
    XCTAssertEqual(model.settings.fretboard.bpm, 60, "the click at the level's tempo")
  }

  func testAStepWhosePatternIsMissingSaysSo() {
    var model = model(history: passed(level: 3))
    XCTAssertTrue(text(model).contains("Next: major-1, level 1 (s)"), text(model))
    model.press(.character("s"))
    XCTAssertEqual(screen(model)?.phase, .choosing)
    XCTAssertTrue(
      text(model).contains("The study path's pattern major-1 is not in the library"), text(model))
  }

  func testThePlacementIsOfferedFirstAndSetsWhereThePathStarts() throws {
    var model = model(history: [])
    XCTAssertTrue(
      text(model).contains("Next: Minor pentatonic, position 1, level 1 (s)  p: placement"),
      text(model))
    model.press(.character("p"))
    XCTAssertTrue(text(model).contains("Placement (1 of 6)"), text(model))
    assertCanvasSnapshot(AppView.render(model), named: "placement.80x24")
    model.press(.character("y"))
    XCTAssertTrue(text(model).contains("Placement (2 of 6)"), text(model))
    model.press(.character("y"))
    let effects = model.press(.character("n"))
    XCTAssertNil(screen(model)?.placing)
    guard case .record(let record) = try XCTUnwrap(effects.last) else {
      return XCTFail("the placement is kept: \(effects)")
    }
    XCTAssertEqual(record.exercise, StudyPath.placementExercise)
    XCTAssertEqual(record.content, ["major-1"], "the first pentatonic box is known")
    XCTAssertEqual(StudyPath(history: [record]).next.pattern, "major-1")
    XCTAssertFalse(
      text(self.model(history: passed(level: 1))).contains("p: placement"),
      "offered only before the path has begun")
  }

  func testAPlacementLeftWithEscIsNotRecorded() {
    var model = model(history: [])
    model.press(.character("p"), .character("y"))
    let effects = model.press(.escape)
    XCTAssertFalse(effects.contains { if case .record = $0 { true } else { false } })
    XCTAssertFalse(text(model).contains("Placement ("), text(model))
  }
}
