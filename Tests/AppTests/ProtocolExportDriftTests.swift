import Foundation
import Practice
import XCTest

@testable import App

/// A box whose clock runs apart from the recorder's: by the box, take 1 lasts 30 s and take 2
/// starts an hour after it; by the recorder's timecode stamped on every line, take 1 lasts
/// 20 s and take 2 starts 3598 s after it (the box gained 2 s in the hour). The take sheets
/// and the timelines go by the recorder, since the recording is the recorder's. Take 3, whose
/// lines carry no stamp, has the timecode of the last `tc` line plus the box's 90 s since.
final class ProtocolExportDriftTests: XCTestCase {
  private func export(_ format: ProtocolExport.Format) throws -> String {
    let lines: [(Double, String, String?)] = [
      (0, "mvt 1: 1-20 4/4@q=120", nil),
      (10, "tc 10:00:10:00", "10:00:10:00"), (10, "take", "10:00:10:00"),
      (40, "end 20", "10:00:30:00"),
      (3610, "tc 11:00:08:00", "11:00:08:00"), (3610, "take", "11:00:08:00"),
      (3620, "5 i", "11:00:18:00"), (3650, "end 20", "11:00:28:00"),
      (3700, "take", nil), (3760, "end 20", nil),
    ]
    var session = ProtocolSession()
    for (second, line, stamp) in lines {
      try session.apply(
        ProtocolSession.Line(
          line, at: ExportFixture.start.addingTimeInterval(second),
          joinsPrevious: line == "take" && stamp != nil, recorderTimecode: stamp))
    }
    return ProtocolExport(name: "x", session: session).text(format)
  }

  /// The Length column of the Markdown take sheet's rows, in take order.
  private func markdownLengths() throws -> [String] {
    let rows = try export(.md).split(separator: "\n").filter { $0.hasPrefix("| ") }
    let header = rows[0].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    let column = try XCTUnwrap(header.firstIndex(of: "Length"))
    return rows.dropFirst().map {
      $0.split(separator: "|", omittingEmptySubsequences: false)[column + 1]
        .trimmingCharacters(in: .whitespaces)
    }
  }

  func testTheMarkdownSheetGivesAStampedTakeTheRecordersLength() throws {
    // 0:30 and 0:40 by the box's clock; the unstamped take keeps its clock length.
    XCTAssertEqual(try markdownLengths(), ["0:20", "0:20", "1:00"])
  }

  func testTheHTMLSheetGivesAStampedTakeTheRecordersLength() throws {
    let html = try export(.html)
    let rows = html.split(separator: "\n").filter { $0.hasPrefix("<tr>") }
    XCTAssertEqual(rows.count, 3, html)
    // Began, Ended, then Length.
    XCTAssertTrue(rows[0].contains("<td>08:00:10</td><td>08:00:40</td><td>0:20</td>"), html)
    XCTAssertTrue(rows[1].contains("<td>09:00:10</td><td>09:00:50</td><td>0:20</td>"), html)
    XCTAssertTrue(rows[2].contains("<td>09:01:40</td><td>09:02:40</td><td>1:00</td>"), html)
  }

  /// Take 2 at 3598 s, where the recorder has it, not at the box's 3600 s; its mark at bar 5,
  /// 4 s into its stretched 20 s; take 3 90 s after take 2 by the box's clock.
  func testTheAudacityLabelsPlaceStampedTakesByTheRecorder() throws {
    XCTAssertEqual(
      try export(.audacity),
      """
      0.000000\t20.000000\ttake 1 bars 1–20
      3598.000000\t3618.000000\ttake 2 bars 1–20
      3602.000000\t3602.000000\ttake 2 bar 5 i
      3688.000000\t3728.000000\ttake 3 bars 1–20

      """)
  }

  func testREAPERsRegionsAndMarkersFollowTheRecorder() throws {
    XCTAssertEqual(
      try export(.reaperCSV),
      """
      #,Name,Start,End,Length
      R1,take 1 bars 1–20,0:00.000,0:20.000,0:20.000
      R2,take 2 bars 1–20,59:58.000,1:00:18.000,0:20.000
      M1,take 2 bar 5 i,1:00:02.000,,
      R3,take 3 bars 1–20,1:01:28.000,1:02:08.000,0:40.000

      """)
  }

  /// A recorder whose timecode was reset runs back from the first take's: the take stays
  /// where the box's clock puts it rather than before the recording began.
  func testATimecodeRunningBackLeavesTheTakeOnTheBoxsClock() throws {
    let origin = ExportFixture.start
    var session = ProtocolSession()
    for (second, line, stamp) in [
      (0.0, "mvt 1: 1-20 4/4@q=120", nil), (10, "tc 10:00:10:00", "10:00:10:00"),
      (10, "take", "10:00:10:00"), (100, "tc 00:00:05:00", "00:00:05:00"),
      (100, "take", "00:00:05:00"),
    ] as [(Double, String, String?)] {
      try session.apply(
        ProtocolSession.Line(
          line, at: origin.addingTimeInterval(second), recorderTimecode: stamp))
    }
    let starts = ProtocolExport(name: "x", session: session).timeline().map(\.start)
    XCTAssertEqual(starts, [0, 90])
  }
}
