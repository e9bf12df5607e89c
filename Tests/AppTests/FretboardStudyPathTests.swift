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

  func testTheNextStepFollowsTheSessionsRecordedWhileTheAppRuns() {
    var model = model(history: passed(level: 1))
    XCTAssertTrue(text(model).contains("level 2 (s)"), text(model))
    for record in passed(level: 2) { _ = model.handle(.recorded(record)) }
    XCTAssertTrue(
      text(model).contains("Next: Minor pentatonic, position 1, level 3 (s)"), text(model))
    XCTAssertTrue(text(model).contains("2/5"), "the list's levels follow too: \(text(model))")
  }

  func testAStepWhosePatternIsMissingSaysSo() {
    var model = model(history: passed(level: 3))
    XCTAssertTrue(text(model).contains("Next: major-1, level 1 (s)"), text(model))
    model.press(.character("s"))
    XCTAssertEqual(screen(model)?.phase, .choosing)
    XCTAssertTrue(
      text(model).contains("The study path's pattern major-1 is not in the library"), text(model))
  }

  /// Plays the run under way note by note with the cursor, up and then down.
  private func playUpAndDown(_ model: inout AppModel) throws {
    for way in 0..<2 {
      if way == 1 { model.press(.enter) }
      for step in try XCTUnwrap(screen(model)?.run?.expected) {
        model.moveFretboardCursor(to: step.position)
        model.press(.enter)
      }
    }
  }

  func testThePlacementIsOfferedFirstAndAnsweredByPlaying() throws {
    var model = model(history: [])
    XCTAssertTrue(
      text(model).contains("Next: Minor pentatonic, position 1, level 1 (s)  p: placement"),
      text(model))
    model.press(.character("p"))
    XCTAssertTrue(text(model).contains("Placement (1 of 6)"), text(model))
    XCTAssertTrue(text(model).contains("Enter play it"), "its own keys in the bar")
    assertCanvasSnapshot(AppView.render(model), named: "placement.80x24")
    XCTAssertEqual(
      model.press(.character("y")), [], "no answer without playing: y is not a key here")
    model.press(.enter)
    XCTAssertEqual(screen(model)?.phase, .running)
    XCTAssertEqual(screen(model)?.runLevel.number, 1)
    XCTAssertTrue(
      text(model).contains("Placement (1 of 6): level 1, with the places shown"), text(model))
    model.press(.escape)
    XCTAssertEqual(screen(model)?.phase, .choosing, "out of its run, back to the question")
    XCTAssertTrue(text(model).contains("Placement (1 of 6)"), text(model))

    model.press(.enter)
    try playUpAndDown(&model)
    XCTAssertEqual(screen(model)?.phase, .choosing, "a run that met the level answers yes")
    XCTAssertNil(screen(model)?.runSession)
    XCTAssertTrue(text(model).contains("Placement (2 of 6)"), text(model))
    XCTAssertTrue(text(model).contains("level 3, from memory"), text(model))
    let effects = model.press(.character("n"))
    XCTAssertNil(screen(model)?.placing)
    guard case .record(let record) = try XCTUnwrap(effects.last) else {
      return XCTFail("the placement is kept: \(effects)")
    }
    XCTAssertEqual(record.exercise, StudyPath.placementExercise)
    XCTAssertEqual(record.figures["yes"], 1)
    XCTAssertEqual(
      record.content, ["minor-pentatonic-1"], "known at sight only: the path starts at its box")
    XCTAssertFalse(
      text(self.model(history: passed(level: 1))).contains("p: placement"),
      "offered only before the path has begun")
  }

  func testAPlacementAnsweredNoAtOnceStartsAtTheBeginning() throws {
    var model = model(history: [])
    model.press(.character("p"))
    let effects = model.press(.character("n"))
    guard case .record(let record) = try XCTUnwrap(effects.last) else {
      return XCTFail("the placement is kept: \(effects)")
    }
    XCTAssertEqual(record.figures["yes"], 0)
    XCTAssertEqual(StudyPath(history: [record]).next.pattern, "minor-pentatonic-1")
  }

  func testAPlacementLeftWithEscIsNotRecorded() {
    var model = model(history: [])
    model.press(.character("p"))
    let effects = model.press(.escape)
    XCTAssertFalse(effects.contains { if case .record = $0 { true } else { false } })
    XCTAssertFalse(text(model).contains("Placement ("), text(model))
  }
}
