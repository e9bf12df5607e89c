import Foundation
import Glibc
import Synchronization
import TerminalHarness
import XCTest

/// `woodshed protocol add --osc`: the takes and marks of a session reach a real OSC receiver,
/// liblo's `oscdump`, as the DAW patterns have them, in order and as the lines are entered.
final class ProtocolOSCTests: XCTestCase {
  private var woodshed: WoodshedProcess!

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
  }

  override func tearDown() {
    woodshed.remove()
  }

  /// `oscdump` listening on a free port, and each line it printed with when it arrived.
  private final class Dump {
    let process = Process()
    let port: Int
    private let log = Log()

    /// The lines, and what came after the last whole one.
    private final class Log: Sendable {
      let lines = Mutex<[(text: String, at: Date)]>([])
      private let pending = Mutex("")

      func take(_ text: String, at now: Date) {
        let complete = pending.withLock { buffer -> [String] in
          buffer += text
          var parts = buffer.split(separator: "\n", omittingEmptySubsequences: false)
          buffer = String(parts.removeLast())
          return parts.map(String.init)
        }
        lines.withLock { $0 += complete.map { ($0, now) } }
      }
    }

    init(port: Int) throws {
      self.port = port
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["oscdump", "-L", "\(port)"]
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      output.fileHandleForReading.readabilityHandler = { [log] handle in
        log.take(String(decoding: handle.availableData, as: UTF8.self), at: Date())
      }
      try process.run()
    }

    /// Each message as `oscdump` printed it, without the time tag it begins with, and that
    /// time: when the message arrived, on the system clock (NTP's, seconds since 1900).
    var received: [(text: String, at: Date)] {
      log.lines.withLock { $0 }.map { line in
        let words = line.text.split(separator: " ", maxSplits: 1)
        let tag = words.first?.split(separator: ".").compactMap { UInt64($0, radix: 16) } ?? []
        guard words.count == 2, tag.count == 2 else { return line }
        let seconds = Double(tag[0]) - 2_208_988_800 + Double(tag[1]) / 4_294_967_296
        return (String(words[1]), Date(timeIntervalSince1970: seconds))
      }
    }

    func waitFor(_ count: Int) -> Bool {
      for _ in 0..<100 where received.count < count { Thread.sleep(forTimeInterval: 0.05) }
      return received.count >= count
    }

    func stop() {
      process.terminate()
      process.waitUntilExit()
    }
  }

  /// Starts `oscdump` on a port nobody holds: one it could bind keeps it running.
  private func startDump() throws -> Dump {
    for port in (41_000...41_400).shuffled().prefix(20) {
      let dump = try Dump(port: port)
      Thread.sleep(forTimeInterval: 0.3)
      if dump.process.isRunning { return dump }
    }
    XCTFail("oscdump did not keep running on any port tried: install liblo-tools (make test-deps)")
    throw CancellationError()
  }

  private func add(_ line: String, osc port: Int, style: String) throws {
    let result = try woodshed.run(
      ["protocol", "add", "brahms", line, "--osc", "127.0.0.1:\(port)", "--osc-style", style])
    XCTAssertEqual(result.status, 0, "\(line): \(result.error)")
  }

  /// The journal's entry times, in order.
  private func journalTimes() throws -> [Date] {
    let journal = try String(
      contentsOf: woodshed.home.appendingPathComponent("data/protocols/brahms/journal.jsonl"),
      encoding: .utf8)
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return try journal.split(separator: "\n").map { line in
      let object = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return try XCTUnwrap(formatter.date(from: try XCTUnwrap(object["at"] as? String)))
    }
  }

  func testEveryCueOfTheJournalReachesArdourAsANamedMarkerInOrderAsTheLineIsEntered() throws {
    let dump = try startDump()
    defer { dump.stop() }
    XCTAssertEqual(try woodshed.run(["protocol", "new", "brahms"]).status, 0)
    XCTAssertEqual(
      try woodshed.run(["protocol", "movement", "brahms", "mvt 1: 0-40 A=12 3/4@q=120"]).status, 0)
    XCTAssertEqual(try woodshed.run(["protocol", "add", "brahms", "parts vn vla vc"]).status, 0)
    let lines = ["take", "0-20 ++", "25.3 vla i G", "end 40", "take @A", "false", "note noisy"]
    for line in lines { try add(line, osc: dump.port, style: "ardour") }
    let expected = [
      #"/add_marker s "take 1 bar 0""#,
      #"/add_marker s "take 1 bars 0–20 ++""#,
      #"/add_marker s "take 1 bar 25.3 vla i G""#,
      #"/add_marker s "take 1 end bar 40""#,
      #"/add_marker s "take 2 bar 12""#,
      #"/add_marker s "take 2 false start""#,
    ]
    XCTAssertTrue(dump.waitFor(expected.count), "\(dump.received)")
    Thread.sleep(forTimeInterval: 0.2)
    let received = dump.received
    XCTAssertEqual(received.map(\.text), expected, "a note is no cue")
    // Each message arrives within 20 ms of its line's time in the journal (the lines before
    // the first take give none; the note gives none).
    let times = try journalTimes().suffix(lines.count).prefix(6)
    let delays = zip(received, times).map { $0.at.timeIntervalSince($1) }
    print("OSC cues: worst \(Int((delays.max() ?? 0) * 1000)) ms after their lines")
    for (message, entered) in zip(received, times) {
      let delay = message.at.timeIntervalSince(entered)
      XCTAssertLessThan(delay, 0.02, "\(message.text): \(Int(delay * 1000)) ms after its line")
      XCTAssertGreaterThan(delay, -0.002, message.text)
    }
  }

  func testReaperHearsEachCueAsTheInsertMarkerActionAndPlainNamesTheTake() throws {
    let dump = try startDump()
    defer { dump.stop() }
    XCTAssertEqual(try woodshed.run(["protocol", "new", "brahms"]).status, 0)
    XCTAssertEqual(
      try woodshed.run(["protocol", "movement", "brahms", "mvt 1: 0-40"]).status, 0)
    try add("take", osc: dump.port, style: "reaper")
    try add("3 w", osc: dump.port, style: "reaper")
    try add("take @20", osc: dump.port, style: "plain")
    try add("21-22 x", osc: dump.port, style: "plain")
    XCTAssertTrue(dump.waitFor(4), "\(dump.received)")
    XCTAssertEqual(
      dump.received.map(\.text),
      [
        "/action i 40157", "/action i 40157", #"/woodshed/take_start ss "2" "take 2 bar 20""#,
        #"/woodshed/mark ss "2" "take 2 bars 21–22 ✗""#,
      ])
  }

  func testAWrongOSCAddressOrStyleIsOneLineAndAddsNoLine() throws {
    XCTAssertEqual(try woodshed.run(["protocol", "new", "brahms"]).status, 0)
    XCTAssertEqual(
      try woodshed.run(["protocol", "movement", "brahms", "mvt 1: 0-40"]).status, 0)
    let wrong = try woodshed.run(["protocol", "add", "brahms", "take", "--osc", "localhost"])
    XCTAssertNotEqual(wrong.status, 0)
    XCTAssertEqual(
      wrong.error, "Error: --osc is HOST:PORT, such as 127.0.0.1:8000; not \"localhost\"\n")
    let style = try woodshed.run(
      ["protocol", "add", "brahms", "take", "--osc", "127.0.0.1:9000", "--osc-style", "logic"])
    XCTAssertNotEqual(style.status, 0)
    XCTAssertTrue(style.error.contains("reaper"), style.error)
    let unknown = try woodshed.run(
      ["protocol", "add", "brahms", "take", "--osc", "no-such-host.invalid:9000"])
    XCTAssertNotEqual(unknown.status, 0)
    XCTAssertTrue(unknown.error.hasPrefix("Error: OSC: no-such-host.invalid:9000: "), unknown.error)
    XCTAssertEqual(unknown.error.filter { $0 == "\n" }.count, 1)
    let journal = try String(
      contentsOf: woodshed.home.appendingPathComponent("data/protocols/brahms/journal.jsonl"),
      encoding: .utf8)
    XCTAssertFalse(journal.contains(#""line":"take""#), journal)
  }

  /// Sends one message with liblo's `oscsend`, as the DAW's feedback would come.
  private func oscsend(_ port: Int, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["oscsend", "127.0.0.1", "\(port)"] + arguments
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "oscsend \(arguments)")
  }

  func testTheLiveRoomSendsWhatIsTypedAndTakesTheDAWsRecordStartAsATake() throws {
    let dump = try startDump()
    defer { dump.stop() }
    XCTAssertEqual(try woodshed.run(["protocol", "new", "brahms"]).status, 0)
    XCTAssertEqual(
      try woodshed.run(["protocol", "movement", "brahms", "mvt 1: 1-40 A=12"]).status, 0)
    let listen = Int.random(in: 42_000...42_900)
    let terminal = try woodshed.startInTerminal(arguments: [
      "protocol", "live", "brahms", "--osc", "127.0.0.1:\(dump.port)", "--osc-style", "ardour",
      "--osc-listen", "\(listen)",
    ])
    XCTAssertTrue(
      terminal.waitForOutput(containing: "1–40", timeout: .seconds(10)), terminal.output)
    // Ardour arms recording, then rolls: that is a take.
    try oscsend(listen, ["/rec_enable_toggle", "i", "1"])
    try oscsend(listen, ["/transport_play", "i", "1"])
    XCTAssertTrue(dump.waitFor(1), terminal.output)
    terminal.send("3 w\r")
    XCTAssertTrue(dump.waitFor(2), "\(dump.received)")
    XCTAssertEqual(
      dump.received.map(\.text),
      [#"/add_marker s "take 1 bar 1""#, #"/add_marker s "take 1 bar 3 w""#])
    terminal.send("\u{1b}")
    terminal.send("\u{1b}")
    terminal.send("q")
    XCTAssertEqual(terminal.waitForExit(timeout: .seconds(5)), 0)
    let journal = try String(
      contentsOf: woodshed.home.appendingPathComponent("data/protocols/brahms/journal.jsonl"),
      encoding: .utf8)
    XCTAssertTrue(journal.contains(#""line":"take""#), journal)
    XCTAssertTrue(journal.contains(#""line":"3 w""#), journal)
  }

  func testTheLiveRoomRefusesAMissingProtocolOrAPortInUseInOneLine() throws {
    let missing = try woodshed.run(["protocol", "live", "nothing", "--osc", "127.0.0.1:9"])
    XCTAssertNotEqual(missing.status, 0)
    XCTAssertTrue(missing.error.contains("there is no such protocol"), missing.error)
    XCTAssertEqual(missing.error.filter { $0 == "\n" }.count, 1, missing.error)
    let dump = try startDump()
    defer { dump.stop() }
    XCTAssertEqual(try woodshed.run(["protocol", "new", "brahms"]).status, 0)
    let taken = try woodshed.run([
      "protocol", "live", "brahms", "--osc", "127.0.0.1:9", "--osc-listen", "\(dump.port)",
    ])
    XCTAssertNotEqual(taken.status, 0)
    XCTAssertTrue(taken.error.hasPrefix("Error: OSC: 127.0.0.1:\(dump.port): bind: "), taken.error)
    let alone = try woodshed.run(["protocol", "live", "brahms", "--osc-listen", "9000"])
    XCTAssertNotEqual(alone.status, 0)
    XCTAssertTrue(alone.error.contains("--osc-listen needs --osc"), alone.error)
  }
}
