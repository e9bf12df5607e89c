import Foundation
import Storage
import XCTest

final class HistoryLogTests: StorageTestCase {
  private struct Session: Codable, Equatable {
    var module: String
    var score: Int
    var finished: Date
  }

  private let first = Session(module: "notes", score: 17, finished: StorageTestCase.fixedDate)
  private let second = Session(
    module: "rhythm", score: 9, finished: StorageTestCase.fixedDate.addingTimeInterval(60))

  private var log: HistoryLog { HistoryLog(file: folder.file("data/history.jsonl")) }

  func testAppendedRecordsReadBackInOrder() throws {
    try log.append(first)
    try log.append(second)

    let result = log.readAll(as: Session.self)

    XCTAssertEqual(result, HistoryReadResult(records: [first, second]))
  }

  func testEachRecordIsOneLineWithReadableDates() throws {
    try log.append(first)

    XCTAssertEqual(
      folder.text("data/history.jsonl"),
      #"{"finished":"2026-11-21T15:44:00Z","module":"notes","score":17}"# + "\n")
  }

  private struct Started: Codable, Equatable {
    var module: String
    var exercise: String
    var startedAt: Date
  }

  func testAnotherMachinesCopyIsJoinedInEachSessionOnce() throws {
    let mine = Started(module: "notes", exercise: "a", startedAt: StorageTestCase.fixedDate)
    let theirs = Started(
      module: "notes", exercise: "b", startedAt: StorageTestCase.fixedDate.addingTimeInterval(9))
    try log.append(mine)
    let other =
      try Data(contentsOf: log.file)
      + Data(
        (#"{"exercise":"b","module":"notes","startedAt":""#
          + theirs.startedAt.formatted(.iso8601) + "\"}\n").utf8)
    XCTAssertEqual(try log.join(other), 1)
    XCTAssertEqual(try log.join(other), 0, "joined once")
    XCTAssertEqual(log.readAll(as: Started.self).records, [mine, theirs])
  }

  /// An append that opened the history and waited for its lock while a join replaced the
  /// file must land in the new file, not in the one the join left behind.
  func testAnAppendWaitingWhileTheFileIsReplacedLandsInTheNewFile() throws {
    try log.append(first)
    let holder = open(log.file.path, O_RDWR)
    XCTAssertEqual(flock(holder, LOCK_EX), 0)
    let appended = expectation(description: "appended")
    let log = self.log
    let second = self.second
    Thread.detachNewThread {
      try? log.append(second)
      appended.fulfill()
    }
    // The append has opened the file and waits for the lock; the file is replaced meanwhile.
    Thread.sleep(forTimeInterval: 0.2)
    let replacement = log.file.deletingLastPathComponent().appendingPathComponent("new")
    try Data(contentsOf: log.file).write(to: replacement)
    XCTAssertEqual(rename(replacement.path, log.file.path), 0)
    close(holder)
    wait(for: [appended], timeout: 5)
    XCTAssertEqual(log.readAll(as: Session.self).records, [first, second])
  }

  func testMissingFileIsAnEmptyHistory() {
    XCTAssertEqual(log.readAll(as: Session.self), HistoryReadResult(records: []))
  }

  func testTornLastLineIsToleratedSilently() throws {
    try log.append(first)
    let torn = #"{"finished":"2026-11-21T15:45:00Z","modu"#
    try appendRaw(torn)

    let result = log.readAll(as: Session.self)

    XCTAssertEqual(result.records, [first])
    XCTAssertTrue(result.hasTornLastLine)
    XCTAssertEqual(result.skippedLines, [])
    XCTAssertEqual(result.notices, [])
  }

  func testAppendAfterATornLineStartsOnANewLine() throws {
    try log.append(first)
    try appendRaw(#"{"modu"#)

    try log.append(second)

    let lines = try XCTUnwrap(folder.text("data/history.jsonl")).split(separator: "\n")
    XCTAssertEqual(lines.count, 3)
    XCTAssertEqual(lines[1], #"{"modu"#)
    let result = log.readAll(as: Session.self)
    XCTAssertEqual(result.records, [first, second])
    XCTAssertEqual(result.notices, ["history.jsonl line 2 could not be read; skipped"])
  }

  func testUnterminatedButCompleteLastLineIsKept() throws {
    try log.append(first)
    try appendRaw(#"{"finished":"2026-11-21T15:45:00Z","module":"rhythm","score":9}"#)

    let result = log.readAll(as: Session.self)

    XCTAssertEqual(result.records.count, 2)
    XCTAssertFalse(result.hasTornLastLine)
  }

  func testCorruptLineInTheMiddleIsSkippedWithANotice() throws {
    try log.append(first)
    try appendRaw("this is not json\n")
    try log.append(second)

    let result = log.readAll(as: Session.self)

    XCTAssertEqual(result.records, [first, second])
    XCTAssertEqual(result.skippedLines, [2])
    XCTAssertFalse(result.hasTornLastLine)
    XCTAssertEqual(result.notices, ["history.jsonl line 2 could not be read; skipped"])
  }

  /// A streak of thousands of cards keeps every answer, about 100 bytes each, on its line;
  /// at the old 64 KiB limit a streak of 600 cards was skipped as damage.
  func testALongSessionReadsBackAndOnlyAnAbsurdLineIsSkipped() throws {
    let streak = Session(
      module: String(repeating: "n", count: 300_000), score: 3_000,
      finished: StorageTestCase.fixedDate)
    try log.append(streak)
    try log.append(first)
    try appendRaw(#"{"module": ""# + String(repeating: "x", count: 600_000) + "\"}\n")
    try log.append(second)

    let result = log.readAll(as: Session.self)

    XCTAssertEqual(result.records, [streak, first, second])
    XCTAssertEqual(result.skippedLines, [3])
  }

  func testManyCorruptLinesAreSummedUp() throws {
    for _ in 1...5 { try appendRaw("garbage\n") }
    try log.append(first)

    let result = log.readAll(as: Session.self)

    XCTAssertEqual(result.records, [first])
    XCTAssertEqual(
      result.notices,
      [
        "history.jsonl line 1 could not be read; skipped",
        "history.jsonl line 2 could not be read; skipped",
        "history.jsonl line 3 could not be read; skipped",
        "history.jsonl: 2 more lines could not be read; skipped",
      ])
  }

  func testBlankLinesAreIgnored() throws {
    try log.append(first)
    try appendRaw("\n  \n")
    try log.append(second)

    XCTAssertEqual(log.readAll(as: Session.self), HistoryReadResult(records: [first, second]))
  }

  func testAppendIntoUnwritableFolderThrowsOneLineError() throws {
    let history = HistoryLog(file: try unwritableFolder().appendingPathComponent("history.jsonl"))

    XCTAssertThrowsError(try history.append(first)) { error in
      assertOneLine(error, startsWith: "could not add to history.jsonl: ")
    }
  }

  func testUnreadableFileGivesANotice() throws {
    try FileManager.default.createDirectory(
      at: folder.file("data/history.jsonl"), withIntermediateDirectories: true)

    let result = log.readAll(as: Session.self)

    XCTAssertEqual(result.records, [])
    XCTAssertEqual(
      result.notices, ["history.jsonl could not be read (Is a directory); showing no history"])
  }

  /// Appends bytes the way a crash or another tool might leave them.
  private func appendRaw(_ text: String) throws {
    let url = folder.file("data/history.jsonl")
    if !FileManager.default.fileExists(atPath: url.path) {
      try folder.write("", to: "data/history.jsonl")
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(text.utf8))
  }
}
