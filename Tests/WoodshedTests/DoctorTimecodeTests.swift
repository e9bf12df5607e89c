import CLTC
import Foundation
import ListeningEval
import XCTest

/// `woodshed doctor` with a timecode input: it listens 3 s and says where the recorder's
/// timecode comes from, what it reads, its rate and its drift, or that none came.
final class DoctorTimecodeTests: XCTestCase {
  private var woodshed: WoodshedProcess!

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
  }

  override func tearDown() {
    woodshed.remove()
  }

  /// The doctor's timecode line, and its exit status.
  private func doctor(_ options: [String]) throws -> (line: String, status: Int32) {
    let result = try woodshed.run(["doctor"] + options)
    let line = result.output.split(separator: "\n").last { $0.hasPrefix("Timecode: ") }
    return (String(try XCTUnwrap(line, result.output + result.error)), result.status)
  }

  func testMIDITimecodeIsReadWithItsRateAndDrift() throws {
    let file = woodshed.home.appendingPathComponent("mtc.mid")
    try Data(
      MIDITimecodeFile(rateCode: 1, start: [10, 0, 0, 0], frames: 25 * 20, frameSeconds: 0.04)
        .bytes
    ).write(to: file)
    let (line, _) = try doctor(["--mtc-in", file.path])
    XCTAssertTrue(line.hasPrefix("Timecode: MTC from mtc.mid reads 10:00:0"), line)
    XCTAssertTrue(line.contains(" at 25 fps, drift "), line)
    // A file plays its messages at the times it gives: the drift is none.
    let drift = try XCTUnwrap(
      Double(try XCTUnwrap(line.split(separator: " ").dropLast(5).last)), line)
    XCTAssertEqual(drift, 0, accuracy: 1, line)
  }

  func testLTCIsReadWithItsRate() throws {
    let samples = try LTCSignals.encoded(
      fps: 25, standard: LTC_TV_625_50, dropFrame: false, start: [10, 0, 0, 0], frames: 25 * 10)
    let file = try woodshed.wav("ltc.wav", rate: 48_000, samples: samples)
    let (line, _) = try doctor(["--ltc-in", file.path])
    XCTAssertTrue(line.hasPrefix("Timecode: LTC from ltc.wav reads 10:00:0"), line)
    XCTAssertTrue(line.contains(" at 25 fps"), line)
  }

  func testNoTimecodeIsSaidAndFailsTheCheck() throws {
    let file = woodshed.home.appendingPathComponent("notes.mid")
    try Data(
      MIDIFile(
        channel: 0, program: 0,
        notes: [.init(millisecond: 0, length: 100, key: 60, velocity: 90)]
      ).bytes
    ).write(to: file)
    let (line, status) = try doctor(["--mtc-in", file.path])
    XCTAssertEqual(
      line,
      "Timecode: no MTC came from notes.mid in 3 s: is the recorder rolling, and its timecode out connected?"
    )
    XCTAssertEqual(status, 1)
  }

  func testAPortThatCannotBeOpenedIsOneLineNamingTheFileStandIn() throws {
    let result = try woodshed.run(["doctor", "--mtc-port", "no such port"])
    XCTAssertNotEqual(result.status, 0)
    XCTAssertTrue(result.error.hasPrefix("Error: timecode input: "), result.error)
    XCTAssertEqual(result.error.filter { $0 == "\n" }.count, 1, result.error)
    // Without a sequencer (a container), the way out is a file of MIDI Time Code.
    if result.error.contains("no ALSA sequencer") {
      XCTAssertTrue(result.error.contains("or use --mtc-in FILE"), result.error)
    } else {
      XCTAssertTrue(result.error.contains("no MIDI port \"no such port\""), result.error)
    }
  }
}
