import CLTC
import Foundation
import ListeningEval
import XCTest

/// The recorder's timecode through the binary: `protocol add --ltc-in/--mtc-in` stamps the line
/// it adds as `protocol live` does, and `protocol export` gives a stamped take the recorder's
/// length and place, whatever the box's clock said.
final class ProtocolStampedExportTests: XCTestCase {
  private var woodshed: WoodshedProcess!

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
    XCTAssertEqual(try woodshed.run(["protocol", "new", "brahms"]).status, 0)
    XCTAssertEqual(
      try woodshed.run(["protocol", "movement", "brahms", "mvt 1: 1-20 4/4@q=120"]).status, 0)
  }

  override func tearDown() {
    woodshed.remove()
  }

  private var journalURL: URL {
    woodshed.home.appendingPathComponent("data/protocols/brahms/journal.jsonl")
  }

  /// The journal's lines with the recorder's timecode each was stamped with.
  private func journal() throws -> [(line: String, joins: Bool, tc: String?)] {
    try String(contentsOf: journalURL, encoding: .utf8).split(separator: "\n").map { line in
      let object = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return (
        try XCTUnwrap(object["line"] as? String), object["joinsPrevious"] as? Bool ?? false,
        object["tc"] as? String
      )
    }
  }

  /// Two takes logged live on a box whose clock ran apart from the recorder's: take 1 lasted
  /// 30 s by the box and 20 s by the recorder, and take 2 began 3600 s later by the box and
  /// 3598 s by the recorder.
  private func appendDriftingTakes() throws {
    func entry(_ at: String, _ line: String, tc: String, joins: Bool = false) -> String {
      "{\"at\":\"2027-01-15T\(at).000Z\"," + (joins ? "\"joinsPrevious\":true," : "")
        + "\"line\":\"\(line)\",\"tc\":\"\(tc)\",\"utcOffset\":\"+00:00\"}\n"
    }
    let lines = [
      entry("09:00:10", "tc 10:00:10:00", tc: "10:00:10:00"),
      entry("09:00:10", "take", tc: "10:00:10:00", joins: true),
      entry("09:00:40", "end 20", tc: "10:00:30:00"),
      entry("10:00:10", "tc 11:00:08:00", tc: "11:00:08:00"),
      entry("10:00:10", "take", tc: "11:00:08:00", joins: true),
      entry("10:00:50", "end 20", tc: "11:00:28:00"),
    ]
    let handle = try FileHandle(forWritingTo: journalURL)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(lines.joined().utf8))
    try handle.close()
  }

  func testTheTakeSheetsGiveTheRecordersLength() throws {
    try appendDriftingTakes()
    let markdown = try woodshed.run(["protocol", "export", "brahms", "--format", "md"])
    XCTAssertEqual(markdown.status, 0, markdown.error)
    let rows = markdown.output.split(separator: "\n").filter {
      $0.hasPrefix("| 1 ") || $0.hasPrefix("| 2 ")
    }
    XCTAssertEqual(rows.count, 2, markdown.output)
    // Began, Ended, Length: 30 s and 40 s apart on the box's clock, 20 s on the recorder.
    XCTAssertTrue(rows[0].contains("| 09:00:10 | 09:00:40 | 0:20 |"), markdown.output)
    XCTAssertTrue(rows[1].contains("| 10:00:10 | 10:00:50 | 0:20 |"), markdown.output)
    let html = try woodshed.run(["protocol", "export", "brahms", "--format", "html"])
    XCTAssertTrue(
      html.output.contains("<td>09:00:10</td><td>09:00:40</td><td>0:20</td>"), html.output)
  }

  func testTheTimelinesPlaceTheTakesByTheRecorder() throws {
    try appendDriftingTakes()
    let labels = try woodshed.run(["protocol", "export", "brahms", "--format", "audacity"])
    XCTAssertEqual(labels.status, 0, labels.error)
    XCTAssertEqual(
      labels.output,
      "0.000000\t20.000000\ttake 1 bars 1–20\n3598.000000\t3618.000000\ttake 2 bars 1–20\n")
  }

  func testAddStampsItsLineWithTheRecordersLTC() throws {
    let samples = try LTCSignals.encoded(
      fps: 25, standard: LTC_TV_625_50, dropFrame: false, start: [10, 0, 0, 0], frames: 25 * 10)
    let file = try woodshed.wav("ltc.wav", rate: 48_000, samples: samples)
    try addStamped(reading: ["--ltc-in", file.path])
  }

  func testAddStampsItsLineWithTheRecordersMTC() throws {
    let file = woodshed.home.appendingPathComponent("mtc.mid")
    try Data(
      MIDITimecodeFile(rateCode: 1, start: [10, 0, 0, 0], frames: 25 * 10, frameSeconds: 0.04)
        .bytes
    ).write(to: file)
    try addStamped(reading: ["--mtc-in", file.path])
  }

  /// A take added with the timecode file gets a `tc` line of it entered with it, both stamped;
  /// a mark added with it is stamped; a line added without stays unstamped, as before.
  private func addStamped(reading options: [String]) throws {
    for line in ["take", "12 i"] {
      let added = try woodshed.run(["protocol", "add", "brahms", line] + options)
      XCTAssertEqual(added.status, 0, added.error)
      XCTAssertEqual(added.error, "")
    }
    XCTAssertEqual(try woodshed.run(["protocol", "add", "brahms", "end 20"]).status, 0)
    let entries = try journal().dropFirst()
    XCTAssertEqual(entries.map(\.line).count, 4, "\(entries)")
    let (tc, take, mark, end) = (entries[1], entries[2], entries[3], entries[4])
    XCTAssertTrue(tc.line.hasPrefix("tc 10:00:0"), tc.line)
    XCTAssertEqual(take.line, "take")
    XCTAssertTrue(take.joins)
    // The file plays from its start for each command: its first frames, read within a second.
    let stamp = try XCTUnwrap(take.tc)
    XCTAssertEqual(tc.line, "tc " + stamp)
    XCTAssertEqual(tc.tc, stamp)
    XCTAssertEqual(mark.line, "12 i")
    XCTAssertTrue(try XCTUnwrap(mark.tc).hasPrefix("10:00:00:"), "\(mark)")
    XCTAssertEqual(end.line, "end 20")
    XCTAssertNil(end.tc)
    let csv = try woodshed.run(["protocol", "export", "brahms", "--format", "csv"])
    XCTAssertTrue(csv.output.contains(",\(stamp),"), csv.output)
    XCTAssertTrue(csv.output.contains(",,\(try XCTUnwrap(mark.tc))\r\n"), csv.output)
  }

  /// Silence for a timecode: after 3 s the line is added without a stamp, and a warning says
  /// no LTC came.
  func testAddWithoutATimecodeComingAddsTheLineAndSaysSo() throws {
    let file = try woodshed.wav(
      "silence.wav", rate: 48_000, samples: Array(repeating: 0, count: 48_000 * 5))
    let added = try woodshed.run(["protocol", "add", "brahms", "take", "--ltc-in", file.path])
    XCTAssertEqual(added.status, 0, added.error)
    XCTAssertTrue(added.error.contains("no LTC came from silence.wav in 3 s"), added.error)
    let entries = try journal()
    XCTAssertEqual(entries.last?.line, "take")
    XCTAssertNil(entries.last?.tc)
  }
}
