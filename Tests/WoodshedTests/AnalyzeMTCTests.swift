import Foundation
import ListeningEval
import XCTest

/// `woodshed analyze mtc`: a recorder's MIDI Time Code as a MIDI recorder keeps it, at 25 and at
/// 29.97 drop-frame, read back to the frame, with a dropped second and a clock that drifts.
final class AnalyzeMTCTests: XCTestCase {
  private var woodshed: WoodshedProcess!

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
  }

  override func tearDown() {
    woodshed.remove()
  }

  private func analyze(_ file: MIDITimecodeFile, json: Bool = false) throws -> String {
    let url = woodshed.home.appendingPathComponent("mtc.mid")
    try Data(file.bytes).write(to: url)
    let result = try woodshed.run(["analyze", "mtc", url.path] + (json ? ["--json"] : []))
    XCTAssertEqual(result.status, 0, result.error)
    return result.output
  }

  func testTwentyFiveFramesASecondAreReadBackToTheFrame() throws {
    let lines = try analyze(
      MIDITimecodeFile(rateCode: 1, start: [10, 0, 0, 0], frames: 250, frameSeconds: 0.04)
    ).split(separator: "\n")
    XCTAssertEqual(lines[0], "rate 25")
    XCTAssertEqual(lines[1], "first 10:00:00:00 at 0.000 s")
    // The last frame's end comes with eight pieces more: the one before it is the last read.
    XCTAssertEqual(lines[2], "last 10:00:09:23 at 9.920 s")
    XCTAssertEqual(lines[3], "frames 249")
    XCTAssertEqual(lines[4], "drift +0.0 ppm against the file's clock (+0.0 ms an hour)")
    XCTAssertEqual(lines.count, 5, "no jump")
  }

  func testDropFrameSkipsItsLabelsAtTheMinuteWithoutAJump() throws {
    let text = try analyze(
      MIDITimecodeFile(
        rateCode: 2, start: [0, 0, 58, 0], frames: 150, frameSeconds: 1.001 / 30),
      json: true)
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    XCTAssertEqual(object["rate"] as? String, "29.97df")
    XCTAssertEqual((object["first"] as? [String: Any])?["timecode"] as? String, "00:00:58;00")
    // 149 frames from 58;00: 60 to the minute, then 00:01:00;02 on (labels 00 and 01 skipped).
    XCTAssertEqual((object["last"] as? [String: Any])?["timecode"] as? String, "00:01:03;00")
    XCTAssertEqual(object["frames"] as? Int, 149)
    XCTAssertEqual((object["jumps"] as? [Any])?.count, 0)
    XCTAssertEqual(try XCTUnwrap(object["driftPPM"] as? Double), 0, accuracy: 1)
  }

  func testADroppedSecondIsAJumpAndADriftingRecorderIsMeasured() throws {
    let dropped = try analyze(
      MIDITimecodeFile(
        rateCode: 1, start: [1, 0, 0, 0], frames: 250, frameSeconds: 0.04, skippingAt: 126))
    XCTAssertTrue(
      dropped.contains("jump 01:00:05:00 -> 01:00:06:01 at 5.040 s"), dropped)
    // A recorder 100 ppm fast sends its frames 100 ppm sooner than the file's clock expects.
    let fast = try analyze(
      MIDITimecodeFile(
        rateCode: 1, start: [1, 0, 0, 0], frames: 1500, frameSeconds: 0.04 / 1.0001))
    XCTAssertTrue(fast.contains("drift +100.0 ppm"), fast)
  }

  func testAFileWithoutTimecodeOrNoMIDIFileSaysSoInOneLine() throws {
    let notes = woodshed.home.appendingPathComponent("notes.mid")
    try Data(
      MIDIFile(
        channel: 0, program: 0, notes: [.init(millisecond: 0, length: 100, key: 60, velocity: 90)]
      )
      .bytes
    ).write(to: notes)
    let text = woodshed.home.appendingPathComponent("take.txt")
    try Data("not midi".utf8).write(to: text)
    for (file, message) in [
      (notes, "no timecode in notes.mid: not two MIDI Time Code frames in a row"),
      (text, "take.txt: not a Standard MIDI File (no MThd header)"),
    ] {
      let result = try woodshed.run(["analyze", "mtc", file.path])
      XCTAssertNotEqual(result.status, 0)
      XCTAssertTrue(result.error.contains(message), result.error)
      XCTAssertEqual(result.error.split(separator: "\n").count, 1, result.error)
      XCTAssertEqual(result.output, "")
    }
  }
}
