import Dispatch
import Foundation
import Storage
import XCTest

final class ProtocolStoreTests: XCTestCase {
  private var folder: URL!
  private var store: ProtocolStore { ProtocolStore(folder: folder) }

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("protocols-\(UUID().uuidString)", isDirectory: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
  }

  private let date = Date(timeIntervalSince1970: 1_794_700_000)

  func testANewProtocolKeepsEveryLineInOrder() throws {
    try store.create("brahms-op-99", at: date)
    XCTAssertEqual(store.names(), ["brahms-op-99"])
    let lines = ["mvt 1: 0-245 A=12", "take @1", "1-24 ++", "end 40"]
    for (index, line) in lines.enumerated() {
      try store.append(
        ProtocolStore.Entry(at: date.addingTimeInterval(Double(index)), line: line),
        to: "brahms-op-99")
    }
    let read = try store.entries(of: "brahms-op-99")
    XCTAssertEqual(read.entries.map(\.line), lines)
    XCTAssertEqual(read.entries.last?.at, date.addingTimeInterval(3))
    XCTAssertEqual(read.notices, [])
    XCTAssertGreaterThan(store.journalSize(of: "brahms-op-99"), 0)
  }

  func testAProtocolIsNeverReplacedAndNamesAreSafe() throws {
    try store.create("session", at: date)
    try store.append(ProtocolStore.Entry(at: date, line: "take"), to: "session")
    XCTAssertThrowsError(try store.create("session", at: date)) { error in
      XCTAssertEqual("\(error)", "not saving session: a protocol of that name already exists")
    }
    XCTAssertEqual(try store.entries(of: "session").entries.count, 1, "still there")
    for bad in ["", "../x", ".hidden", "a b", String(repeating: "x", count: 65)] {
      XCTAssertFalse(ProtocolStore.isValidName(bad), bad)
      XCTAssertThrowsError(try store.create(bad, at: date), bad)
    }
    XCTAssertThrowsError(try store.entries(of: "missing")) { error in
      XCTAssertEqual(
        "\(error)",
        "could not read missing: there is no such protocol; make it with `woodshed protocol new missing`"
      )
    }
  }

  func testTwoWritersAtOnceNeverTearALine() throws {
    try store.create("shared", at: date)
    let store = self.store
    DispatchQueue.concurrentPerform(iterations: 4) { writer in
      for index in 0..<50 {
        try? store.append(
          ProtocolStore.Entry(
            at: Date(timeIntervalSince1970: 0), line: "note writer \(writer) line \(index)"),
          to: "shared")
      }
    }
    let read = try store.entries(of: "shared")
    XCTAssertEqual(read.entries.count, 200)
    XCTAssertEqual(read.notices, [])
    for writer in 0..<4 {
      XCTAssertEqual(
        read.entries.filter { $0.line.hasPrefix("note writer \(writer) ") }.map(\.line),
        (0..<50).map { "note writer \(writer) line \($0)" }, "each writer's lines in its order")
    }
  }

  private var journal: URL { folder.appendingPathComponent("shared/journal.jsonl") }

  private func rawAppend(_ text: String) throws {
    let handle = try FileHandle(forWritingTo: journal)
    defer { try? handle.close() }
    handle.seekToEndOfFile()
    handle.write(Data(text.utf8))
  }

  func testAReaderReadsOnlyTheLinesAddedSinceItLastRead() throws {
    try store.create("shared", at: date)
    for line in ["mvt 1: 1-40", "take", "4 3"] {
      try store.append(ProtocolStore.Entry(at: date, line: line), to: "shared")
    }
    let first = try store.read("shared", from: ProtocolStore.Position())
    XCTAssertEqual(first.entries.map(\.line), ["mvt 1: 1-40", "take", "4 3"])
    XCTAssertEqual(first.end.line, 3)
    XCTAssertEqual(first.end.offset, store.journalSize(of: "shared"))
    // Damage to what was read already is never seen again: only the new bytes are read.
    let handle = try FileHandle(forUpdating: journal)
    try handle.write(contentsOf: Data("garbage".utf8))
    try handle.close()
    try store.append(ProtocolStore.Entry(at: date, line: "5 i", by: "anna"), to: "shared")
    let second = try store.read("shared", from: first.end)
    XCTAssertEqual(second.entries, [ProtocolStore.Entry(at: date, line: "5 i", by: "anna")])
    XCTAssertEqual(second.notices, [])
    XCTAssertEqual(second.end.line, 4)
    let none = try store.read("shared", from: second.end)
    XCTAssertEqual(none.entries, [])
    XCTAssertEqual(none.end, second.end)
  }

