import FoundationEssentials
import Practice
import XCTest

final class PracticeLogTests: XCTestCase {
  /// 2026-11-25 00:00 UTC, a Wednesday.
  static let wednesday = Date(timeIntervalSince1970: 1_795_564_800)

  private func record(
    _ module: String = "fretboard", _ exercise: String = "run", content: [String] = ["major-1"],
    at minutes: Double, lasting seconds: Double = 30, score: Double? = nil,
    figures: [String: Double] = [:], day: Int = 0, cutShort: Bool = false
  ) -> SessionRecord {
    SessionRecord(
      module: module, exercise: exercise,
      startedAt: Self.wednesday.addingTimeInterval(Double(day) * 86_400 + 36_000 + minutes * 60),
      duration: seconds, score: score, figures: figures, content: content, isCutShort: cutShort)
  }

  func testLocalDaysAreCalendarDays() {
    let day = LocalDay(Self.wednesday, utcOffset: 0)
    XCTAssertEqual(day, LocalDay(year: 2026, month: 11, day: 25))
    XCTAssertEqual(day.text, "2026-11-25")
    XCTAssertEqual(day.weekday, 2, "Wednesday, counting from Monday as 0")
    XCTAssertEqual(day.monday.text, "2026-11-23")
    XCTAssertEqual((day + 7).text, "2026-12-02")
    XCTAssertEqual(LocalDay(year: 2024, month: 2, day: 29).text, "2024-02-29")
    XCTAssertEqual((LocalDay(year: 2024, month: 2, day: 28) + 1).date.day, 29)
    XCTAssertEqual(
      LocalDay(Self.wednesday.addingTimeInterval(-1), utcOffset: 3600), day,
      "23:59:59 UTC is already the next day an hour east")
    XCTAssertEqual(LocalDay(Self.wednesday, utcOffset: -3600), day - 1)
  }

  func testAttemptsAtOneExerciseInARowAreOneSitting() {
    let tries = (0..<12).map { record(at: Double($0) * 0.5, figures: ["passed": $0 < 3 ? 1 : 0]) }
    let sessions = PracticeSession.gathering(tries)
    XCTAssertEqual(sessions.count, 1)
    XCTAssertEqual(sessions[0].attempts.count, 12)
    XCTAssertEqual(sessions[0].count("passed"), 3)
    XCTAssertEqual(sessions[0].duration, 5.5 * 60 + 30, "first start to last end")
  }

  func testAnotherExerciseMaterialOrALongPauseStartsAnotherSitting() {
    let records = [
      record(at: 0), record(content: ["minor-1"], at: 1), record(content: ["minor-1"], at: 2),
      record("fretboard", "intervals", at: 3), record(at: 4),
      record(at: 4.5 + 10 + 0.1),
    ]
    XCTAssertEqual(
      PracticeSession.gathering(records.shuffled()).map(\.attempts.count), [1, 2, 1, 1, 1])
  }

  func testTheScoreOfASittingCountsEveryAnswer() {
    func answers(_ right: Int, of count: Int) -> [SessionRecord.Answer] {
      (0..<count).map {
        SessionRecord.Answer(
          question: "C4", context: "treble", given: "C", isCorrect: $0 < right, seconds: 1)
      }
    }
    var first = record("notes", "flashcards", content: ["treble"], at: 0)
    first.answers = answers(10, of: 10)
    var second = record("notes", "flashcards", content: ["treble"], at: 2)
    second.answers = answers(5, of: 20)
    let session = PracticeSession.gathering([first, second])[0]
    XCTAssertEqual(session.score, 0.5)
    XCTAssertEqual(session.missed, ["C4"])
    let rhythm = PracticeSession.gathering([
      record("rhythm", "tap", at: 0, score: 0.8), record("rhythm", "tap", at: 1, score: 0.6),
    ])
    XCTAssertEqual(rhythm[0].score ?? 0, 0.7, accuracy: 1e-9)
  }

