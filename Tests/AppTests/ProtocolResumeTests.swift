import DSP
import Foundation
import Practice
import Storage
import XCTest

@testable import App

/// `woodshed protocol add` resumes from the state saved next to the journal and replays only
/// the lines after it, and always ends where replaying the whole journal ends: the same
/// session, the same warnings, the same lines accepted and refused.
final class ProtocolResumeTests: XCTestCase {
  private var folder: URL!
  private var store: ProtocolStore { ProtocolStore(folder: folder) }
  private let date = Date(timeIntervalSince1970: 1_794_700_000)
  private let strings = AppFixtures.catalog.localizer(for: "en")

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("resume-\(UUID().uuidString)", isDirectory: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
  }

  private func stateFile(_ name: String) -> URL {
    folder.appendingPathComponent("\(name)/journal.state")
  }

  /// A protocol of `count` lines: takes of a producer rating bars, an assistant noting, each
  /// undoing some of their own, and a line that is refused.
  private func made(_ name: String, count: Int, bars: Int = 100) throws {
    try store.create(name, at: date)
    var lines = [("producer", "mvt 1: 1-\(bars)"), ("producer", "end 200")]
    while lines.count < count {
      let take = lines.count / 10
      lines += [
        ("producer", "take @1"), ("producer", "\(take % 90 + 1) +"), ("assistant", "note \(take)"),
        ("producer", "\(take % 90 + 2) i"), ("producer", "undo"), ("assistant", "undo"),
        ("producer", "\(take % 90 + 3) ok"), ("assistant", "mnote \(take)"),
        ("producer", "end \(take % 90 + 5)"), ("producer", "\(take % 90 + 4) x"),
      ]
    }
    let entries = lines.prefix(count).map { ProtocolStore.Entry(at: date, line: $1, by: $0) }
    _ = try store.append(entries, to: name, after: ProtocolStore.Position()) { _ in true }
  }

  private func assertSameAsReadFromTheStart(
    _ journal: ProtocolJournal, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let whole = try ProtocolJournal.open(journal.name, store: store)
    XCTAssertEqual(
      journal.session.forgettingActions(), whole.session.forgettingActions(), file: file,
      line: line)
    XCTAssertEqual(journal.problems, whole.problems, file: file, line: line)
    XCTAssertEqual(journal.position, whole.position, file: file, line: line)
    XCTAssertEqual(journal.recent, whole.recent, file: file, line: line)
    XCTAssertEqual(journal.lastChange, whole.lastChange, file: file, line: line)
  }

  func testAddSavesAStateAndTheNextAddReplaysOnlyTheLinesAfterIt() throws {
    try made("brahms", count: 1000)
    XCTAssertNil(try ProtocolJournal.resume("brahms", store: store).resumedAt, "none saved yet")
    let problems = try HeadlessProtocol.add(
      "note first", to: "brahms", by: "producer", store: store, strings: strings, at: date)
    XCTAssertEqual(problems, ["line 2: no take yet: start one with \"take\""])
    let journal = try ProtocolJournal.resume("brahms", store: store)
    let resumedAt = try XCTUnwrap(journal.resumedAt)
    XCTAssertEqual(resumedAt.line, 1000 - ProtocolJournal.stateLag)
    XCTAssertEqual(journal.problems.map { strings.text($0) }, problems)
    try assertSameAsReadFromTheStart(journal)
    XCTAssertEqual(journal.session.takes.last?.notes.last, "first")

    let before = try Data(contentsOf: stateFile("brahms"))
    _ = try HeadlessProtocol.add(
      "note second", to: "brahms", by: "producer", store: store, strings: strings, at: date)
    XCTAssertEqual(
      try Data(contentsOf: stateFile("brahms")), before, "within twice the lag: kept")
    XCTAssertEqual(try ProtocolJournal.resume("brahms", store: store).resumedAt, resumedAt)
  }

  func testAStateLeftBehindByOtherWritersIsResumedAndTheirLinesReplayed() throws {
    try made("brahms", count: 400)
    _ = try HeadlessProtocol.add(
      "note first", to: "brahms", by: "producer", store: store, strings: strings, at: date)
    let saved = try Data(contentsOf: stateFile("brahms"))
    // The screen adds lines and saves no state.
    var screen = try ProtocolJournal.open("brahms", store: store)
    for index in 0..<150 {
      try screen.add(
        ["\(index % 40 + 1) w"], by: "assistant", store: store, at: date, utcOffset: 0)
    }
    XCTAssertEqual(try Data(contentsOf: stateFile("brahms")), saved)
    let resumed = try ProtocolJournal.resume("brahms", store: store)
    XCTAssertNotNil(resumed.resumedAt)
    try assertSameAsReadFromTheStart(resumed)
    XCTAssertEqual(resumed.session.forgettingActions(), screen.session.forgettingActions())
    let marks = try XCTUnwrap(screen.session.takes.last?.marks.count)

    _ = try HeadlessProtocol.add(
      "undo", to: "brahms", by: "assistant", store: store, strings: strings, at: date)
    XCTAssertNotEqual(
      try Data(contentsOf: stateFile("brahms")), saved, "more than twice the lag behind: moved")
    try screen.readOn(store: store)
    XCTAssertEqual(screen.session.takes.last?.marks.count, marks - 1, "the assistant's w undone")
  }

