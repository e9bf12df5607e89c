import Foundation
import XCTest

/// `woodshed calibrate`: the microphone's round trip and instrument profiles, saved in the
/// settings file as the practice room uses them.
final class CalibrateCommandTests: XCTestCase {
  private var woodshed: WoodshedProcess!

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
  }

  override func tearDown() {
    woodshed.remove()
  }

  func testLatencyThroughTheSinksMonitorIsAboutZeroAndIsSavedForThatPair() throws {
    guard ProcessInfo.processInfo.environment["WOODSHED_TEST_PULSE_SERVER"] != nil else {
      return XCTFail("no private PulseAudio daemon: run the suite with `make test`")
    }
    // The private daemon's default source is the null sink's monitor: the sound never leaves
    // the machine, so the round trip is how well the two clocks agree.
    let result = try woodshed.run(["calibrate", "latency"])
    XCTAssertEqual(result.status, 0, result.output + result.error)
    XCTAssertTrue(
      result.output.hasPrefix("Microphone round trip woodshed_null → woodshed_null.monitor: "),
      result.output)
    let audio = try XCTUnwrap(try woodshed.savedSettings()["audio"] as? [String: Any])
    let trips = try XCTUnwrap(audio["roundTripMs"] as? [String: [String: Double]])
    let milliseconds = try XCTUnwrap(trips["woodshed_null"]?["woodshed_null.monitor"], "\(trips)")
    XCTAssertEqual(milliseconds, 0, accuracy: 2, result.output)
    // How the clicks reach the microphone is kept for the pair too: through the monitor, at
    // once and at the level they were played, in the bands where the clicks sound.
    let paths = try XCTUnwrap(audio["clickPaths"] as? [String: [String: [String: Any]]])
    let path = try XCTUnwrap(paths["woodshed_null"]?["woodshed_null.monitor"], "\(paths)")
    XCTAssertEqual(try XCTUnwrap(path["delay"] as? Double), 0, accuracy: 0.003)
    let frequencies = try XCTUnwrap(path["frequencies"] as? [Double])
    let gains = try XCTUnwrap(path["gains"] as? [Double])
    let nearTwoKilohertz = try XCTUnwrap(frequencies.firstIndex { $0 > 1_900 })
    XCTAssertEqual(gains[nearTwoKilohertz], 1, accuracy: 0.5, "\(gains)")
    // Measuring again is a measurement too, even when it finds the same delay.
    let again = try woodshed.run(["calibrate", "latency"])
    XCTAssertEqual(again.status, 0, again.output + again.error)
  }

  func testLatencyWithAnUnknownSourceFailsInOneLineAndSavesNothing() throws {
    guard ProcessInfo.processInfo.environment["WOODSHED_TEST_PULSE_SERVER"] != nil else {
      return XCTFail("no private PulseAudio daemon: run the suite with `make test`")
    }
    let result = try woodshed.run(["calibrate", "latency", "--source", "no_such_source"])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.error.split(separator: "\n").count, 1, result.error)
    XCTAssertTrue(result.error.contains("cannot record no_such_source"), result.error)
    XCTAssertFalse(FileManager.default.fileExists(atPath: woodshed.settingsFile.path))
  }

  func testLatencyWithoutAServerFailsInOneLine() throws {
    let result = try woodshed.run(
      ["calibrate", "latency"],
      environment: woodshed.environment(extra: ["PULSE_SERVER": "unix:/nonexistent/socket"]))
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.error.split(separator: "\n").count, 1, result.error)
    XCTAssertTrue(result.error.contains("no audio"), result.error)
  }

  func testAnInstrumentLearnedFromAFileIsSavedAndChosen() throws {
    let times = [0.4, 1.0, 1.5, 2.2, 2.9, 3.5]
    let file = try woodshed.wav(
      "claps.wav", samples: TestSignals.claps(at: times, rate: 44_100, length: 4))
    let result = try woodshed.run(["calibrate", "instrument", " clap ", "--audio-in", file.path])
    XCTAssertEqual(result.status, 0, result.error)
    XCTAssertTrue(result.output.hasPrefix("Learned \"clap\" from "), result.output)
    let listening = try XCTUnwrap(try woodshed.savedSettings()["listening"] as? [String: Any])
    XCTAssertEqual(listening["instrument"] as? String, "clap")
    let profiles = try XCTUnwrap(listening["profiles"] as? [String: [String: Any]])
    let clap = try XCTUnwrap(profiles["clap"])
    XCTAssertGreaterThanOrEqual(clap["noteCount"] as? Int ?? 0, 5, "\(clap)")
    XCTAssertEqual(
      (clap["onsetRise"] as? [Double])?.count, (clap["frequencies"] as? [Double])?.count)
  }

  func testSilenceTeachesNothingAndSavesNothing() throws {
    let file = try woodshed.wav("silence.wav", samples: [Float](repeating: 0, count: 44_100 * 3))
    let result = try woodshed.run(["calibrate", "instrument", "air", "--audio-in", file.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.error.split(separator: "\n").count, 1, result.error)
    XCTAssertTrue(result.error.contains("fewer than 3 clear notes"), result.error)
    XCTAssertFalse(FileManager.default.fileExists(atPath: woodshed.settingsFile.path))
  }

  func testAQuietMicrophoneTeachesNothing() throws {
    guard ProcessInfo.processInfo.environment["WOODSHED_TEST_PULSE_SERVER"] != nil else {
      return XCTFail("no private PulseAudio daemon: run the suite with `make test`")
    }
    // The idle null sink's monitor is silent: recorded for real, and rightly not learned.
    let result = try woodshed.run(["calibrate", "instrument", "room", "--seconds", "2"])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.output.contains("Listening for 2 s"), result.output)
    XCTAssertTrue(result.error.contains("fewer than 3 clear notes"), result.error)
  }

  func testBadNamesAndDurationsAreRefusedInOneLine() throws {
    for arguments in [
      ["instrument", "   "], ["instrument", String(repeating: "x", count: 25)],
      ["instrument", "ok", "--seconds", "1"],
    ] {
      let result = try woodshed.run(["calibrate"] + arguments)
      XCTAssertEqual(result.status, 1, "\(arguments)")
      XCTAssertEqual(result.error.split(separator: "\n").count, 1, result.error)
    }
  }
}