  func testMinutesPerDayWeekAndModule() {
    let log = PracticeLog(
      records: [
        record("notes", "flashcards", at: 0, lasting: 600),
        record(at: 30, lasting: 300),
        record(at: 0, lasting: 120, day: -3),
        record("rhythm", "tap", at: 0, lasting: 60, day: -7),
      ], utcOffset: { _ in 0 })
    let today = LocalDay(Self.wednesday, utcOffset: 0)
    XCTAssertEqual(log.minutes(on: today), 15)
    XCTAssertEqual(log.minutes(on: today - 3), 2)
    XCTAssertEqual(log.minutesByModule.map(\.module), ["rhythm", "fretboard", "notes"])
    XCTAssertEqual(log.minutesByModule.map(\.minutes), [1, 7, 10])
    XCTAssertEqual(log.totalMinutes, 18)
    XCTAssertEqual(log.scores, [], "no sitting here has a score")
    let weeks = log.weeks(endingWith: today, count: 3)
    XCTAssertEqual(weeks.map(\.monday.text), ["2026-11-09", "2026-11-16", "2026-11-23"])
    XCTAssertEqual(weeks.map(\.minutes), [0, 3, 15], "Sunday the 22nd is last week")
  }

  func testStreaksCountDaysInARow() {
    let days = [-9, -8, -7, -6, -3, -2, -1]
    let log = PracticeLog(records: days.map { record(at: 0, day: $0) }, utcOffset: { _ in 0 })
    let today = LocalDay(Self.wednesday, utcOffset: 0)
    XCTAssertEqual(log.currentStreak(today: today), 3, "today is not over: the streak holds")
    XCTAssertEqual(log.currentStreak(today: today + 1), 0, "a day without practice ends it")
    XCTAssertEqual(log.longestStreak, 4)
    XCTAssertEqual(PracticeLog(records: [], utcOffset: { _ in 0 }).longestStreak, 0)
  }

  func testATakeCutShortIsListedAsStoppedButIsNoResult() {
    // The case: a take dropped in bar 2 of 4 at 6 %, after a finished one at 80 %.
    let finished = record("rhythm", "tap", at: 0, lasting: 120, score: 0.8)
    let dropped = record("rhythm", "tap", at: 3, lasting: 20, score: 0.06, cutShort: true)
    let sittings = PracticeSession.gathering([finished, dropped])
    XCTAssertEqual(sittings.map(\.attempts.count), [1, 1], "the stopped take is a row of its own")
    XCTAssertEqual(sittings.map(\.isCutShort), [false, true])
    XCTAssertEqual(sittings[0].score, 0.8, "a finished sitting takes no figure from a stopped take")
    let log = PracticeLog(records: [finished, dropped], utcOffset: { _ in 0 })
    XCTAssertEqual(log.sessions.count, 2, "both are listed")
    XCTAssertEqual(log.scores, [0.8], "the last accuracy is the finished take's, not 6 %")
    XCTAssertEqual(log.minutes(on: LocalDay(Self.wednesday, utcOffset: 0)), 2)
    XCTAssertEqual(log.minutesByModule.map(\.minutes), [2])
  }

  func testADayOfOnlyStoppedWorkIsNoDayOfTheStreak() {
    let records = [
      record(at: 0, day: -3), record(at: 0, day: -2), record(at: 0, day: -1, cutShort: true),
      record(at: 0, day: 0, cutShort: true),
    ]
    let log = PracticeLog(records: records, utcOffset: { _ in 0 })
    let today = LocalDay(Self.wednesday, utcOffset: 0)
    XCTAssertEqual(log.currentStreak(today: today), 0, "yesterday had only a stopped run")
    XCTAssertEqual(log.longestStreak, 2)
    XCTAssertEqual(log.minutes(on: today), 0)
    XCTAssertEqual(
      log.weeks(endingWith: today, count: 1).map(\.minutes), [0.5], "Monday's run alone")
  }
}
