import Foundation
import ListeningEval
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

  private func lastRecord() throws -> [String: Any] {
    let history = try String(
      contentsOf: woodshed.home.appendingPathComponent("data/history.jsonl"), encoding: .utf8)
    let last = try XCTUnwrap(history.split(separator: "\n").last)
    return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
  }

  private func runTheTrainer(midiIn path: String) throws {
    let terminal = try woodshed.startInTerminal(arguments: ["--midi-in", path])
    XCTAssertTrue(terminal.waitForOutput(containing: "Rhythm", timeout: .seconds(10)))
    terminal.send("5")
    XCTAssertTrue(
      terminal.waitForOutput(containing: "MIDI pads, drums or keyboard", timeout: .seconds(5)),
      terminal.output)
    terminal.send("\r")
    XCTAssertTrue(
      terminal.waitForOutput(containing: "Accuracy", timeout: .seconds(20)), terminal.output)
    terminal.send("\u{1b}")
    terminal.send("\u{1b}")
    terminal.send("q")
    XCTAssertEqual(terminal.waitForExit(timeout: .seconds(5)), 0)
  }

  func testAMIDIFileIsPlayedInFromTheFirstClickAndGradedExactly() throws {
    // At 60 BPM the line's quarters are 4, 5, 6 and 7 s after the first click: the file's time
    // zero is that click, so the pads land exactly on the first, 30 ms late on the second and
    // exactly on the fourth; the third is not played.
    try woodshed.writeSettings(
      #"{"version": 1, "rhythm": {"bpm": 60, "bars": 1, "input": "midi", "line": ["quarter", "quarter", "quarter", "quarter"]}}"#
    )
    let take = woodshed.home.appendingPathComponent("pads.mid")
    let notes = [4000, 5030, 7000].map {
      MIDIFile.Note(millisecond: $0, length: 50, key: 38, velocity: 110)
    }
    try Data(MIDIFile(channel: 9, program: 0, notes: notes).bytes).write(to: take)
    try runTheTrainer(midiIn: take.path)
    let record = try lastRecord()
    XCTAssertEqual(record["exercise"] as? String, "midi")
    let figures = try XCTUnwrap(record["figures"] as? [String: Double])
    XCTAssertEqual(figures["perfect"], 3, "\(figures)")
    XCTAssertEqual(figures["missed"], 1, "\(figures)")
    XCTAssertEqual(figures["extra"], 0, "\(figures)")
    XCTAssertEqual(figures["meanOffsetMs"] ?? 99, 10, accuracy: 0.01, "0, 30 and 0 ms")
  }

  func testRawMIDIFromAFIFOIsTakenAsItArrives() throws {
    try woodshed.writeSettings(
      #"{"version": 1, "rhythm": {"bpm": 60, "bars": 1, "input": "midi", "line": ["quarter", "quarter", "quarter", "quarter"]}}"#
    )
    let fifo = woodshed.home.appendingPathComponent("midi.fifo")
    XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
    let writer = Thread {
      // A writer that comes once the trainer listens, sends four pad hits a second apart in
      // running status with a clock byte between, and leaves.
      guard let handle = FileHandle(forWritingAtPath: fifo.path) else { return }
      Thread.sleep(forTimeInterval: 4)
      handle.write(Data([0x99, 38, 100]))
      for _ in 0..<3 {
        Thread.sleep(forTimeInterval: 1)
        handle.write(Data([0xF8, 38, 90]))
      }
      try? handle.close()
    }
    writer.start()
    try runTheTrainer(midiIn: fifo.path)
    let figures = try XCTUnwrap(lastRecord()["figures"] as? [String: Double])
    let hits = ["perfect", "good", "inaccurate", "extra"].compactMap { figures[$0] }
    XCTAssertEqual(hits.reduce(0, +), 4, "every pad hit arrived: \(figures)")
  }
}
