import Foundation
import ListeningEval
import XCTest

/// `woodshed rhythm`: a recorded or tapped performance graded as the trainer grades one live.
final class RhythmCommandTests: XCTestCase {
  private var woodshed: WoodshedProcess!

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
  }

  override func tearDown() {
    woodshed.remove()
  }

  private func json(_ output: String) throws -> [String: Any] {
    try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
  }

  /// 90 BPM, clicks from 0.5 s, four clicks of count-in: the line starts at 3.1667 s. One bar of
  /// quarter, two eighths, triplet, rest. A quarter's window is 667 ms: perfect within 100 ms,
  /// good 200, inaccurate 333; an eighth's is half that, a triplet's a third.
  private let beat = 60.0 / 90
  private var firstBeat: Double { 0.5 + 4 * beat }

  func testAScriptedPerformanceThroughTheMicrophonePathGetsExactlyItsGrades() throws {
    let rate = 48_000
    // Offsets from each note, in seconds; nil leaves the note unplayed.
    let notes: [(time: Double, offset: Double?)] = [
      (firstBeat, 0.012),  // quarter: perfect
      (firstBeat + beat, -0.070),  // eighth (333 ms): good, between 50 and 100 ms
      (firstBeat + 1.5 * beat, nil),  // eighth: missed
      (firstBeat + 2 * beat, 0.004),  // triplet: perfect
      (firstBeat + 2 * beat + beat / 3, 0.085),  // triplet (222 ms): inaccurate, 66.7 to 111 ms
      (firstBeat + 2 * beat + 2 * beat / 3, -0.020),  // triplet: perfect, within 33 ms
    ]
    let extra = firstBeat + 3 * beat + 0.02  // on the rest: an extra hit
    let hits = notes.compactMap { note in note.offset.map { note.time + $0 } } + [extra]
    var samples = TestSignals.claps(at: hits, rate: rate, length: firstBeat + 4 * beat + 0.5)
    // The metronome bleeding into the microphone on every click: not hits.
    for click in 0..<8 {
      let start = Int((0.5 + Double(click) * beat) * Double(rate))
      for index in 0..<240 {
        let phase = 2 * Double.pi * 2_000 * Double(index) / Double(rate)
        samples[start + index] += Float(0.3 * sin(phase) * exp(-Double(index) / 60))
      }
    }
    let file = try woodshed.wav("take.wav", rate: rate, samples: samples)
    let result = try woodshed.run([
      "rhythm", "--audio-in", file.path, "--bpm", "90", "--patterns",
      "quarter eighths triplet rest",
      "--bars", "1", "--first-click", "0.5", "--json",
    ])
    XCTAssertEqual(result.status, 0, result.error)
    let report = try json(result.output)
    let graded = try XCTUnwrap(report["notes"] as? [[String: Any]])
    XCTAssertEqual(
      graded.map { $0["grade"] as? String },
      ["perfect", "good", "miss", "perfect", "inaccurate", "perfect"], result.output)
    XCTAssertTrue(graded[2]["hit"] is NSNull, "a missed note has no hit")
    for (note, truth) in zip(graded, notes) {
      XCTAssertEqual(note["expected"] as? Double ?? 0, truth.time, accuracy: 0.0001)
      if let offset = truth.offset {
        XCTAssertEqual((note["offsetMs"] as? Double ?? 0) / 1000, offset, accuracy: 0.005)
      }
    }
    let extras = try XCTUnwrap(report["extra"] as? [[String: Any]])
    XCTAssertEqual(extras.count, 1, result.output)
    XCTAssertEqual(extras.first?["time"] as? Double ?? 0, extra, accuracy: 0.005)
    XCTAssertEqual(
      report["counts"] as? [String: Int],
      ["perfect": 3, "good": 1, "inaccurate": 1, "missed": 1, "extra": 1])
    // (3 perfect + 1 good) of (4 + 1 missed + 1 extra); the inaccurate hit counts in neither.
    XCTAssertEqual(report["accuracy"] as? Double, 66.7)
    XCTAssertEqual(report["durationSeconds"] as? Double ?? 0, 8 * beat, accuracy: 0.05)
  }

  func testTapTimesAreGradedTheSameWayAndTheResultsPrintAsAScreen() throws {
    let taps = woodshed.home.appendingPathComponent("taps.txt")
    // Two bars of quarters at 60 BPM from 1 s, no count-in: one late by 200 ms, one missed.
    try Data("1.0\n2.2\n\n3.0\n5.0\n6.0\n7.0\n8.0\n".utf8).write(to: taps)
    let result = try woodshed.run([
      "rhythm", "--taps", taps.path, "--bpm", "60", "--patterns", "quarter", "--bars", "2",
      "--count-in", "0", "--first-click", "1", "--glyphs", "ascii",
    ])
    XCTAssertEqual(result.status, 0, result.error)
    XCTAssertTrue(result.output.contains("Accuracy 87.5 %"), result.output)
    XCTAssertTrue(
      result.output.contains("Perfect 6   Good 1   Inaccurate 0   Missed 1"), result.output)
    XCTAssertTrue(result.output.contains("Training time 0:08"), result.output)
  }

  func testAMIDIPerformanceIsGradedExactlyAsItsTimesSay() throws {
    // The same two bars as the taps above, played on a pad: one note-on 200 ms late, one
    // missing; the note-offs between them are no hits.
    let times = [1000, 2200, 3000, 5000, 6000, 7000, 8000]
    let notes =
      times.map { MIDIFile.Note(millisecond: $0, length: 90, key: 38, velocity: 100) }
    let take = woodshed.home.appendingPathComponent("take.mid")
    try Data(MIDIFile(channel: 9, program: 0, notes: notes).bytes).write(to: take)
    let result = try woodshed.run([
      "rhythm", "--midi-in", take.path, "--bpm", "60", "--patterns", "quarter", "--bars", "2",
      "--count-in", "0", "--first-click", "1", "--json",
    ])
    XCTAssertEqual(result.status, 0, result.error)
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    XCTAssertEqual(report["accuracy"] as? Double, 87.5)
    let graded = try XCTUnwrap(report["notes"] as? [[String: Any]])
    let offsets = graded.compactMap { $0["offsetMs"] as? Double }
    XCTAssertEqual(offsets, [0, 200, 0, 0, 0, 0, 0])
  }

  func testHalfNotesAndATieAreGradedOnTheirOnsets() throws {
    // Half note, then eighth, quarter tied over the beat, eighth; two bars at 60 BPM from 1 s.
    // The onsets: 1 (half), 3, 3.5, 4.5, then 5 (half), 7, 7.5, 8.5. A tap at 4 s, on the beat
    // the tie holds over, is one too many; the second half note 350 ms late is inaccurate,
    // judged as a quarter is rather than on its 2 s.
    let taps = woodshed.home.appendingPathComponent("taps.txt")
    try Data("1.0\n3.0\n3.5\n4.0\n4.5\n5.35\n7.0\n7.5\n8.5\n".utf8).write(to: taps)
    let arguments = [
      "rhythm", "--taps", taps.path, "--bpm", "60", "--patterns", "half tied-syncopation",
      "--bars", "2", "--count-in", "0", "--first-click", "1",
    ]
    let result = try woodshed.run(arguments + ["--json"])
    XCTAssertEqual(result.status, 0, result.error)
    XCTAssertEqual(result.error, "", "the line fills its bars")
    let report = try json(result.output)
    let graded = try XCTUnwrap(report["notes"] as? [[String: Any]])
    XCTAssertEqual(
      graded.compactMap { $0["expected"] as? Double }, [1, 3, 3.5, 4.5, 5, 7, 7.5, 8.5])
    XCTAssertEqual(
      graded.compactMap { $0["grade"] as? String },
      ["perfect", "perfect", "perfect", "perfect", "inaccurate", "perfect", "perfect", "perfect"])
    XCTAssertEqual(report["extra"] as? [[String: Double]], [["time": 4]])
    XCTAssertEqual(report["accuracy"] as? Double, 87.5)
    let text = try woodshed.run(arguments + ["--glyphs", "ascii"])
    XCTAssertTrue(
      text.output.contains("Perfect 7   Good 0   Inaccurate 1   Missed 0   Extra hits 1"),
      text.output)
  }

  func testALineThatDoesNotFillItsBarsIsToldNotCut() throws {
    // Quarter, half: the second half note would cross the bar line at the end of the one bar,
    // so it is not played, and the player is told.
    let taps = woodshed.home.appendingPathComponent("taps.txt")
    try Data("1.0\n2.0\n4.0\n".utf8).write(to: taps)
    let result = try woodshed.run([
      "rhythm", "--taps", taps.path, "--bpm", "60", "--patterns", "quarter half", "--bars", "1",
      "--count-in", "0", "--first-click", "1", "--json",
    ])
    XCTAssertEqual(result.status, 0, result.error)
    XCTAssertTrue(
      result.error.contains(
        "Times through the line: 1, then its first 1 of 2 patterns"),
      result.error)
    let report = try json(result.output)
    XCTAssertEqual(
      (report["notes"] as? [[String: Any]])?.compactMap { $0["expected"] as? Double }, [1, 2, 4])
    XCTAssertEqual(report["accuracy"] as? Double, 100)
  }

  func testBadInputGivesOneLineAndFails() throws {
    let taps = woodshed.home.appendingPathComponent("taps.txt")
    try Data("1.0\nsoon\n".utf8).write(to: taps)
    let cases: [([String], String)] = [
      (
        ["--taps", taps.path, "--bpm", "90", "--patterns", "quarter"],
        "taps.txt line 2: \"soon\" is not a time in seconds"
      ),
      (
        ["--taps", taps.path, "--bpm", "300", "--patterns", "quarter"],
        "--bpm must be between 40 and 160"
      ),
      (
        ["--taps", taps.path, "--bpm", "90", "--patterns", "quarter waltz"],
        "no rhythm pattern \"waltz\""
      ),
      (
        ["--bpm", "90", "--patterns", "quarter"],
        "give one of --audio-in FILE.wav, --midi-in FILE.mid and --taps FILE"
      ),
      (
        ["--midi-in", taps.path, "--bpm", "90", "--patterns", "quarter"],
        "taps.txt: not a Standard MIDI File (no MThd header)"
      ),
      (["--audio-in", taps.path, "--bpm", "90", "--patterns", "quarter"], "taps.txt"),
      (
        ["--taps", "/dev/null", "--bpm", "90", "--patterns", "quarter"],
        "cannot read null: it is a device, not a regular file"
      ),
      (
        ["--taps", taps.path, "--bpm", "90", "--patterns", "quarter", "--count-in", "-5"],
        "--count-in must be between 0 and 16 clicks"
      ),
      (
        ["--taps", taps.path, "--bpm", "-90", "--patterns", "quarter"],
        "--bpm must be between 40 and 160"
      ),
      (
        ["--taps", taps.path, "--bpm", "90", "--patterns", "quarter", "--first-click", "1e300"],
        "--first-click must be between 0 and 86400 seconds"
      ),
      (["--taps", woodshed.home.path, "--bpm", "90", "--patterns", "quarter"], ": Is a directory"),
      (
        ["--audio-in", "/dev/urandom", "--bpm", "90", "--patterns", "quarter"],
        "could not read urandom: it is a device, not a regular file"
      ),
    ]
    for (arguments, message) in cases {
      let result = try woodshed.run(["rhythm"] + arguments)
      XCTAssertNotEqual(result.status, 0, "\(arguments)")
      XCTAssertTrue(result.error.contains(message), "\(arguments): \(result.error)")
      XCTAssertEqual(result.error.split(separator: "\n").count, 1, result.error)
      XCTAssertEqual(result.output, "")
    }
  }
}
