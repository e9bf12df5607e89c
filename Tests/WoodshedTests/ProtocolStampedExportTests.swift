import Foundation
import XCTest

/// The recorder's timecode through the binary: `protocol export` gives a stamped take the
/// recorder's length and place, whatever the box's clock said.
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
}
