import Foundation
import TerminalHarness
import XCTest

/// The rhythm trainer in the real binary on a pseudo-terminal, hearing a recorded performance
/// through the WAV backend as if from a microphone, graded as the user would see it.
final class RhythmInteractiveTests: XCTestCase {
  private var woodshed: WoodshedProcess!

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
  }

  override func tearDown() {
    woodshed.remove()
  }

  func testAPerformanceHeardThroughTheMicrophonePathGetsItsGrades() throws {
    // Four quarters at 50 BPM after a bar of count-in: the notes 4.8, 6, 7.2 and 8.4 s after
    // the first click. Listening starts when that click is heard, so the file begins with it,
    // give or take the main loop's reaction (a few ms, up to about 100 ms on a busy machine),
    // which only makes hits later. Each offset sits inside its grade for any such delay:
    // perfect within 180 ms, good 180–360, inaccurate 360–600. The fourth note is not played;
    // the last clap is one too many.
    try woodshed.writeSettings(
      #"{"version": 1, "rhythm": {"bpm": 50, "bars": 1, "input": "microphone", "line": ["quarter", "quarter", "quarter", "quarter"]}}"#
    )
    let claps = [4.8 - 0.08, 6.0 + 0.22, 7.2 + 0.42, 8.4 + 0.75]
    let file = try woodshed.wav(
      "take.wav", rate: 48_000, samples: TestSignals.claps(at: claps, rate: 48_000, length: 10.5))
    let terminal = try woodshed.startInTerminal(arguments: ["--audio-in", file.path])
    XCTAssertTrue(terminal.waitForOutput(containing: "Rhythm", timeout: .seconds(10)))
    terminal.send("5")
    XCTAssertTrue(
      terminal.waitForOutput(
        containing: "your instrument, through the microphone", timeout: .seconds(5)),
      terminal.output)
    terminal.send("\r")
    XCTAssertTrue(
      terminal.waitForOutput(containing: "Accuracy", timeout: .seconds(15)), terminal.output)
    terminal.send("\u{1b}")
    terminal.send("\u{1b}")
    terminal.send("q")
    XCTAssertEqual(terminal.waitForExit(timeout: .seconds(5)), 0)
    let history = try String(
      contentsOf: woodshed.home.appendingPathComponent("data/history.jsonl"), encoding: .utf8)
    let record = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(history.utf8)) as? [String: Any])
    XCTAssertEqual(record["module"] as? String, "rhythm")
    XCTAssertEqual(record["exercise"] as? String, "microphone")
    let figures = try XCTUnwrap(record["figures"] as? [String: Double])
    XCTAssertEqual(figures["perfect"], 1, history)
    XCTAssertEqual(figures["good"], 1, history)
    XCTAssertEqual(figures["inaccurate"], 1, history)
    XCTAssertEqual(figures["missed"], 1, history)
    XCTAssertEqual(figures["extra"], 1, history)
  }
}