  func testADamagedOrForeignStateIsNeverAnErrorAndIsSavedAgain() throws {
    try made("brahms", count: 400)
    try made("dvorak", count: 300, bars: 99)
    for name in ["brahms", "dvorak"] {
      _ = try HeadlessProtocol.add(
        "note done", to: name, by: "producer", store: store, strings: strings, at: date)
    }
    try FileManager.default.removeItem(at: stateFile("brahms"))
    try FileManager.default.copyItem(at: stateFile("dvorak"), to: stateFile("brahms"))
    var foreign = try ProtocolJournal.resume("brahms", store: store)
    XCTAssertNil(foreign.resumedAt, "dvorak's lines are not brahms's")
    try assertSameAsReadFromTheStart(foreign)
    foreign.saveState(store: store)
    let resumed = try ProtocolJournal.resume("brahms", store: store)
    XCTAssertEqual(resumed.resumedAt?.line, 401 - ProtocolJournal.stateLag, "saved again")
    try assertSameAsReadFromTheStart(resumed)

    // A state the store takes as whole but that is not one: read from the start, no error.
    let end = try XCTUnwrap(resumed.resumedAt)
    XCTAssertTrue(store.saveState(Array("garbage".utf8), upTo: end, of: "brahms"))
    XCTAssertNil(try ProtocolJournal.resume("brahms", store: store).resumedAt)
    _ = try HeadlessProtocol.add(
      "note after", to: "brahms", by: "producer", store: store, strings: strings, at: date)
    let again = try ProtocolJournal.resume("brahms", store: store)
    XCTAssertNotNil(again.resumedAt)
    try assertSameAsReadFromTheStart(again)
  }

  /// Random journals of every kind of line, by two authors and by nobody, some lines entered
  /// together, undos among them reaching back past the state: two protocols receive the same
  /// lines, one read from the start each time, the other resumed (and, now and then, written
  /// to by a screen that saves no state). Every line must be accepted or refused alike and the
  /// protocols stay equal.
  func testAddingThroughTheStateEqualsReplayingTheWholeJournal() throws {
    let pool = [
      "take", "take @5", "take 3", "1-10 3", "4 i", "12 +", "end 20", "end 30", "false",
      "note x", "all +", "ng", "keep", "edit 8", "mvt 2", "mvt 1", "mvt 2: 1-16", "pin 1 2-3",
      "unpin", "numbering movement", "tc 01:00:00:00", "fps 30", "tag p page", "4 p", "mnote y",
      "work Schumann", "status done", "file a.wav", "file b.wav take 1", "T1 4 +", "T2 note z",
      "T1 file c.wav", "T1 end 30", "day 2", "day restart", "T1/1 5 x", "undo", "undo", "undo",
      "undo", "undo", "undo", "undo", "undo", "undo", "undo",
    ]
    var generator = SplitMix64(seed: 19)
    var resumedCount = 0
    var readAgainCount = 0
    for round in 0..<8 {
      let whole = "whole\(round)"
      let resumed = "resumed\(round)"
      for name in [whole, resumed] {
        try store.create(name, at: date)
        try store.append(ProtocolStore.Entry(at: date, line: "mvt 1: 1-40"), to: name)
      }
      for step in 0..<100 {
        let author = ["anna", "ben", "anna", "ben", nil][
          Int.random(in: 0..<5, using: &generator)]
        let lines =
          Int.random(in: 0..<12, using: &generator) == 0
          ? ["false", "take"] : [pool[Int.random(in: 0..<pool.count, using: &generator)]]
        let at = date.addingTimeInterval(Double(step))
        var first = try ProtocolJournal.open(whole, store: store)
        let wholeOutcome = outcome {
          try first.add(lines, by: author, store: store, at: at, utcOffset: 3600)
        }
        var second: ProtocolJournal
        if Int.random(in: 0..<4, using: &generator) == 0 {
          second = try ProtocolJournal.open(resumed, store: store)
        } else {
          second = try ProtocolJournal.resume(resumed, store: store, stateLag: 2)
        }
        let wasResumed = second.resumedAt != nil
        if wasResumed { resumedCount += 1 }
        let resumedOutcome = outcome {
          try second.add(lines, by: author, store: store, at: at, utcOffset: 3600)
        }
        // An undo that reached past the state: the journal was read from its start.
        if wasResumed, second.resumedAt == nil { readAgainCount += 1 }
        second.saveState(store: store)
        let context = "round \(round), step \(step): \(lines) by \(author ?? "nobody")"
        XCTAssertEqual(resumedOutcome, wholeOutcome, context)
        XCTAssertEqual(
          second.session.forgettingActions(), first.session.forgettingActions(), context)
        XCTAssertEqual(second.problems, first.problems, context)
      }
    }
    XCTAssertGreaterThan(
      resumedCount, 300, "of 800 adds, about 600 try to resume (the rest are a screen's)")
    XCTAssertGreaterThan(readAgainCount, 8, "and some need to read the journal again")
  }

  private func outcome(_ add: () throws -> Void) -> String {
    do {
      try add()
      return "accepted"
    } catch {
      return "\(error)"
    }
  }
}
