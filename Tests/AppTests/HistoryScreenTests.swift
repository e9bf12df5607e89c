import App
import Foundation
import Practice
import Storage
import TerminalUI
import TestHelpers
import XCTest

final class HistoryScreenTests: XCTestCase {
  private func screen(_ model: AppModel) -> HistoryModel? {
    if case .history(let screen) = model.screen { return screen }
    XCTFail("the history screen is not on top")
    return nil
  }

  private func text(_ model: AppModel) -> String {
    AppView.render(model).lines.joined(separator: "\n")
  }

  func testNewestFirstWithTheChosenSessionsDetails() throws {
    var model = AppFixtures.model(size: ScreenSnapshotTests.large, history: AppFixtures.history)
    model.press(.character("8"))
    XCTAssertEqual(screen(model)?.selected, 0)
    let lines = AppView.render(model).lines
    let newest = try XCTUnwrap(lines.firstIndex { $0.contains("2026-11-20 11:00") })
    let oldest = try XCTUnwrap(lines.firstIndex { $0.contains("2026-11-15 11:00") })
    XCTAssertLessThan(newest, oldest, "newest first, in local time (UTC+1)")
    XCTAssertTrue(text(model).contains("Practised: Treble clef: C4 to B4"), text(model))
    XCTAssertTrue(text(model).contains("Missed: B4"), "the newest missed one note")
    model.press(.down)
    XCTAssertEqual(screen(model)?.selected, 1)
    XCTAssertTrue(text(model).contains("Missed: E4 G4 B4"), "the one before missed three")
    for _ in 0..<20 { model.press(.down) }
    XCTAssertEqual(screen(model)?.selected, AppFixtures.history.count - 1, "stops at the oldest")
    model.press(.home)
    XCTAssertEqual(screen(model)?.selected, 0)
  }

  func testTabShowsOneModuleAtATime() {
    var model = AppFixtures.model(history: AppFixtures.history)
    model.press(.character("8"))
    XCTAssertTrue(text(model).contains("steady"))
    model.press(.tab)
    XCTAssertEqual(screen(model)?.module, "notes")
    XCTAssertFalse(text(model).contains("steady"), "the rhythm session is hidden")
    // 95 to 100 s a day over six days, less the 98 s of the stopped one.
    XCTAssertTrue(text(model).contains("Notes                    8 min"), text(model))
    model.press(.tab)
    XCTAssertEqual(screen(model)?.module, "rhythm")
    model.press(.tab)
    XCTAssertNil(screen(model)?.module, "back to all")
  }

  func testTheChartIsScaledFromNothingToAll() throws {
    var model = AppFixtures.model(history: AppFixtures.history)
    model.press(.character("8"), .tab)
    let chart = try XCTUnwrap(AppView.render(model).lines.first { $0.contains("Accuracy") })
    // 40, 55, 70, 85 and 95 % on eight levels from 0 to 100 %: 2.8, 3.85, 4.9, 5.95 and 6.65
    // rounded; the stopped session's 50 % is no result.
    XCTAssertTrue(chart.contains("▄▅▆▇█ 95 %"), chart)
  }

  func testTodayAgainstTheGoalTheStreakAndTheTotals() throws {
    // Six days up to yesterday, the fourth only a stopped session; today 16 minutes of notes.
    let today = SessionRecord(
      module: "notes", exercise: "flashcards",
      startedAt: Date(timeIntervalSince1970: 1_795_251_600), duration: 16 * 60, score: 1)
    var model = AppFixtures.model(history: AppFixtures.history + [today])
    model.press(.character("8"))
    let lines = AppView.render(model).lines
    XCTAssertTrue(lines[2].contains("Today: 16 of 15 min ✓   Days in a row: 3 (best 3)"), lines[2])
    XCTAssertTrue(lines.contains { $0.contains("All modules             25 min") }, text(model))
    XCTAssertTrue(lines.contains { $0.contains("This week               24 min") }, text(model))
    let todayCell = try XCTUnwrap(
      lines.indices.first { lines[$0].hasPrefix("  Sa") }.map { (row: $0, column: 43) })
    let canvas = AppView.render(model)
    XCTAssertEqual(canvas[todayCell.column, todayCell.row].grapheme, "█", "the goal was met")
    XCTAssertEqual(canvas[todayCell.column, todayCell.row].style.foreground, .good)
    XCTAssertEqual(canvas[todayCell.column - 2, todayCell.row].grapheme, "·", "a week ago: none")

    var settings = Settings()
    settings.dailyGoalMinutes = 30
    var higher = AppFixtures.model(settings: settings, history: AppFixtures.history + [today])
    higher.press(.character("8"))
    XCTAssertTrue(AppView.render(higher).lines[2].contains("Today: 16 of 30 min   "))
  }

  func testFailedTriesAreOneSittingNamedByItsPattern() {
    let tries = (0..<12).map { index in
      SessionRecord(
        module: "fretboard", exercise: "run",
        startedAt: Date(timeIntervalSince1970: 1_795_165_200 + Double(index) * 10), duration: 0,
        figures: ["passed": 0, "bpm": 0], content: [FretboardScreenTests.minorPentatonic.id])
    }
    var model = AppFixtures.model(
      history: tries, patterns: [FretboardScreenTests.minorPentatonic])
    model.press(.character("8"))
    let text = text(model)
    XCTAssertEqual(screen(model)?.sittings.count, 1, text)
    XCTAssertNotNil(
      text.split(separator: "\n").first {
        $0.contains("Play it through") && $0.contains("0 of 12 clean") && $0.hasSuffix("1:50  ")
      }, text)
    XCTAssertTrue(text.contains("Practised: Minor pentatonic, position 1"), text)
  }

  func testTheTableScrollsToKeepTheChoiceInView() {
    let many = (0..<40).map { day in
      SessionRecord(
        module: "notes", exercise: "flashcards",
        startedAt: Date(timeIntervalSince1970: 1_794_736_800 + Double(day) * 86_400), duration: 60,
        score: 0.5)
    }
    var model = AppFixtures.model(history: many)
    model.press(.character("8"))
    for _ in 0..<30 { model.press(.down) }
    let shown = screen(model)
    XCTAssertEqual(shown?.selected, 30)
    XCTAssertGreaterThan(shown?.scroll ?? 0, 0)
    // 30 rows down from the newest (2026-12-24) is 2026-11-24.
    XCTAssertTrue(text(model).contains("2026-11-24 11:00"), text(model))
  }

  func testOpeningReadsThePatternsToNameThem() {
    var model = AppFixtures.model(history: AppFixtures.history)
    XCTAssertEqual(model.press(.character("8")), [.loadPatterns])
  }

  func testAnEmptyHistorySaysSo() {
    var model = AppFixtures.model()
    model.press(.character("8"))
    XCTAssertTrue(text(model).contains("No practice history yet."), text(model))
  }

  func testSnapshots() {
    for size in [ScreenSnapshotTests.small, ScreenSnapshotTests.large] {
      var model = AppFixtures.model(size: size, history: AppFixtures.history)
      model.press(.character("8"), .down)
      assertCanvasSnapshot(AppView.render(model), named: "\(size.width)x\(size.height)")
    }
    var ascii = AppFixtures.model(glyphs: .ascii, history: AppFixtures.history)
    ascii.press(.character("8"), .tab)
    assertCanvasSnapshot(AppView.render(ascii), named: "ascii.80x24")
  }
}
