import CLTC
import Foundation
import XCTest

/// `woodshed analyze ltc`: timecode written by libltc's own encoder, at 25 and at 29.97
/// drop-frame, read back to the frame, with a dropped second and a recorder clock that drifts.
final class AnalyzeLTCTests: XCTestCase {
  private var woodshed: WoodshedProcess!

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
  }

  override func tearDown() {
    woodshed.remove()
  }

  private func analyze(_ samples: [Float], json: Bool = false) throws -> String {
    let file = try woodshed.wav("ltc.wav", rate: 48_000, samples: samples)
    let result = try woodshed.run(["analyze", "ltc", file.path] + (json ? ["--json"] : []))
    XCTAssertEqual(result.status, 0, result.error)
    return result.output
  }

  func testTwentyFiveFramesASecondAreReadBackToTheFrame() throws {
    let samples = try LTCSignals.encoded(
      fps: 25, standard: LTC_TV_625_50, dropFrame: false, start: [10, 0, 0, 0], frames: 250)
    let lines = try analyze(samples).split(separator: "\n")
    XCTAssertEqual(lines[0], "rate 25")
    XCTAssertEqual(lines[1], "first 10:00:00:00 at 0.000 s")
    // The decoder reports a frame once its sync word is through: the last is read whole.
    XCTAssertEqual(lines[2], "last 10:00:09:24 at 9.960 s")
    XCTAssertEqual(lines[3], "frames 250")
    XCTAssertEqual(lines[4], "drift +0.0 ppm against the file's clock (+0.0 ms an hour)")
    XCTAssertEqual(lines.count, 5, "no jump")
  }

  func testDropFrameSkipsItsLabelsAtTheMinuteWithoutAJump() throws {
    let samples = try LTCSignals.encoded(
      fps: 30_000 / 1_001, standard: LTC_TV_525_60, dropFrame: true, start: [0, 0, 58, 0],
      frames: 150)
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(try analyze(samples, json: true).utf8))
        as? [String: Any])
    XCTAssertEqual(object["rate"] as? String, "29.97df")
    XCTAssertEqual((object["first"] as? [String: Any])?["timecode"] as? String, "00:00:58;00")
    // 150 frames from 58;00: 60 to the minute, then 00:01:00;02 on (labels 00 and 01 skipped).
    XCTAssertEqual((object["last"] as? [String: Any])?["timecode"] as? String, "00:01:03;01")
    XCTAssertEqual(object["frames"] as? Int, 150)
    XCTAssertEqual((object["jumps"] as? [Any])?.count, 0)
    // A frame's end is placed to the sample: over 5 s that is within 5 ppm.
    XCTAssertEqual(try XCTUnwrap(object["driftPPM"] as? Double), 0, accuracy: 5)
  }

  func testADroppedSecondIsAJumpAndADriftingRecorderIsMeasured() throws {
    let dropped = try LTCSignals.encoded(
      fps: 25, standard: LTC_TV_625_50, dropFrame: false, start: [1, 0, 0, 0], frames: 250,
      skippingAt: 125)
    let text = try analyze(dropped)
    XCTAssertTrue(
      text.contains("jump 01:00:04:24 -> 01:00:06:00 at 5.000 s\n"), text)
    // A recorder whose clock runs 100 ppm fast writes each frame in more of its samples: read
    // at 48 kHz, its timecode runs 100 ppm slow.
    let drifting = try LTCSignals.encoded(
      fps: 25, standard: LTC_TV_625_50, dropFrame: false, start: [1, 0, 0, 0], frames: 750,
      clock: 48_000 * 1.0001)
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(try analyze(drifting, json: true).utf8))
        as? [String: Any])
    XCTAssertEqual(try XCTUnwrap(object["driftPPM"] as? Double), -100, accuracy: 5)
  }

  func testAFileWithoutTimecodeIsOneLine() throws {
    let file = try woodshed.wav(
      "claps.wav", rate: 48_000, samples: TestSignals.claps(at: [0.2], rate: 48_000, length: 1))
    let result = try woodshed.run(["analyze", "ltc", file.path])
    XCTAssertNotEqual(result.status, 0)
    XCTAssertEqual(
      result.error, "Error: no timecode in claps.wav: not two LTC frames in a row\n")
  }
}