  func testALineStillBeingWrittenIsLeftForTheNextRead() throws {
    try store.create("shared", at: date)
    try store.append(ProtocolStore.Entry(at: date, line: "take"), to: "shared")
    try rawAppend(#"{"at":"2026-11-14T23:46:40Z","line":"4"#)
    let read = try store.read("shared", from: ProtocolStore.Position())
    XCTAssertEqual(read.entries.map(\.line), ["take"])
    XCTAssertEqual(read.notices, [])
    XCTAssertLessThan(read.end.offset, store.journalSize(of: "shared"))
    try rawAppend(" 3\"}\n")
    let rest = try store.read("shared", from: read.end)
    XCTAssertEqual(rest.entries.map(\.line), ["4 3"])
    // A writer after a crash that tore a line puts its own on a fresh line.
    try rawAppend(#"{"at":"2026-11-14T23:46:40Z","li"#)
    try store.append(ProtocolStore.Entry(at: date, line: "5 3"), to: "shared")
    let after = try store.read("shared", from: rest.end)
    XCTAssertEqual(after.entries.map(\.line), ["5 3"])
    XCTAssertEqual(
      after.notices.map(\.description), ["journal.jsonl line 3 could not be read; skipped"])
  }

  func testAuthorsAndJoinedLinesAreWrittenOnlyWhenThereAndOldLinesStillRead() throws {
    try store.create("shared", at: date)
    try Data((#"{"at":"2026-11-14T23:46:40Z","line":"take"}"# + "\n").utf8).write(to: journal)
    try store.append(ProtocolStore.Entry(at: date, line: "4 3"), to: "shared")
    _ = try store.append(
      [
        ProtocolStore.Entry(at: date, line: "false", by: "anna"),
        ProtocolStore.Entry(at: date, line: "take", by: "anna", joinsPrevious: true),
      ], to: "shared", after: ProtocolStore.Position()
    ) { _ in true }
    let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
    XCTAssertEqual(
      lines[1], #"{"at":"2026-11-14T23:46:40.000Z","line":"4 3"}"#, "as before authors")
    XCTAssertEqual(lines[2], #"{"at":"2026-11-14T23:46:40.000Z","by":"anna","line":"false"}"#)
    XCTAssertEqual(
      lines[3],
      #"{"at":"2026-11-14T23:46:40.000Z","by":"anna","joinsPrevious":true,"line":"take"}"#)
    let read = try store.entries(of: "shared")
    XCTAssertEqual(read.entries.map(\.by), [nil, nil, "anna", "anna"])
    XCTAssertEqual(read.entries.map(\.joinsPrevious), [false, false, false, true])
  }

  /// Lines are stamped to the millisecond with the writer's offset from UTC; a stamp to the
  /// second, as older journals hold it, reads as the same instant it always did.
  func testStampsAreToTheMillisecondWithTheLocalOffset() throws {
    try store.create("shared", at: date)
    try Data((#"{"at":"2026-11-14T23:46:40Z","line":"take"}"# + "\n").utf8).write(to: journal)
    let at = date.addingTimeInterval(1.2344)
    try store.append(ProtocolStore.Entry(at: at, line: "4 3", utcOffset: 3600), to: "shared")
    try store.append(
      ProtocolStore.Entry(at: date.addingTimeInterval(-0.0006), line: "5 3", utcOffset: -12_600),
      to: "shared")
    let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
    XCTAssertEqual(
      lines[1], #"{"at":"2026-11-14T23:46:41.234Z","line":"4 3","utcOffset":"+01:00"}"#)
    XCTAssertEqual(
      lines[2], #"{"at":"2026-11-14T23:46:39.999Z","line":"5 3","utcOffset":"-03:30"}"#)
    let read = try store.entries(of: "shared").entries
    XCTAssertEqual(read[1].at.timeIntervalSince(date), 1.234, accuracy: 1e-6)
    XCTAssertEqual(read[2].at.timeIntervalSince(date), -0.001, accuracy: 1e-6)
    XCTAssertEqual(read[0].at, Date(timeIntervalSince1970: 1_794_700_000), "an old stamp")
    XCTAssertEqual(read.map(\.utcOffset), [nil, 3600, -12_600])
    XCTAssertEqual(read[1], ProtocolStore.Entry(at: at, line: "4 3", utcOffset: 3600), "as written")
  }

  /// A line entered while the recorder's timecode came in carries it; a journal from before
  /// lines had it reads as it always did.
  func testTheRecordersTimecodeIsWrittenOnlyWhenThereAndOldJournalsStillRead() throws {
    try store.create("shared", at: date)
    let old = [
      #"{"at":"2026-11-14T23:46:40Z","line":"take"}"#,
      #"{"at":"2026-11-14T23:46:41.500Z","by":"anna","line":"end 28","utcOffset":"+01:00"}"#,
    ]
    try Data((old.joined(separator: "\n") + "\n").utf8).write(to: journal)
    try store.append(
      ProtocolStore.Entry(
        at: date, line: "12 +", utcOffset: 3600, recorderTimecode: "10:00:12:05"),
      to: "shared")
    try store.append(
      ProtocolStore.Entry(at: date, line: "note late", recorderTimecode: "10:00:12;05"),
      to: "shared")
    let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
    XCTAssertEqual(Array(lines[0..<2]), old.map { Substring($0) }, "old lines untouched")
    XCTAssertEqual(
      lines[2],
      #"{"at":"2026-11-14T23:46:40.000Z","line":"12 +","tc":"10:00:12:05","utcOffset":"+01:00"}"#)
    XCTAssertEqual(
      lines[3], #"{"at":"2026-11-14T23:46:40.000Z","line":"note late","tc":"10:00:12;05"}"#)
    let read = try store.entries(of: "shared")
    XCTAssertEqual(read.notices, [])
    XCTAssertEqual(
      read.entries.map(\.recorderTimecode), [nil, nil, "10:00:12:05", "10:00:12;05"])
    XCTAssertEqual(
      read.entries[1],
      ProtocolStore.Entry(
        at: date.addingTimeInterval(1.5), line: "end 28", by: "anna", utcOffset: 3600),
      "an old line reads as it did")
  }

  func testTheCheckSeesWhatOthersAddedAndARefusalWritesNothing() throws {
    try store.create("shared", at: date)
    let start = try store.read("shared", from: ProtocolStore.Position()).end
    try store.append(ProtocolStore.Entry(at: date, line: "take 1", by: "anna"), to: "shared")
    let size = store.journalSize(of: "shared")
    var seen: [String] = []
    let end = try store.append(
      [ProtocolStore.Entry(at: date, line: "take 1", by: "ben")], to: "shared", after: start
    ) { tail in
      seen = tail.entries.map(\.line)
      return false
    }
    XCTAssertEqual(seen, ["take 1"], "anna's line, read under the lock")
    XCTAssertEqual(store.journalSize(of: "shared"), size, "ben's refused line was not written")
    XCTAssertEqual(end.offset, size)
    XCTAssertEqual(end.line, 1)
  }

  /// A position is where it is in one file: once a sync's join has put another journal in its
  /// place (between the writer's read and its lock), the writer is told so and nothing is
  /// written; a position in the file that is there still appends.
  func testAPositionInAJournalASyncReplacedAppendsNothing() throws {
    try store.create("shared", at: date)
    try store.append(ProtocolStore.Entry(at: date, line: "take 1", by: "anna"), to: "shared")
    let read = try store.read("shared", from: ProtocolStore.Position())
    XCTAssertEqual(read.journal, store.journalIdentity(of: "shared"))
    let joined = journal.deletingLastPathComponent().appendingPathComponent("joined.tmp")
    let desk = try JSONEncoder().encode(ProtocolStore.Entry(at: date, line: "note", by: "desk"))
    try (Data(desk) + Data("\n".utf8) + Data(contentsOf: journal)).write(to: joined)
    XCTAssertEqual(rename(joined.path, journal.path), 0)
    let size = store.journalSize(of: "shared")
    let entry = ProtocolStore.Entry(at: date, line: "take 2", by: "ben")
    XCTAssertThrowsError(
      try store.append([entry], to: "shared", after: read.end, in: read.journal) { _ in true }
    ) {
      XCTAssertEqual(
        $0 as? StorageError, .cannotAppend(file: "shared", reason: ProtocolStore.joinedMeanwhile))
    }
    XCTAssertEqual(store.journalSize(of: "shared"), size, "nothing written")

    let again = try store.read("shared", from: ProtocolStore.Position())
    XCTAssertEqual(again.entries.map(\.line), ["note", "take 1"])
    let end = try store.append([entry], to: "shared", after: again.end, in: again.journal) {
      $0.entries.isEmpty
    }
    XCTAssertEqual(end.offset, store.journalSize(of: "shared"))
    XCTAssertEqual(
      try store.entries(of: "shared").entries.map(\.line), ["note", "take 1", "take 2"])
  }

  /// Four writers add takes 1 to 50 at once, each refusing a take a line it has seen already
  /// holds: with the check and the append under one lock, every take is written exactly once.
  func testWritersRacingForTheSameLineWriteItOnce() throws {
    try store.create("shared", at: date)
    let store = self.store
    DispatchQueue.concurrentPerform(iterations: 4) { writer in
      var position = ProtocolStore.Position()
      var seen: Set<String> = []
      for number in 1...50 {
        let line = "take \(number)"
        position =
          (try? store.append(
            [ProtocolStore.Entry(at: Date(), line: line, by: "writer \(writer)")], to: "shared",
            after: position
          ) { tail in
            seen.formUnion(tail.entries.map(\.line))
            return !seen.contains(line)
          }) ?? position
        seen.insert(line)
      }
    }
    let lines = try store.entries(of: "shared").entries.map(\.line)
    XCTAssertEqual(lines.count, 50)
    XCTAssertEqual(Set(lines), Set((1...50).map { "take \($0)" }))
  }

  /// Journal lines are read without JSONDecoder when they are exactly as the store writes them:
  /// random entries (quotes, backslashes, control characters, other scripts, leap days, far
  /// years), written as the store writes them and in other forms JSON allows, read as
  /// JSONDecoder reads them.
  func testLinesReadAsJSONDecoderReadsThem() throws {
    try store.create("shared", at: date)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let decoder = JSONDecoder()
    var generator = SystemRandomNumberGenerator()
    let pieces = ["take", " ", "\"", "\\", "\u{1}", "\t", "é", "–", "日本", "/", "note", "{", "}"]
    func text() -> String {
      (0..<Int.random(in: 0...6, using: &generator)).map { _ in
        pieces.randomElement(using: &generator)!
      }.joined()
    }
    var lines: [Data] = []
    for _ in 0..<500 {
      let milliseconds = Int.random(
        in: -2_000_000_000_000...8_000_000_000_000, using: &generator)
      let entry = ProtocolStore.Entry(
        at: Date(timeIntervalSince1970: Double(milliseconds) / 1000), line: text(),
        by: Bool.random(using: &generator) ? text() : nil,
        joinsPrevious: Bool.random(using: &generator),
        utcOffset: Bool.random(using: &generator)
          ? Int.random(in: -12 * 60...14 * 60, using: &generator) * 60 : nil,
        recorderTimecode: Bool.random(using: &generator) ? text() : nil)
      lines.append(try encoder.encode(entry))
    }
    for form in [
      #"{"line":"take","at":"2024-02-29T23:59:59Z"}"#,
      #"{ "at": "2024-03-01T00:00:00Z", "line": "x" }"#,
      #"{"at":"2023-02-29T00:00:00Z","line":"x"}"#,
      #"{"at":"2026-11-27T12:00:00Z","line":"x","by":null}"#,
      #"{"at":"2026-11-27T12:00:00Z","joinsPrevious":false,"line":"x"}"#,
      #"{"at":"2026-11-27T12:00:60Z","line":"x"}"#, #"{"at":"2026-11-27T12:00:00Z","line":"x"}x"#,
      #"{"at":"2026-11-27T12:00:00.5Z","line":"x"}"#,
      #"{"at":"2026-11-27T12:00:00.250+01:00","line":"x"}"#,
      #"{"utcOffset":"-03:30","at":"2026-11-27T12:00:00.250Z","line":"x"}"#,
      #"{"at":"2026-11-27T12:00:00.250Z","line":"x","utcOffset":"+1:00"}"#,
      #"{"at":"2026-11-27T12:00:00.250Z","line":"x","utcOffset":"+01:60"}"#,
      #"{"at":"2026-11-27T12:00:00.250Z","line":"x","utcOffset":3600}"#,
      #"{"at":"2026-11-27T12:00:00.250Z","line":"x","tc":"10:00:00:01","utcOffset":"+01:00"}"#,
      #"{"at":"2026-11-27T12:00:00.250Z","tc":"10:00:00:01","line":"x"}"#,
      #"{"at":"2026-11-27T12:00:00.250Z","line":"x","tc":1}"#,
    ] {
      lines.append(Data(form.utf8))
    }
    var bytes = Data()
    for line in lines { bytes.append(line + [0x0A]) }
    try bytes.write(to: journal)
    let expected = lines.compactMap { try? decoder.decode(ProtocolStore.Entry.self, from: $0) }
    XCTAssertGreaterThan(expected.count, 500, "the other forms decode too")
    XCTAssertEqual(try store.read("shared", from: ProtocolStore.Position()).entries, expected)
  }
}
