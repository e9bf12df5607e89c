import Foundation
import Practice
import Storage
import XCTest

@testable import App

final class HistoryReportTests: XCTestCase {
  private let english = AppFixtures.catalog.localizer(for: "en")
  private let oneHourEast: (Date) -> Int = { _ in 3600 }

  /// A rhythm run (no answers) on 2026-11-20 09:00 UTC.
  private let rhythm = SessionRecord(
    module: "rhythm", exercise: "steady", startedAt: Date(timeIntervalSince1970: 1_795_165_200),
    duration: 65, score: 0.9, figures: ["bpm": 90])
  /// Flashcards on 2026-11-21 14:05:30 UTC: one of four right, E4 missed twice.
  private let flashcards = SessionRecord(
    module: "notes", exercise: "flashcards",
    startedAt: Date(timeIntervalSince1970: 1_795_269_930), duration: 312.4, score: 0.25,
    figures: ["rounds": 4], content: ["treble-c4-b4", "bass-c2-b2"],
    answers: [
      .init(question: "C4", context: "treble", given: "C", isCorrect: true, seconds: 1),
      .init(question: "E4", context: "treble", given: "F", isCorrect: false, seconds: 2),
      .init(question: "G4", context: "treble", given: "", isCorrect: false, seconds: 1.5),
      .init(question: "E4", context: "treble", given: "D", isCorrect: false, seconds: 1.9),
    ])
  /// A timed drill on 2026-11-21 23:30 UTC, left after two cards: past midnight an hour east.
  private let timed = SessionRecord(
    module: "notes", exercise: "timed", startedAt: Date(timeIntervalSince1970: 1_795_303_800),
    duration: 59.6, score: 1, figures: ["rounds": 10],
    answers: [
      .init(question: "A4", context: "treble", given: "A", isCorrect: true, seconds: 0.8),
      .init(question: "F5", context: "treble", given: "F", isCorrect: true, seconds: 1.2),
    ], isCutShort: true)

  private var report: HistoryReport {
    HistoryReport(records: [flashcards, timed, rhythm])
  }

  func testTheTableListsSessionsOldestFirstInLocalTime() {
    XCTAssertEqual(
      report.text(english, utcOffset: oneHourEast),
      """
      Date              Module  Exercise         Result               Time  Missed
      2026-11-20 10:00  Rhythm  steady           90 % accuracy        1:05
      2026-11-21 15:05  Notes   Flashcards       1/4 · 25 % · 1.6 s   5:12  E4 G4
      2026-11-22 00:30  Notes   Timed (stopped)  2/2 · 100 % · 1.0 s  1:00

      """)
  }

  func testTheTableSpeaksTheUsersLanguage() {
    let text = HistoryReport(records: [timed]).text(
      AppFixtures.catalog.localizer(for: "ru"), utcOffset: oneHourEast)
    XCTAssertEqual(
      text.split(separator: "\n"),
      [
        "Дата              Раздел  Упражнение           Итог                 Время  Ошибки",
        "2026-11-22 00:30  Ноты    На время (прервано)  2/2 · 100 % · 1.0 с   1:00",
      ])
  }

  func testAttemptsInARowAreOneLineWithTheirResult() {
    let runs = (0..<12).map { index in
      SessionRecord(
        module: "fretboard", exercise: "run",
        startedAt: rhythm.startedAt.addingTimeInterval(Double(index) * 10), duration: 8,
        figures: ["passed": index < 2 ? 1 : 0, "bpm": index == 1 ? 96 : 80],
        content: ["major-1"])
    }
    let game = SessionRecord(
      module: "fretboard", exercise: "intervals",
      startedAt: rhythm.startedAt.addingTimeInterval(900),
      duration: 95, figures: ["score": 340, "level": 3, "passed": 0], content: ["major-1"])
    let lines = HistoryReport(records: runs + [game]).text(english, utcOffset: oneHourEast)
      .split(separator: "\n")
    XCTAssertEqual(lines.count, 3, "twelve tries are one sitting: \(lines)")
    XCTAssertTrue(lines[1].contains("Play it through  2 of 12 clean, 96 BPM  1:58"), "\(lines[1])")
    XCTAssertTrue(lines[2].contains("Interval game    340 points, level 3"), "\(lines[2])")
  }

  func testLocalTimeFollowsTheOffsetAtEachSession() {
    let offsets: (Date) -> Int = { $0 == self.rhythm.startedAt ? -5 * 3600 : 0 }
    let dates = report.text(english, utcOffset: offsets).split(separator: "\n").dropFirst()
      .map { $0.prefix(16) }
    XCTAssertEqual(dates, ["2026-11-20 04:00", "2026-11-21 14:05", "2026-11-21 23:30"])
  }

  func testDurationsReadLikeAStopwatch() {
    XCTAssertEqual(
      [0, 9.5, 59.4, 600, 3600].map(StopwatchText.of),
      ["0:00", "0:10", "0:59", "10:00", "60:00"])
    // A damaged history line cannot make a clock that runs backwards or traps.
    XCTAssertEqual(
      [-5, -0.4, .infinity, .nan, 1e300].map(StopwatchText.of), Array(repeating: "0:00", count: 5))
  }

