import Foundation
import Practice
import XCTest

@testable import App

/// A take logged in the live room with the recorder's timecode on every line: 20 bars of 4/4
/// at ♩=120 estimate 40 s, but the recorder ran 20 s from the take to its `end` line, so the
/// exports take the take's length from the recorder and stretch its bars to it; every mark is
/// placed by the bars it names (typed when it was, stamped or not), a second a bar.
final class ProtocolExportStampTests: XCTestCase {
  private func export(_ format: ProtocolExport.Format) throws -> String {
    let lines: [(Double, String, String?)] = [
      (0, "mvt 1: 1-20 4/4@q=120", nil), (0, "fps 25", nil), (10, "tc 10:00:10:00", "10:00:10:00"),
      (10, "take", "10:00:10:00"), (11, "5 n", nil), (20, "15 i", "10:00:20:00"),
      (30, "1-20 ++", "10:00:30:00"), (30, "end 20", "10:00:30:00"),
    ]
    var session = ProtocolSession()
    for (second, line, stamp) in lines {
      try session.apply(
        ProtocolSession.Line(
          line, at: ExportFixture.start.addingTimeInterval(second), recorderTimecode: stamp))
    }
    return ProtocolExport(name: "x", session: session).text(format)
  }

  /// The rating typed at the end is about the whole take: it is placed at its first bar, and
  /// the intonation mark typed at 10 s at bar 15's stretched place, 14 s.
  func testAudacityLabelsTakeTheRecordersLengthAndTheMarksByTheirBars() throws {
    XCTAssertEqual(
      try export(.audacity),
      """
      0.000000\t20.000000\ttake 1 bars 1–20
      0.000000\t0.000000\ttake 1 bars 1–20 ++
      4.000000\t4.000000\ttake 1 bar 5 n
      14.000000\t14.000000\ttake 1 bar 15 i

      """)
  }

  func testTheEDLsSourceOutAndLocatorsAreTheRecorders() throws {
    XCTAssertEqual(
      try export(.edl),
      """
      TITLE: x
      FCM: NON-DROP FRAME
      001  TAKE1    A     C        10:00:10:00 10:00:30:00 00:00:00:00 00:00:20:00
      * FROM CLIP NAME: TAKE 1 BARS 1-20
      * LOC: 00:00:04:00 RED noise
      * LOC: 00:00:14:00 RED intonation

      """)
  }

  func testTheCSVHasTheEndsAndTheMarksTimecodes() throws {
    let rows = try export(.csv).components(separatedBy: "\r\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    let end = try XCTUnwrap(ProtocolExport.csvHeader.firstIndex(of: "end_timecode"))
    let mark = try XCTUnwrap(ProtocolExport.csvHeader.firstIndex(of: "mark_timecode"))
    XCTAssertEqual(rows[0].count, ProtocolExport.csvHeader.count)
    XCTAssertEqual(rows[1...3].map { $0[end] }, Array(repeating: "10:00:30:00", count: 3))
    XCTAssertEqual(rows[1...3].map { $0[mark] }, ["", "10:00:20:00", "10:00:30:00"])
  }

  func testTheJSONHasTheEndsAndTheMarksTimecodes() throws {
    let document = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(try export(.json).utf8)) as? [String: Any])
    let works = try XCTUnwrap(document["works"] as? [[String: Any]])
    let movements = try XCTUnwrap(works.first?["movements"] as? [[String: Any]])
    let take = try XCTUnwrap((movements.first?["takes"] as? [[String: Any]])?.first)
    XCTAssertEqual(take["endTimecode"] as? String, "10:00:30:00")
    let marks = try XCTUnwrap(take["marks"] as? [[String: Any]])
    XCTAssertEqual(marks.map { $0["timecode"] as? String }, [nil, "10:00:20:00", "10:00:30:00"])
  }
}
