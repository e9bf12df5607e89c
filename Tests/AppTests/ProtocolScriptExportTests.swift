import Foundation
import Practice
import XCTest

@testable import App

/// A script has no tempo: the timelines give each line its words read aloud, or the same time
/// where the script's text is not at hand.
final class ProtocolScriptExportTests: XCTestCase {
  func testWithTheTextALineTakesItsWordsReadAloud() throws {
    let script = try Script(
      text: """
        Call me Ishmael.
        Some years ago, never mind how long precisely, having little or no money in my purse,
        and nothing particular to interest me on shore,
        """)
    var session = ProtocolSession()
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    for (second, line) in [
      (0.0, "mvt 1: p1.1-3"), (10, "take @p1.1"), (11, "p1.3 +"), (13, "end p1.3"),
    ] {
      try session.apply(line, at: start.addingTimeInterval(second))
    }
    let export = ProtocolExport(name: "book", session: session, scriptText: script.textByLabel)
    // 3 words, 16 and 8 at 150 a minute, each line then a breath of 0.4 s: 1.6 + 6.8 + 3.6 s.
    XCTAssertEqual(
      export.text(.audacity).split(separator: "\n"),
      ["0.000000\t12.000000\ttake 1 lines p1.1–p1.3", "8.400000\t8.400000\ttake 1 line p1.3 +"])
    let edl = export.text(.edl)
    XCTAssertTrue(
      edl.contains("* SCRIPT: MOVEMENT 1 LINES p1.1-p1.3, 150 WORDS A MINUTE ASSUMED"), edl)
  }

  func testMarksArePlacedInProportionToTheLinesBeforeThem() throws {
    var session = ProtocolSession()
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    for (second, line) in [
      (0.0, "mvt 1: p1.1-4 p2.1-6"), (10, "take @p1.1"), (11, "p1.3-p2.2 +"), (12, "p2.6 w"),
      (13, "end p2.6"),
    ] {
      try session.apply(line, at: start.addingTimeInterval(second))
    }
    let labels = ProtocolExport(name: "book", session: session).text(.audacity)
    let edl = ProtocolExport(name: "book", session: session).text(.edl)
    XCTAssertTrue(edl.contains("* SCRIPT: MOVEMENT 1 LINES p1.1-p2.6, 4 S A LINE ASSUMED"), edl)
    XCTAssertTrue(edl.contains("00:00:00:00 00:00:40:00"), edl)
    XCTAssertFalse(edl.contains("TEMPO"), edl)
    XCTAssertEqual(
      labels.split(separator: "\n"),
      [
        "0.000000\t40.000000\ttake 1 lines p1.1–p2.6",
        "8.000000\t8.000000\ttake 1 lines p1.3–p2.2 +",
        "36.000000\t36.000000\ttake 1 line p2.6 w",
      ])
  }

  func testTheTakeSheetQuotesShortTextWholeAndLongTextByItsFirstWords() throws {
    let script = try Script(
      text: """
        Call me Ishmael.
        Some years ago, never mind how long precisely, having little or no money in my purse,
        and nothing particular to interest me on shore,
        """)
    var session = ProtocolSession()
    for line in ["mvt 1: p1.1-3", "take @p1.1", "p1.1 +", "p1.1-p1.3 i", "end p1.3"] {
      try session.apply(line, at: Date(timeIntervalSince1970: 1_800_000_000))
    }
    let export = ProtocolExport(name: "book", session: session, scriptText: script.textByLabel)
    let sheet = export.text(.md)
    XCTAssertTrue(sheet.contains("p1.1 + “Call me Ishmael.”"), sheet)
    XCTAssertTrue(
      sheet.contains(
        "p1.1–p1.3 intonation “Call me Ishmael. / Some years ago, never… / and nothing particular to…”"
      ),
      sheet)
    XCTAssertTrue(export.text(.html).contains("p1.1 + “Call me Ishmael.”"))
    // Without the script's text, the labels alone.
    XCTAssertTrue(
      ProtocolExport(name: "book", session: session).text(.md).contains(
        "| p1.1 +; p1.1–p1.3 intonation |"))
  }

  /// A script's session logged with a take, a mark and an end.
  private func scriptSession() throws -> ProtocolSession {
    var session = ProtocolSession()
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    for (second, line) in [
      (0.0, "mvt 1: p1.1-4 p2.1-6"), (10, "take @p1.1"), (11, "p1.3-p2.2 + w"),
      (13, "end p2.6"), (14, "take @p2.1"),
    ] {
      try session.apply(line, at: start.addingTimeInterval(second))
    }
    return session
  }

  /// The CSV's columns of bars hold a script's line labels, so they are named lines.
  func testTheCSVNamesAScriptsColumnsAsLines() throws {
    let csv = ProtocolExport(name: "book", session: try scriptSession()).text(.csv)
    let rows = csv.components(separatedBy: "\r\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    XCTAssertEqual(
      rows[0].filter { $0.hasSuffix("_line") || $0.hasSuffix("_bar") },
      ["start_line", "end_line", "from_line", "to_line"])
    let column = try XCTUnwrap(rows[0].firstIndex(of: "from_line"))
    XCTAssertEqual(rows[1][column], "p1.3")
    XCTAssertEqual(ProtocolExport.scriptCSVHeader.count, ProtocolExport.csvHeader.count)
    // A score's header is as it was.
    var score = ProtocolSession()
    try score.apply("mvt 1: 1-20", at: Date(timeIntervalSince1970: 1_800_000_000))
    XCTAssertEqual(
      ProtocolExport(name: "x", session: score).text(.csv).components(separatedBy: "\r\n")[0],
      ProtocolExport.csvHeader.joined(separator: ","))
  }

  /// No export of a script speaks of bars: every heading, label and comment says lines
  /// (only the JSON's keys are shared with a score's).
  func testNoExportOfAScriptSaysBar() throws {
    let export = ProtocolExport(name: "book", session: try scriptSession())
    for format in ProtocolExport.Format.allCases {
      // The JSON's key for the map is the same for every protocol: scripts read it by name.
      let text = export.text(format).replacing("\"bars\" :", with: "")
      XCTAssertFalse(text.lowercased().contains("bar"), "\(format): \(text)")
    }
  }
}
