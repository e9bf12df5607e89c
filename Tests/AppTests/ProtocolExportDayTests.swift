import Foundation
import Practice
import XCTest

@testable import App

/// Recording days in the exports: Monday's takes 1 and 2, then Tuesday's numbered from 1 again.
final class ProtocolExportDayTests: XCTestCase {
  static let entries: [(second: Double, line: String)] = [
    (0, "mvt 1: 1-8 4/4@q=120"), (0, "day 1 — Monday"), (10, "take"), (11, "1-4 +"),
    (12, "end 8"), (20, "take"), (21, "end 8"), (86_400, "day 2 — Tuesday restart"),
    (86_410, "take"), (86_411, "1-8 ++"), (86_412, "end 8"),
  ]

  private func export(_ format: ProtocolExport.Format) throws -> String {
    ProtocolExport(name: "x", session: try ExportFixture.session(Self.entries)).text(format)
  }

  func testTheCSVSaysEachTakesDay() throws {
    let rows = try export(.csv).components(separatedBy: "\r\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    let header = rows[0]
    let take = try XCTUnwrap(header.firstIndex(of: "take"))
    let day = try XCTUnwrap(header.firstIndex(of: "day"))
    let title = try XCTUnwrap(header.firstIndex(of: "day_title"))
    XCTAssertEqual(rows[1...3].map { $0[take] }, ["1", "2", "1"])
    XCTAssertEqual(rows[1...3].map { $0[day] }, ["1", "1", "2"])
    XCTAssertEqual(rows[1...3].map { $0[title] }, ["1 — Monday", "1 — Monday", "2 — Tuesday"])
  }

  func testTheJSONHasTheDaysAndUniqueTakeNames() throws {
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(try export(.json).utf8)) as? [String: Any])
    let days = try XCTUnwrap(object["days"] as? [[String: Any]])
    XCTAssertEqual(days.map { $0["number"] as? Int }, [1, 2])
    XCTAssertEqual(days.map { $0["title"] as? String }, ["1 — Monday", "2 — Tuesday"])
    XCTAssertEqual(days.map { $0["restartsNumbering"] as? Bool }, [false, true])
    XCTAssertEqual(days[1]["started"] as? String, "2027-01-16T08:00:00.000Z")
    let works = try XCTUnwrap(object["works"] as? [[String: Any]])
    let movement = try XCTUnwrap((works[0]["movements"] as? [[String: Any]])?.first)
    let takes = try XCTUnwrap(movement["takes"] as? [[String: Any]])
    XCTAssertEqual(takes.map { $0["label"] as? String }, ["1", "2", "1"])
    XCTAssertEqual(takes.map { $0["name"] as? String }, ["1", "2", "2/1"])
    XCTAssertEqual(takes.map { $0["day"] as? Int }, [1, 1, 2])
    let plan = try XCTUnwrap(movement["plan"] as? [[String: Any]])
    XCTAssertEqual(plan.map { $0["take"] as? String }, ["2/1"])
  }

  func testTheTakeSheetsHaveADayColumnOnlyOnceThereAreDays() throws {
    let markdown = try export(.md)
    XCTAssertTrue(markdown.contains("| Take | Day | Bars |"), markdown)
    XCTAssertTrue(markdown.contains("| 1 | 1 — Monday | 1–8 |"), markdown)
    XCTAssertTrue(markdown.contains("| 2/1 | 2 — Tuesday | 1–8 |"), markdown)
    XCTAssertTrue(markdown.contains("- take 2/1: bars 1–8"), markdown)
    let html = try export(.html)
    XCTAssertTrue(html.contains("<th>Take</th><th>Day</th><th>Bars</th>"), html)
    XCTAssertTrue(html.contains("<tr><td>2/1</td><td>2 — Tuesday</td><td>1–8</td>"), html)
    let without = try ExportFixture.export(.md)
    XCTAssertFalse(without.contains("Day"), without)
  }

  /// Tuesday's take 1 is not Monday's: its reel names its day, and the timelines its name.
  func testTheEDLAndTimelinesTellTakesNumberedAgainApart() throws {
    let session = try ExportFixture.session(Self.entries + [(86_420, "pin 1/1 1-4")])
    XCTAssertEqual(ProtocolExport.reels(session.takes), ["TAKE1", "TAKE2", "D2T1"])
    let edl = ProtocolExport(name: "x", session: session).text(.edl)
    XCTAssertTrue(edl.contains("001  TAKE1    A     C "), edl)
    XCTAssertTrue(edl.contains("002  D2T1     A     C "), edl)
    XCTAssertTrue(edl.contains("* FROM CLIP NAME: TAKE 2/1 BARS 5-8"), edl)
    XCTAssertTrue(try export(.audacity).contains("\ttake 2/1 bars 1–8\n"))
  }
}
