import Foundation
import Practice
import XCTest

/// Lines entered in the live room carry the recorder's timecode: a take's `end` line gives
/// its length as the recorder ran it, and a mark its moment.
final class ProtocolRecorderStampTests: XCTestCase {
  /// `lines` a second apart, each with the recorder's timecode given for it.
  private func session(_ lines: [(String, String?)]) throws -> ProtocolSession {
    var session = ProtocolSession()
    for (second, (line, stamp)) in lines.enumerated() {
      try session.apply(
        ProtocolSession.Line(line, at: Journal.date(Double(second)), recorderTimecode: stamp))
    }
    return session
  }

  func testAStampedEndGivesTheTakesLengthAsTheRecorderRanIt() throws {
    let session = try self.session([
      ("mvt 1: 1-40", nil), ("fps 25", nil), ("tc 10:00:00:00", "10:00:00:00"),
      ("take", "10:00:01:00"), ("12 i", "10:00:20:12"), ("end 40", "10:01:21:05"),
    ])
    let take = try XCTUnwrap(session.takes.first)
    XCTAssertEqual(take.timecode?.description, "10:00:01:00", "from the tc line, as before")
    XCTAssertEqual(take.endTimecode?.description, "10:01:21:05")
    XCTAssertEqual(try XCTUnwrap(take.recordedLength), 80.2, accuracy: 1e-9)
    XCTAssertEqual(take.marks.first?.timecode?.description, "10:00:20:12")
  }

  /// An old journal's lines have no stamp: nothing is known beyond the take's start, and the
  /// length is left to the bars, as before.
  func testLinesWithoutAStampKeepTheBarsEstimate() throws {
    let session = try Journal.session(["mvt 1: 1-40", "tc 10:00:00:00", "take", "12 i", "end 40"])
    let take = try XCTUnwrap(session.takes.first)
    XCTAssertNotNil(take.timecode)
    XCTAssertNil(take.endTimecode)
    XCTAssertNil(take.recordedLength)
    XCTAssertNil(take.marks.first?.timecode)
  }

  /// An end stamped before the take's start (the recorder's clock went back) says nothing of
  /// its length; undo takes a stamped end back, and a later end replaces its stamp.
  func testAnEndBeforeTheStartIsNoLengthAndUndoTakesTheStampBack() throws {
    var session = try self.session([
      ("mvt 1: 1-40", nil), ("tc 10:00:00:00", "10:00:00:00"), ("take", "10:00:01:00"),
      ("end 20", "09:59:00:00"),
    ])
    XCTAssertNil(session.takes[0].recordedLength)
    try session.apply(
      ProtocolSession.Line("end 30", at: Journal.date(10), recorderTimecode: "10:00:11:00"))
    XCTAssertEqual(try XCTUnwrap(session.takes[0].recordedLength), 10, accuracy: 1e-9)
    try session.apply("undo", at: Journal.date(11))
    XCTAssertEqual(session.takes[0].endTimecode?.description, "09:59:00:00")
  }

  func testTheRealTimeBetweenTwoTimecodes() throws {
    let start = try XCTUnwrap(Timecode("10:00:00:00", rate: .fps25))
    XCTAssertEqual(
      start.seconds(to: try XCTUnwrap(Timecode("10:00:01:12", rate: .fps25))), 1.48, accuracy: 1e-9)
    XCTAssertEqual(
      start.seconds(to: try XCTUnwrap(Timecode("09:59:59:00", rate: .fps25))), -1, accuracy: 1e-9)
    let dropFrame = try XCTUnwrap(Timecode("00:00:00;00", rate: .fps2997DropFrame))
    // 00:01:00;02 is frame 1800 at 30000/1001 frames a second.
    XCTAssertEqual(
      dropFrame.seconds(to: try XCTUnwrap(Timecode("00:01:00;02", rate: .fps2997DropFrame))),
      1800 * 1.001 / 30, accuracy: 1e-9)
  }
}
