import Foundation
import XCTest

/// `woodshed history`: the finished sessions from `history.jsonl` as a table, JSON or CSV.
final class HistoryCommandTests: XCTestCase {
  private var woodshed: WoodshedProcess!

  /// Lines as the app appends them: a rhythm run without answers, flashcards, a drill cut short.
  private let rhythmLine =
    #"{"duration":65,"exercise":"steady","figures":{"bpm":90},"module":"rhythm","score":0.9,"#
    + #""startedAt":"2026-11-20T09:00:00Z"}"#
  private let flashcardsLine =
    #"{"answers":[{"context":"treble","correct":true,"given":"C","question":"C4","seconds":1},"#
    + #"{"context":"treble","correct":false,"given":"F","question":"E4","seconds":2}],"#
    + #""content":["treble-c4-b4"],"duration":312.4,"exercise":"flashcards","#
    + #""figures":{"rounds":2},"module":"notes","score":0.5,"startedAt":"2026-11-21T14:05:30Z"}"#
  private let timedLine =
    #"{"answers":[{"context":"bass","correct":true,"given":"G","question":"G2","seconds":0.5}],"#
    + #""cutShort":true,"duration":20,"exercise":"timed","figures":{"rounds":10},"#
    + #""module":"notes","score":1,"startedAt":"2026-11-21T23:30:00Z"}"#

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
  }

  override func tearDown() {
    woodshed.remove()
  }

  private func writeHistory(_ lines: [String]) throws {
    let data = woodshed.home.appendingPathComponent("data", isDirectory: true)
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    try Data(lines.map { $0 + "\n" }.joined().utf8)
      .write(to: data.appendingPathComponent("history.jsonl"))
  }

  /// Two hours east of UTC, as a POSIX rule so no time zone files are needed.
  private func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
    try woodshed.run(
      ["history"] + arguments, environment: woodshed.environment(extra: ["TZ": "XYZ-2"]))
  }

  func testTheTableListsEverySessionOldestFirstInLocalTime() throws {
    try writeHistory([flashcardsLine, timedLine, rhythmLine])
    let result = try run([])
    XCTAssertEqual(result.status, 0, result.error)
    XCTAssertEqual(result.error, "")
    XCTAssertEqual(
      result.output,
      """
      Date              Module  Exercise         Result               Time  Missed
      2026-11-20 11:00  Rhythm  steady           90 % accuracy        1:05
      2026-11-21 16:05  Notes   Flashcards       1/2 · 50 % · 1.5 s   5:12  E4
      2026-11-22 01:30  Notes   Timed (stopped)  1/1 · 100 % · 0.5 s  0:20

      """)
  }

  func testJSONIsAnArrayOfTheStoredRecords() throws {
    try writeHistory([rhythmLine, flashcardsLine, timedLine])
    let result = try run(["--json"])
    XCTAssertEqual(result.status, 0, result.error)
    let sessions = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
    XCTAssertEqual(sessions.map { $0["exercise"] as? String }, ["steady", "flashcards", "timed"])
    XCTAssertEqual(sessions[1]["startedAt"] as? String, "2026-11-21T14:05:30Z")
    XCTAssertEqual((sessions[1]["answers"] as? [[String: Any]])?.count, 2)
    XCTAssertEqual(sessions[2]["cutShort"] as? Bool, true)
  }

  func testCSVHasAHeaderAndARowPerSession() throws {
    try writeHistory([rhythmLine, flashcardsLine, timedLine])
    let result = try run(["--csv"])
    XCTAssertEqual(result.status, 0, result.error)
    XCTAssertEqual(
      result.output.components(separatedBy: "\r\n"),
      [
        "date,module,exercise,cut_short,duration_s,score,right,answered,seconds_per_answer,"
          + "content,missed",
        "2026-11-20T09:00:00Z,rhythm,steady,false,65.0,0.900,,,,,",
        "2026-11-21T14:05:30Z,notes,flashcards,false,312.4,0.500,1,2,1.50,treble-c4-b4,E4",
        "2026-11-21T23:30:00Z,notes,timed,true,20.0,1.000,1,1,0.50,,",
        "",
      ])
  }

  func testAModuleShowsOnlyItsSessionsOrSaysThereAreNone() throws {
    try writeHistory([rhythmLine, flashcardsLine, timedLine])
    let notes = try run(["--module", "notes", "--json"])
    XCTAssertEqual(notes.status, 0, notes.error)
    let sessions = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(notes.output.utf8)) as? [[String: Any]])
    XCTAssertEqual(sessions.map { $0["module"] as? String }, ["notes", "notes"])
    let fretboard = try run(["--module", "fretboard"])
    XCTAssertEqual(fretboard.status, 0, fretboard.error)
    XCTAssertEqual(fretboard.output, "No history for Fretboard yet.\n")
  }

  func testTheSummarySaysTodayTheStreakAndTheMinutes() throws {
    let formatter = ISO8601DateFormatter()
    let now = Date()
    // Two sittings on two days before today, and tries of a play-through in a row.
    let runs = (0..<3).map { index in
      #"{"content":["major-1"],"duration":20,"exercise":"run","figures":{"passed":0},"#
        + #""module":"fretboard","startedAt":"\#(formatter.string(from: now.addingTimeInterval(-3 * 86_400 + Double(index) * 30)))"}"#
    }
    try writeHistory([rhythmLine, flashcardsLine, timedLine] + runs)
    let text = try run(["--summary"])
    XCTAssertEqual(text.status, 0, text.error)
    XCTAssertTrue(text.output.hasPrefix("Today              0 min of 15 min\n"), text.output)
    XCTAssertTrue(text.output.contains("\n  Fretboard        1 min\n"), text.output)
    XCTAssertTrue(text.output.contains("Weeks from Monday\n"), text.output)

    let json = try run(["--summary", "--json"])
    XCTAssertEqual(json.status, 0, json.error)
    let summary = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    formatter.formatOptions = [.withFullDate]
    formatter.timeZone = TimeZone(secondsFromGMT: 7200)
    XCTAssertEqual(summary["today"] as? String, formatter.string(from: now))
    XCTAssertEqual(
      summary["sessions"] as? Int, 3, "the three tries are one sitting; the stopped drill is none")
    XCTAssertEqual(
      summary["longestStreak"] as? Int, 2,
      "the 20th and the 21st, local time: the 22nd has only the stopped drill")
    XCTAssertEqual(summary["dailyGoalMinutes"] as? Int, 15)
    let modules = try XCTUnwrap(summary["modules"] as? [[String: Any]])
    XCTAssertEqual(modules.map { $0["module"] as? String }, ["rhythm", "notes", "fretboard"])
    XCTAssertEqual(
      modules.map { $0["minutes"] as? Double }, [1.1, 5.2, 1.3], "the stopped drill's 20 s left out"
    )
  }

  func testNoHistoryFileIsAnEmptyHistory() throws {
    let result = try run([])
    XCTAssertEqual(result.status, 0, result.error)
    XCTAssertEqual(result.output, "No practice history yet.\n")
    XCTAssertEqual(result.error, "")
  }

  func testAnUnreadableLineIsReportedAndTheRestStillShown() throws {
    try writeHistory([rhythmLine, "{\"module\": \"notes\", torn", timedLine])
    let result = try run(["--csv"])
    XCTAssertEqual(result.status, 0, result.error)
    XCTAssertEqual(result.error, "warning: history.jsonl line 2 could not be read; skipped\n")
    XCTAssertEqual(result.output.components(separatedBy: "\r\n").count, 4, result.output)
  }

  func testTheTableFollowsTheLanguageInTheSettings() throws {
    try woodshed.writeSettings(#"{"version": 1, "language": "es"}"#)
    try writeHistory([timedLine])
    let result = try run([])
    XCTAssertEqual(result.status, 0, result.error)
    XCTAssertTrue(result.output.hasPrefix("Fecha "), result.output)
    XCTAssertTrue(result.output.contains("Contrarreloj (interrumpido)"), result.output)
  }

  func testByPatternSumsUpEachFretboardPattern() throws {
    let gameLine =
      #"{"answers":[{"context":"minor-pentatonic-1","correct":true,"given":"P5","question":"P5","#
      + #""seconds":1},{"context":"minor-pentatonic-1","correct":false,"given":"M3","#
      + #""question":"P4","seconds":2}],"content":["minor-pentatonic-1"],"duration":90,"#
      + #""exercise":"intervals","figures":{"score":40},"module":"fretboard","#
      + #""startedAt":"2026-11-21T10:00:00Z"}"#
    let runLine =
      #"{"content":["minor-pentatonic-1"],"duration":30,"exercise":"run","#
      + #""figures":{"passed":1},"module":"fretboard","startedAt":"2026-11-21T23:00:00Z"}"#
    try writeHistory([rhythmLine, gameLine, runLine])
    let table = try run(["--by", "pattern"])
    XCTAssertEqual(table.status, 0, table.error)
    let lines = table.output.split(separator: "\n")
    XCTAssertEqual(lines.count, 3, table.output)
    // The built-in pattern's name from the library; the last day in local time, two hours east.
    XCTAssertTrue(lines[1].hasPrefix("Minor pentatonic"), table.output)
    XCTAssertTrue(
      lines[1].hasSuffix("2:00      50 %         1/1      -  2026-11-22"), table.output)
    XCTAssertEqual(
      lines[2], "Study path, next: Minor pentatonic, position 1, level 1", "named as in the library"
    )
    let json = try run(["--by", "pattern", "--json"])
    XCTAssertTrue(json.output.contains(#""accuracy" : 0.5"#), json.output)
  }

  func testBadOptionsAreOneLineErrors() throws {
    try writeHistory([rhythmLine])
    for (arguments, named) in [
      (["--json", "--csv"], "--csv"), (["--module", ""], "--module"),
      (["--summary", "--csv"], "--summary"), (["--by", "module"], "--by takes pattern"),
      (["--by", "pattern", "--csv"], "--by pattern"),
    ] {
      let result = try run(arguments)
      XCTAssertNotEqual(result.status, 0, "\(arguments)")
      XCTAssertEqual(result.error.split(separator: "\n").count, 1, result.error)
      XCTAssertTrue(result.error.contains(named), result.error)
      XCTAssertTrue(result.output.isEmpty, result.output)
    }
  }
}
