import Foundation
import Practice
import XCTest

@testable import App

final class PatternProgressTests: XCTestCase {
  private let english = AppFixtures.catalog.localizer(for: "en")

  private func game(_ pattern: String, at seconds: Double, right: Int, wrong: Int)
    -> SessionRecord
  {
    let answer = { (isCorrect: Bool) in
      SessionRecord.Answer(
        question: "P5", context: pattern, given: isCorrect ? "P5" : "M3", isCorrect: isCorrect,
        seconds: 1)
    }
    return SessionRecord(
      module: "fretboard", exercise: "intervals",
      startedAt: Date(timeIntervalSince1970: 1_795_165_200 + seconds), duration: 60,
      figures: ["score": 100], content: [pattern],
      answers: Array(repeating: answer(true), count: right)
        + Array(repeating: answer(false), count: wrong))
  }

  private func run(_ pattern: String, at seconds: Double, clean: Bool) -> SessionRecord {
    SessionRecord(
      module: "fretboard", exercise: "run",
      startedAt: Date(timeIntervalSince1970: 1_795_165_200 + seconds), duration: 30,
      figures: ["passed": clean ? 1 : 0], content: [pattern])
  }

  private var progress: PatternProgress {
    PatternProgress(records: [
      game("minor-pentatonic-1", at: 0, right: 9, wrong: 3),
      run("minor-pentatonic-1", at: 100, clean: true),
      run("minor-pentatonic-1", at: 200, clean: false),
      game("dorian-2", at: 86_400, right: 4, wrong: 0),
      SessionRecord(
        module: "notes", exercise: "flashcards", startedAt: Date(timeIntervalSince1970: 0),
        duration: 600, content: ["treble-c4-b4"]),
    ])
  }

  func testEachPatternSumsItsTimeAnswersAndRunsTheMostTimeFirst() {
    let rows = progress.rows
    XCTAssertEqual(rows.map(\.pattern), ["minor-pentatonic-1", "dorian-2"], "notes left out")
    XCTAssertEqual(rows[0].sessions, 3)
    XCTAssertEqual(rows[0].seconds, 120)
    XCTAssertEqual([rows[0].right, rows[0].answered], [9, 12])
    XCTAssertEqual(rows[0].accuracy, 0.75)
    XCTAssertEqual([rows[0].cleanRuns, rows[0].runs], [1, 2])
    XCTAssertEqual(rows[0].lastPractised, Date(timeIntervalSince1970: 1_795_165_400))
    XCTAssertEqual([rows[1].cleanRuns, rows[1].runs], [0, 0])
  }

  func testTheTableNamesThePatternsAndLinesUpItsNumbers() {
    let text = progress.text(
      english, names: ["minor-pentatonic-1": "Minor pentatonic, position 1"],
      utcOffset: { _ in 0 })
    XCTAssertEqual(
      text,
      """
      Pattern                       Sessions  Time  Accuracy  Clean runs  Level        Last
      Minor pentatonic, position 1         3  2:00      75 %         1/2      -  2026-11-20
      dorian-2                             1  1:00     100 %           -      -  2026-11-21

      Study path, next: Minor pentatonic, position 1, level 1

      """)
    XCTAssertEqual(
      PatternProgress(records: []).text(english, names: [:], utcOffset: { _ in 0 }),
      "No fretboard pattern practised yet.\n")
  }

  func testLevelsPassedAndThePathsNextStepAreShownAndAPlacementIsNoPractice() {
    let placement = SessionRecord(
      module: "fretboard", exercise: StudyPath.placementExercise,
      startedAt: Date(timeIntervalSince1970: 1_795_165_200), duration: 0, figures: ["yes": 0],
      content: ["minor-pentatonic-1"])
    let clean = { (descending: Bool) in
      SessionRecord(
        module: "fretboard", exercise: "run",
        startedAt: Date(timeIntervalSince1970: 1_795_165_300), duration: 30,
        figures: ["passed": 1, "descending": descending ? 1 : 0, "markers": 1],
        content: ["minor-pentatonic-1"])
    }
    let progress = PatternProgress(records: [placement, clean(false), clean(true)])
    XCTAssertEqual(progress.rows.map(\.sessions), [2], "the placement's line is left out")
    XCTAssertEqual(progress.rows.first?.levelsPassed, 1)
    let text = progress.text(
      english, names: ["minor-pentatonic-1": "Minor pentatonic, position 1"],
      utcOffset: { _ in 0 })
    XCTAssertTrue(text.contains("2/2    1/5  2026-11-20"), text)
    XCTAssertTrue(
      text.hasSuffix("Study path, next: Minor pentatonic, position 1, level 2\n"), text)
  }

  func testJSONCarriesTheFiguresForOtherTools() throws {
    let array = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(progress.json().utf8)) as? [[String: Any]])
    XCTAssertEqual(array.count, 2)
    XCTAssertEqual(array[0]["pattern"] as? String, "minor-pentatonic-1")
    XCTAssertEqual(array[0]["accuracy"] as? Double, 0.75)
    XCTAssertEqual(array[0]["cleanRuns"] as? Int, 1)
    XCTAssertEqual(array[0]["levelsPassed"] as? Int, 0)
    XCTAssertEqual(array[0]["lastPractised"] as? String, "2026-11-20T09:03:20Z")
    XCTAssertEqual(array[1]["accuracy"] as? Double, 1)
    XCTAssertEqual(PatternProgress(records: []).json(), "[]\n")
  }
}
