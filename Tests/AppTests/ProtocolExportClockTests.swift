import Foundation
import Practice
import XCTest

@testable import App

/// Each take's clock start, end and length in the sheets, the CSV and the JSON, on the clock
/// where it was logged (here UTC+1, from lines stamped to the millisecond).
final class ProtocolExportClockTests: XCTestCase {
  private func export() throws -> ProtocolExport {
    var session = ProtocolSession()
    let lines: [(Double, String)] = [
      (0, "mvt 1: 1-8"), (10.25, "take"), (40, "1-4 +"), (100.75, "end 8"), (200.5, "take"),
      (3_900, "5 ok"),
    ]
    for (second, line) in lines {
      try session.apply(
        ProtocolSession.Line(
          line, at: ExportFixture.start.addingTimeInterval(second), utcOffset: 3600))
    }
    return ProtocolExport(name: "x", session: session)
  }

  func testTheTakeSheetsShowBeganEndedAndLength() throws {
    let markdown = try export().text(.md)
    XCTAssertTrue(
      markdown.contains("| Take | Bars | Began | Ended | Length | Timecode | Verdict |"), markdown)
    XCTAssertTrue(markdown.contains("| 1 | 1–8 | 09:00:10 | 09:01:40 | 1:30 |"), markdown)
    XCTAssertTrue(markdown.contains("| 2 | from 1 | 09:03:20 | 10:05:00 | 1:01:40 |"), markdown)
    let html = try export().text(.html)
    XCTAssertTrue(
      html.contains("<th>Bars</th><th>Began</th><th>Ended</th><th>Length</th><th>Timecode</th>"),
      html)
    XCTAssertTrue(
      html.contains("<td>1–8</td><td>09:00:10</td><td>09:01:40</td><td>1:30</td>"), html)
  }

  func testTheCSVHasLocalClockTimesAndTheDuration() throws {
    let rows = try export().text(.csv).components(separatedBy: "\r\n")
    let header = rows[0].split(separator: ",").suffix(8).prefix(6)
    XCTAssertEqual(
      Array(header), ["began_local", "ended_local", "duration", "mark", "part", "note"])
    XCTAssertTrue(
      rows[1].hasSuffix(",2027-01-15 09:00:10,2027-01-15 09:01:40,0:01:30,#1,,,,"), rows[1])
    XCTAssertTrue(
      rows[2].hasSuffix(",2027-01-15 09:03:20,2027-01-15 10:05:00,1:01:40,#2,,,,"), rows[2])
  }

  func testTheJSONHasClockTimesWithTheOffsetAndTheDurationToTheMillisecond() throws {
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(try export().text(.json).utf8)) as? [String: Any])
    let works = try XCTUnwrap(object["works"] as? [[String: Any]])
    let movement = try XCTUnwrap((works[0]["movements"] as? [[String: Any]])?.first)
    let takes = try XCTUnwrap(movement["takes"] as? [[String: Any]])
    XCTAssertEqual(
      takes.map { $0["clockStart"] as? String },
      ["2027-01-15T09:00:10.250+01:00", "2027-01-15T09:03:20.500+01:00"])
    XCTAssertEqual(
      takes.map { $0["clockEnd"] as? String },
      ["2027-01-15T09:01:40.750+01:00", "2027-01-15T10:05:00.000+01:00"])
    XCTAssertEqual(takes.map { $0["duration"] as? Double }, [90.5, 3699.5])
  }
}
