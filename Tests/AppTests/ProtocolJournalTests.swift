import App
import Foundation
import Glibc
import Practice
import Storage
import Synchronization
import XCTest

/// A protocol open in one process while others write to its journal: it reads only what they
/// add, and checks its own lines against the journal as it stands under the lock.
final class ProtocolJournalTests: XCTestCase {
  private var folder: URL!
  private var store: ProtocolStore { ProtocolStore(folder: folder) }
  private let date = Date(timeIntervalSince1970: 1_794_700_000)

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("journal-\(UUID().uuidString)", isDirectory: true)
    try store.create("brahms", at: date)
    for line in ["mvt 1: 1-40", "take"] {
      try store.append(ProtocolStore.Entry(at: date, line: line, by: "producer"), to: "brahms")
    }
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
  }

  private var journalFile: URL { folder.appendingPathComponent("brahms/journal.jsonl") }

  func testReadingOnAppliesOnlyTheLinesAddedSince() throws {
    var journal = try ProtocolJournal.open("brahms", store: store)
    XCTAssertEqual(journal.session.takes.count, 1)
    // Spoiling the lines read already shows that they are not read again.
    let handle = try FileHandle(forUpdating: journalFile)
    try handle.write(contentsOf: Data("xxxx".utf8))
    try handle.close()
    try store.append(
      ProtocolStore.Entry(at: date, line: "4 ++", by: "assistant"), to: "brahms")
    try journal.readOn(store: store)
    XCTAssertEqual(journal.problems, [])
    XCTAssertEqual(journal.session.takes[0].marks.map(\.rating), [.excellent])
    XCTAssertEqual(journal.recent, ["mvt 1: 1-40", "take", "4 ++"])
    XCTAssertEqual(journal.position.offset, store.journalSize(of: "brahms"))
  }

  /// A sync that joins another machine's lines among the ones read replaces the journal: the
  /// journal read says it was read from another file, so the screen reads it whole again; lines
  /// appended keep it the same file.
  func testAJournalASyncReplacedIsToldFromOneAppendedTo() throws {
    var journal = try ProtocolJournal.open("brahms", store: store)
    let read = try XCTUnwrap(journal.identity)
    try store.append(ProtocolStore.Entry(at: date, line: "4 ++", by: "assistant"), to: "brahms")
    try journal.readOn(store: store)
    XCTAssertEqual(store.journalIdentity(of: "brahms"), read, "appended: the same file")
    XCTAssertEqual(journal.identity, read)

    let joined = journalFile.deletingLastPathComponent().appendingPathComponent("joined.tmp")
    try Data(contentsOf: journalFile).write(to: joined)
    XCTAssertEqual(rename(joined.path, journalFile.path), 0)
    XCTAssertNotEqual(store.journalIdentity(of: "brahms"), journal.identity, "replaced")
    let reopened = try ProtocolJournal.open("brahms", store: store)
    XCTAssertEqual(reopened.identity, store.journalIdentity(of: "brahms"))
    XCTAssertEqual(reopened.recent, ["mvt 1: 1-40", "take", "4 ++"])
  }

  /// A line added after a sync replaced the journal with its join is checked against the
  /// joined journal, read whole: the desk's movement joined in the middle is there, nothing is
  /// unreadable.
  func testALineAddedAfterASyncReplacedTheJournalSeesItWhole() throws {
    var journal = try ProtocolJournal.open("brahms", store: store)
    var lines = try String(contentsOf: journalFile, encoding: .utf8).split(separator: "\n")
      .map(String.init)
    let desk = try JSONEncoder().encode(
      ProtocolStore.Entry(at: date, line: "mvt 2: 1-20", by: "desk"))
    lines.insert(String(decoding: desk, as: UTF8.self), at: lines.count - 1)
    let joined = journalFile.deletingLastPathComponent().appendingPathComponent("joined.tmp")
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: joined)
    XCTAssertEqual(rename(joined.path, journalFile.path), 0)

    try journal.add(["note horns loud"], by: "producer", store: store, at: date, utcOffset: 0)
    XCTAssertEqual(journal.problems, [])
    XCTAssertEqual(journal.recent, ["mvt 1: 1-40", "mvt 2: 1-20", "take", "note horns loud"])
    XCTAssertEqual(journal.position.offset, store.journalSize(of: "brahms"))
  }

  /// `protocol add` resumes the journal from the state saved with it: a sync that replaced the
  /// journal after that read is noticed too, and the line is checked against the joined
  /// journal read whole, not appended after where the old file ended.
  func testALineAddedToAResumedJournalASyncReplacedSeesItWhole() throws {
    try store.append(
      ProtocolStore.Entry(at: date, line: "note strings late", by: "producer"), to: "brahms")
    var opened = try ProtocolJournal.open("brahms", store: store, stateLag: 1)
    opened.saveState(store: store)
    var journal = try ProtocolJournal.resume("brahms", store: store, stateLag: 1)
    XCTAssertNotNil(journal.resumedAt, "resumed from the saved state")
    XCTAssertEqual(journal.identity, store.journalIdentity(of: "brahms"))
    var lines = try String(contentsOf: journalFile, encoding: .utf8).split(separator: "\n")
      .map(String.init)
    let desk = try JSONEncoder().encode(
      ProtocolStore.Entry(at: date, line: "mvt 2: 1-20", by: "desk"))
    lines.insert(String(decoding: desk, as: UTF8.self), at: 1)
    let joined = journalFile.deletingLastPathComponent().appendingPathComponent("joined.tmp")
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: joined)
    XCTAssertEqual(rename(joined.path, journalFile.path), 0)

    try journal.add(["take"], by: "producer", store: store, at: date, utcOffset: 0)
    XCTAssertEqual(journal.problems, [])
    XCTAssertEqual(journal.session.takes.count, 2)
    let reopened = try ProtocolJournal.open("brahms", store: store)
    XCTAssertEqual(reopened.problems, [])
    XCTAssertEqual(
      reopened.recent, ["mvt 1: 1-40", "mvt 2: 1-20", "take", "note strings late", "take"])
    XCTAssertEqual(reopened.session, journal.session)
  }

  /// `protocol link` makes its lines from the whole protocol: if another writer added lines
  /// since it read the journal, it makes them again from the journal as it stands.
  func testLinesMadeFromTheProtocolAreMadeAgainAfterOthersLines() throws {
    var linker = try ProtocolJournal.open("brahms", store: store)
    try store.append(ProtocolStore.Entry(at: date, line: "take", by: "producer"), to: "brahms")
    var seen: [Int] = []
    let added = try linker.add(by: "link", store: store, at: date, utcOffset: 3600) { session in
      seen.append(session.takes.count)
      return session.takes.map { "file T\($0.label).WAV take \($0.label)" }
    }
    XCTAssertEqual(seen, [1, 2], "made again once the producer's take was read")
    XCTAssertEqual(added, ["file T1.WAV take 1", "file T2.WAV take 2"])
    let reopened = try ProtocolJournal.open("brahms", store: store)
    XCTAssertEqual(reopened.session.takes.map(\.file), ["T1.WAV", "T2.WAV"])
    XCTAssertEqual(reopened.session, linker.session)
    let none = try linker.add(by: "link", store: store, at: date, utcOffset: 3600) { _ in [] }
    XCTAssertEqual(none, [])
    XCTAssertEqual(
      try ProtocolJournal.open("brahms", store: store).position, linker.position,
      "nothing to add: nothing appended")
  }

  func testALineIsCheckedAgainstWhatOthersAddedMeanwhile() throws {
    var producer = try ProtocolJournal.open("brahms", store: store)
    var assistant = try ProtocolJournal.open("brahms", store: store)
    try producer.add(["take 10"], by: "producer", store: store, at: date, utcOffset: 3600)
    XCTAssertThrowsError(
      try assistant.add(["take 10"], by: "assistant", store: store, at: date, utcOffset: 3600)
    ) {
      XCTAssertEqual("\($0)", "take 10 already exists")
    }
    XCTAssertEqual(
      assistant.session.takes.map(\.label), ["1", "10"], "it read the producer's take")
    try assistant.add(["note late"], by: "assistant", store: store, at: date, utcOffset: 3600)
    try producer.readOn(store: store)
    let reopened = try ProtocolJournal.open("brahms", store: store)
    XCTAssertEqual(reopened.problems, [], "no warning, ever")
    XCTAssertEqual(reopened.session, producer.session)
    XCTAssertEqual(reopened.session, assistant.session)
  }

  func testLinesAddedTogetherAreUndoneTogetherAndReplaySo() throws {
    var journal = try ProtocolJournal.open("brahms", store: store)
    let before = journal.session
    try journal.add(["false", "take"], by: "producer", store: store, at: date, utcOffset: 3600)
    XCTAssertEqual(journal.session.takes.map(\.isFalseStart), [true, false])
    try journal.add(["undo"], by: "producer", store: store, at: date, utcOffset: 3600)
    XCTAssertEqual(journal.session, before)
    XCTAssertEqual(try ProtocolJournal.open("brahms", store: store).session, before)
  }

  /// A take's time and timecode come from its line's stamp, to the millisecond, and it keeps
  /// the clock's offset where it was logged; a reader of the journal sees exactly that.
  func testATakeIsStampedToTheMillisecondWithTheLocalOffset() throws {
    var journal = try ProtocolJournal.open("brahms", store: store)
    try journal.add(["fps 25"], by: "producer", store: store, at: date, utcOffset: 3600)
    try journal.add(["tc 10:00:00:00"], by: "producer", store: store, at: date, utcOffset: 3600)
    let later = date.addingTimeInterval(0.0799)
    try journal.add(["take"], by: "producer", store: store, at: later, utcOffset: 3600)
    let take = try XCTUnwrap(journal.session.takes.last)
    XCTAssertEqual(take.startedAt.timeIntervalSince(date), 0.08, accuracy: 1e-6)
    XCTAssertEqual(take.timecode?.description, "10:00:00:02", "80 ms at 25 fps")
    XCTAssertEqual(take.utcOffset, 3600)
    XCTAssertNil(journal.session.takes[0].utcOffset, "a line without an offset")
    XCTAssertEqual(try ProtocolJournal.open("brahms", store: store).session, journal.session)
  }

  /// A line whose writer waited for the lock while the protocol moved away is refused, in the
  /// producer's language.
  func testALineForAProtocolMovedMeanwhileIsRefusedInTheProducersLanguage() throws {
    let opened = try ProtocolJournal.open("brahms", store: store)
    // The lock a move holds, taken here so that the line waits behind it.
    let mover = open(journalFile.path, O_RDWR)
    defer { close(mover) }
    XCTAssertEqual(flock(mover, LOCK_EX), 0)
    let (store, date) = (self.store, self.date)
    let refusal = Mutex<Launcher.Failure?>(nil)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      do throws(Launcher.Failure) {
        var journal = opened
        try journal.add(["take"], by: "producer", store: store, at: date, utcOffset: 0)
      } catch {
        refusal.withLock { $0 = error }
      }
      done.signal()
    }
    Thread.sleep(forTimeInterval: 0.3)
    XCTAssertEqual(
      rename(
        folder.appendingPathComponent("brahms").path,
        folder.appendingPathComponent("schumann").path), 0)
    XCTAssertEqual(flock(mover, LOCK_UN), 0)
    done.wait()
    let catalan = AppFixtures.catalog.localizer(for: "ca")
    XCTAssertEqual(
      refusal.withLock { $0 }?.said(in: catalan).description,
      "no s'ha pogut afegir a brahms: mentrestant s'ha canviat de nom, arxivat o esborrat")
  }
}
