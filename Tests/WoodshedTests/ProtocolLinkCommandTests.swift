import Foundation
import XCTest

/// `woodshed protocol link`: a recorder's folder of Broadcast WAV files matched to the takes of
/// a journal whose lines were written on a clock an hour ahead of UTC.
final class ProtocolLinkCommandTests: XCTestCase {
  private var woodshed: WoodshedProcess!
  private var recorder: URL!

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
    recorder = woodshed.home.appendingPathComponent("SD card")
    try FileManager.default.createDirectory(at: recorder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    woodshed.remove()
  }

  private var journal: URL {
    woodshed.home.appendingPathComponent("data/protocols/brahms/journal.jsonl")
  }

  private func protocolCommand(_ arguments: [String]) throws -> (
    status: Int32, output: String, error: String
  ) {
    try woodshed.run(["protocol"] + arguments)
  }

  /// Takes at 10:00, 10:05, 10:10 and 10:20 local time on 2027-01-15 (UTC+1).
  private func writeJournal() throws {
    XCTAssertEqual(try protocolCommand(["new", "brahms"]).status, 0)
    let lines = [
      ("08:59:00.000", "mvt 1: 1-40"), ("09:00:00.000", "take"), ("09:05:00.000", "take"),
      ("09:10:00.000", "take"), ("09:20:00.000", "take"),
    ]
    let text = lines.map {
      "{\"at\":\"2027-01-15T\($0.0)Z\",\"by\":\"producer\",\"line\":\"\($0.1)\",\"utcOffset\":\"+01:00\"}\n"
    }.joined()
    try Data(text.utf8).write(to: journal)
  }

  /// A 48 kHz mono 16-bit file whose bext says it starts at `start` seconds after local
  /// midnight of 2027-01-15 and lasts `seconds`; `bextSize` shortens the chunk to damage it.
  private func writeRecording(
    _ name: String, start: Int, seconds: Int, bextSize: Int = 602, bext: Bool = true
  ) throws {
    func le(_ value: UInt64, _ bytes: Int) -> [UInt8] {
      (0..<bytes).map { UInt8((value >> (8 * UInt64($0))) & 0xFF) }
    }
    func text(_ value: String, _ width: Int) -> [UInt8] {
      Array(value.utf8) + Array(repeating: 0, count: width - value.utf8.count)
    }
    let rate: UInt64 = 48_000
    var bextBody =
      text("Brahms", 256) + text("Recorder", 32) + text("", 32) + text("2027-01-15", 10)
      + text("10:00:00", 8) + le(UInt64(start) * rate, 8) + le(1, 2)
    bextBody += Array(repeating: 0, count: max(0, bextSize - bextBody.count))
    bextBody = Array(bextBody.prefix(bextSize))
    let audio = [UInt8](repeating: 0, count: seconds * Int(rate) * 2)
    var chunks: [UInt8] = Array("WAVE".utf8)
    if bext { chunks += Array("bext".utf8) + le(UInt64(bextBody.count), 4) + bextBody }
    chunks +=
      Array("fmt ".utf8) + le(16, 4) + le(1, 2) + le(1, 2) + le(rate, 4)
      + le(rate * 2, 4) + le(2, 2) + le(16, 2)
    chunks += Array("data".utf8) + le(UInt64(audio.count), 4) + audio
    let file = Array("RIFF".utf8) + le(UInt64(chunks.count), 4) + chunks
    try Data(file).write(to: recorder.appendingPathComponent(name))
  }

  func testLinkNamesEachTakesFileOnceAndSaysWhatIsLeft() throws {
    try writeJournal()
    let ten = 10 * 3600
    try writeRecording("T001.WAV", start: ten + 3, seconds: 200)
    try writeRecording("T002.WAV", start: ten + 310, seconds: 240)
    try writeRecording("T003.wav", start: ten + 602, seconds: 70)
    try writeRecording("T004.WAV", start: 12 * 3600, seconds: 20)
    try writeRecording("PLAIN.WAV", start: 0, seconds: 1, bext: false)
    try writeRecording("BROKEN.WAV", start: ten, seconds: 1, bextSize: 100)
    try Data("not audio".utf8).write(to: recorder.appendingPathComponent("notes.txt"))
    let before = try Data(contentsOf: journal)

    let expected = """
      take  file      overlap
      1     T001.WAV  200.0 s
      2     T002.WAV  240.0 s
      3     T003.wav  70.0 s
      takes without a file: 4
      files without a take: T004.WAV

      """
    let dry = try protocolCommand(["link", "brahms", recorder.path, "--dry-run"])
    XCTAssertEqual(dry.status, 0, dry.error)
    XCTAssertEqual(dry.output, expected + "dry run: nothing written\n")
    XCTAssertEqual(
      dry.error.split(separator: "\n"),
      [
        "warning: BROKEN.WAV: WAV file's bext chunk is 100 bytes; a Broadcast WAV's holds at "
          + "least 348",
        "warning: PLAIN.WAV: no bext chunk, so no time of day (not a Broadcast WAV file)",
      ])
    XCTAssertEqual(try Data(contentsOf: journal), before, "a dry run writes nothing")

    let linked = try protocolCommand(["link", "brahms", recorder.path, "--as", "assistant"])
    XCTAssertEqual(linked.status, 0, linked.error)
    XCTAssertEqual(linked.output, expected)
    let written = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
      .suffix(3).map {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
      }
    XCTAssertEqual(
      written.map { $0["line"] as? String },
      ["file T001.WAV take 1", "file T002.WAV take 2", "file T003.wav take 3"])
    XCTAssertEqual(written.map { $0["by"] as? String }, ["assistant", "assistant", "assistant"])
    XCTAssertEqual(written.map { $0["joinsPrevious"] as? Bool }, [nil, true, true], "one action")
    let csv = try protocolCommand(["export", "brahms", "--format", "csv"]).output
    XCTAssertTrue(csv.contains(",T002.WAV,,,"), csv)

    let again = try protocolCommand(["link", "brahms", recorder.path])
    XCTAssertEqual(
      again.output,
      "no take matched a file\ntakes without a file: 4\nfiles without a take: T004.WAV\n"
        + "takes linked before: 3\n", "linking again links only what is new")
    let undo = try protocolCommand(["add", "brahms", "undo", "--as", "assistant"])
    XCTAssertEqual(undo.status, 0, undo.error)
    XCTAssertFalse(
      try protocolCommand(["export", "brahms", "--format", "csv"]).output.contains(".WAV"),
      "undo takes the whole link back")
  }

  func testAFolderThatIsNotThereIsOneLine() throws {
    try writeJournal()
    let missing = try protocolCommand(["link", "brahms", recorder.path + "/nowhere"])
    XCTAssertNotEqual(missing.status, 0)
    XCTAssertEqual(missing.error, "Error: cannot list the folder \(recorder.path)/nowhere\n")
    let tolerance = try protocolCommand(["link", "brahms", recorder.path, "--tolerance", "soon"])
    XCTAssertEqual(tolerance.error, "Error: --tolerance is a number of seconds from 0 to 3600\n")
  }
}
