import CLTC
import Foundation
import ListeningEval
import TerminalHarness
import XCTest

/// `woodshed protocol live --ltc-in` and `--mtc-in`: each take logged in the live room gets the
/// recorder's timecode, read from its LTC or its MIDI Time Code as it plays, not the box's
/// clock.
final class ProtocolTimecodeTests: XCTestCase {
  private var woodshed: WoodshedProcess!

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
  }

  override func tearDown() {
    woodshed.remove()
  }

  /// The journal's entries: line, time, whether it was entered with the one before, and the
  /// recorder's timecode it was stamped with.
  private func journal() throws -> [(line: String, at: Date, joins: Bool, tc: String?)] {
    let text = try String(
      contentsOf: woodshed.home.appendingPathComponent("data/protocols/brahms/journal.jsonl"),
      encoding: .utf8)
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return try text.split(separator: "\n").map { line in
      let object = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return (
        try XCTUnwrap(object["line"] as? String),
        try XCTUnwrap(formatter.date(from: try XCTUnwrap(object["at"] as? String))),
        object["joinsPrevious"] as? Bool ?? false,
        object["tc"] as? String
      )
    }
  }

  /// Seconds since 10:00:00:00 of a `tc 10:MM:SS:FF` line at 25 fps.
  private func seconds(ofTimecodeLine line: String) throws -> Double {
    let fields = try XCTUnwrap(line.split(separator: " ").last).split(separator: ":").compactMap {
      Int($0)
    }
    XCTAssertEqual(fields.count, 4, line)
    return Double((fields[0] - 10) * 3600 + fields[1] * 60 + fields[2]) + Double(fields[3]) / 25
  }

  func testEachTakeInTheLiveRoomGetsTheRecordersTimecode() throws {
    let samples = try LTCSignals.encoded(
      fps: 25, standard: LTC_TV_625_50, dropFrame: false, start: [10, 0, 0, 0], frames: 25 * 20)
    let file = try woodshed.wav("ltc.wav", rate: 48_000, samples: samples)
    try logTwoTakes(reading: ["--ltc-in", file.path], kind: "LTC")
  }

  func testEachTakeGetsTheRecordersMIDITimecode() throws {
    let file = woodshed.home.appendingPathComponent("mtc.mid")
    try Data(
      MIDITimecodeFile(rateCode: 1, start: [10, 0, 0, 0], frames: 25 * 20, frameSeconds: 0.04)
        .bytes
    ).write(to: file)
    try logTwoTakes(reading: ["--mtc-in", file.path], kind: "MTC")
  }

  /// Logs two takes 2 s apart in the live room, a mark and an end in the second, the
  /// recorder's timecode read with `options` (10:00:00:00 on, at 25 fps), and checks each take
  /// got it and every line was stamped with it.
  private func logTwoTakes(reading options: [String], kind: String) throws {
    XCTAssertEqual(try woodshed.run(["protocol", "new", "brahms"]).status, 0)
    XCTAssertEqual(
      try woodshed.run(["protocol", "movement", "brahms", "mvt 1: 1-40"]).status, 0)
    let terminal = try woodshed.startInTerminal(
      arguments: ["protocol", "live", "brahms"] + options)
    XCTAssertTrue(
      terminal.waitForOutput(containing: "1–40", timeout: .seconds(10)), terminal.output)
    // The line under the heading says the recorder's timecode once it comes.
    XCTAssertTrue(
      terminal.waitForOutput(containing: " ppm)", timeout: .seconds(3)),
      String(terminal.output.suffix(600)))
    // Drawn over what was there: the kind stays, the timecode replaces "no timecode".
    let shown = String(terminal.output.suffix(600))
    XCTAssertTrue(shown.contains("\(kind): no timecode") && shown.contains(" 10:00:00:"), shown)
    Thread.sleep(forTimeInterval: 0.5)
    terminal.send("take\r")
    Thread.sleep(forTimeInterval: 2)
    terminal.send("take\r")
    Thread.sleep(forTimeInterval: 0.5)
    terminal.send("12 i\r")
    Thread.sleep(forTimeInterval: 0.5)
    terminal.send("end 40\r")
    Thread.sleep(forTimeInterval: 0.5)
    terminal.send("\u{1b}")
    terminal.send("\u{1b}")
    terminal.send("q")
    XCTAssertEqual(terminal.waitForExit(timeout: .seconds(5)), 0)
    let entries = try journal()
    XCTAssertEqual(entries.map(\.line).count, 7, "\(entries.map(\.line))")
    let stamps = entries.filter { $0.line.hasPrefix("tc ") }
    let takes = entries.filter { $0.line == "take" }
    XCTAssertEqual(stamps.count, 2, "\(entries.map(\.line))")
    XCTAssertEqual(takes.map(\.joins), [true, true], "each tc entered with its take")
    // The recorder's clock and the box's agree here: between the takes, the timecode ran as
    // long as the journal says, to a frame or two.
    let recorder =
      try seconds(ofTimecodeLine: stamps[1].line)
      - seconds(ofTimecodeLine: stamps[0].line)
    let box = takes[1].at.timeIntervalSince(takes[0].at)
    XCTAssertEqual(recorder, box, accuracy: 0.09, "\(stamps.map(\.line))")
    XCTAssertGreaterThan(try seconds(ofTimecodeLine: stamps[0].line), 1, stamps[0].line)
    // Every line typed in the live room carries the recorder's timecode: a take's is its tc
    // line's, and the mark and the end came later by the recorder as by the box.
    let typed = entries.filter { !$0.line.hasPrefix("mvt") }
    XCTAssertEqual(typed.filter { $0.tc == nil }.map(\.line), [], "every line stamped")
    for entry in typed where entry.line.hasPrefix("tc ") || entry.line == "take" {
      let stamp = try XCTUnwrap(entry.tc)
      XCTAssertTrue(stamps.contains { $0.line == "tc " + stamp }, "\(entry.line): \(stamp)")
    }
    let end = try XCTUnwrap(entries.last)
    XCTAssertEqual(end.line, "end 40")
    XCTAssertEqual(
      try seconds(ofTimecodeLine: "tc " + XCTUnwrap(end.tc))
        - seconds(ofTimecodeLine: stamps[1].line),
      end.at.timeIntervalSince(takes[1].at), accuracy: 0.09, "\(entries.map(\.tc))")
    // The exports carry the recorder's timecode as the take's.
    let csv = try woodshed.run(["protocol", "export", "brahms", "--format", "csv"])
    XCTAssertTrue(
      csv.output.contains(String(stamps[0].line.dropFirst(3))), "\(csv.output)")
    // ...and the second take's end and mark at the moments their lines were stamped.
    let mark = try XCTUnwrap(entries.first { $0.line == "12 i" }?.tc)
    XCTAssertTrue(
      csv.output.contains(",#1,,,\(try XCTUnwrap(end.tc)),\(mark)\r\n"), "\(csv.output)")
  }

  func testATimecodeFileThatCannotBeReadIsOneLine() throws {
    XCTAssertEqual(try woodshed.run(["protocol", "new", "brahms"]).status, 0)
    let missing = woodshed.home.appendingPathComponent("no.wav").path
    for options in [["--ltc-in", missing], ["--mtc-in", missing]] {
      let result = try woodshed.run(["protocol", "live", "brahms"] + options)
      XCTAssertNotEqual(result.status, 0)
      XCTAssertTrue(result.error.hasPrefix("Error: timecode input: "), result.error)
      XCTAssertEqual(result.error.filter { $0 == "\n" }.count, 1, result.error)
    }
    let both = try woodshed.run(
      ["protocol", "live", "brahms", "--ltc-in", missing, "--mtc-in", missing])
    XCTAssertNotEqual(both.status, 0)
    XCTAssertTrue(
      both.error.contains("read the timecode from LTC or from MIDI Time Code, not both"),
      both.error)
  }
}