  func testJSONIsTheStoredRecordsInOrderAndReadsBack() throws {
    let json = report.json()
    XCTAssertTrue(json.hasSuffix("]\n"), json)
    XCTAssertTrue(json.contains(#""startedAt" : "2026-11-20T09:00:00Z""#), json)
    XCTAssertTrue(json.contains(#""cutShort" : true"#), json)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let decoded = try decoder.decode([SessionRecord].self, from: Data(json.utf8))
    XCTAssertEqual(decoded, [rhythm, flashcards, timed])
  }

  func testJSONKeysAreSortedAndSlashesLeftAlone() {
    let record = SessionRecord(
      module: "notes", exercise: "flashcards", startedAt: rhythm.startedAt, duration: 1,
      content: ["mine/treble"])
    let json = HistoryReport(records: [record]).json()
    XCTAssertTrue(json.contains(#""mine/treble""#), json)
    let keys = json.split(separator: "\n").compactMap { line in
      line.hasPrefix("    \"") ? line.dropFirst(5).prefix { $0 != "\"" } : nil
    }
    XCTAssertEqual(keys, ["content", "duration", "exercise", "figures", "module", "startedAt"])
  }

  func testCSVHasOneRowPerSessionWithCRLFAndUTCDates() {
    XCTAssertEqual(
      report.csv(),
      "date,module,exercise,cut_short,duration_s,score,right,answered,seconds_per_answer,"
        + "content,missed\r\n"
        + "2026-11-20T09:00:00Z,rhythm,steady,false,65.0,0.900,,,,,\r\n"
        + "2026-11-21T14:05:30Z,notes,flashcards,false,312.4,0.250,1,4,1.60,"
        + "treble-c4-b4;bass-c2-b2,E4;G4\r\n"
        + "2026-11-21T23:30:00Z,notes,timed,true,59.6,1.000,2,2,1.00,,\r\n")
  }

  func testCSVQuotesCommasQuotesAndLineBreaks() {
    let record = SessionRecord(
      module: "my,module", exercise: #"say "hi""#, startedAt: rhythm.startedAt, duration: 1,
      content: ["a\r\nb", "c\nd", "plain"],
      answers: [.init(question: "e\rf", context: "", given: "", isCorrect: false, seconds: 1)])
    // "\r\n" is one Character, so this splits off the header only, not inside a field.
    let rows = HistoryReport(records: [record]).csv().split(separator: "\r\n", maxSplits: 1)
    XCTAssertEqual(
      rows.last,
      #"2026-11-20T09:00:00Z,"my,module","say ""hi""",false,1.0,,0,1,1.00,"#
        + "\"a\r\nb;c\nd;plain\",\"e\rf\"\r\n")
  }

  /// A history file can hold any text (a pack's name, a note missed, a file edited by hand): a
  /// cell a spreadsheet would compute or follow is written as the text it is.
  func testCSVNeverHandsASpreadsheetAFormula() {
    let record = SessionRecord(
      module: "=HYPERLINK(\"http://x\")", exercise: "+1", startedAt: rhythm.startedAt,
      duration: 1, content: ["@pack"],
      answers: ["-", "\tE4"].map {
        .init(question: $0, context: "", given: "", isCorrect: false, seconds: 1)
      })
    let rows = HistoryReport(records: [record]).csv().split(separator: "\r\n", maxSplits: 1)
    XCTAssertEqual(
      rows.last,
      #"2026-11-20T09:00:00Z,"'=HYPERLINK(""http://x"")","'+1",false,1.0,,0,2,1.00,"'@pack","'-;"#
        + "\tE4\"\r\n")
  }

  func testAModuleFilterKeepsOnlyItsSessions() {
    let notes = HistoryReport(records: [flashcards, timed, rhythm], module: "notes")
    XCTAssertEqual(notes.sessions, [flashcards, timed])
    XCTAssertFalse(notes.text(english, utcOffset: oneHourEast).contains("rhythm"))
    XCTAssertEqual(notes.csv().components(separatedBy: "\r\n").count, 4, "header, 2 rows, end")
  }

  func testAnEmptyHistorySaysSoForEveryModuleOrTheOneAskedFor() {
    XCTAssertEqual(
      HistoryReport(records: []).text(english, utcOffset: oneHourEast),
      "No practice history yet.\n")
    XCTAssertEqual(
      HistoryReport(records: [rhythm], module: "notes").text(english, utcOffset: oneHourEast),
      "No history for Notes yet.\n")
    XCTAssertEqual(
      HistoryReport(records: [rhythm], module: "fretboard").text(english, utcOffset: oneHourEast),
      "No history for Fretboard yet.\n")
    XCTAssertEqual(
      HistoryReport(records: [rhythm], module: "ensemble").text(english, utcOffset: oneHourEast),
      "No history for ensemble yet.\n", "a module this version does not know shows as stored")
  }

  func testAnEmptyHistoryIsAnEmptyArrayAndAHeaderRow() {
    let empty = HistoryReport(records: [])
    XCTAssertEqual(empty.json(), "[]\n")
    XCTAssertEqual(empty.csv().components(separatedBy: "\r\n").count, 2, empty.csv())
  }
}
