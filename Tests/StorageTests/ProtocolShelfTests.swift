import Dispatch
import Foundation
import Glibc
import Storage
import Synchronization
import XCTest

/// Renaming, archiving and deleting protocols on real folders: every move keeps every line,
/// refuses in one line, and never removes a file.
final class ProtocolShelfTests: StorageTestCase {
  private var store: ProtocolStore { ProtocolStore(folder: folder.file("protocols")) }
  private let date = StorageTestCase.fixedDate

  private func made(_ name: String, lines: [String] = ["mvt 1: 1-40", "take"]) throws {
    try store.create(name, at: date)
    for line in lines {
      try store.append(ProtocolStore.Entry(at: date, line: line, by: "producer"), to: name)
    }
  }

  private func assertRefused(
    _ move: () throws -> Void, _ message: String, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertThrowsError(try move(), file: file, line: line) { error in
      XCTAssertEqual("\(error)", message, file: file, line: line)
      XCTAssertFalse("\(error)".contains("\n"), file: file, line: line)
    }
  }

  func testARenamedProtocolKeepsItsLinesAndANameIsNeverTakenTwice() throws {
    try made("brahms")
    try made("dvorak")
    try store.rename("brahms", to: "brahms-op-38")
    XCTAssertEqual(store.names(), ["brahms-op-38", "dvorak"])
    XCTAssertEqual(
      try store.entries(of: "brahms-op-38").entries.map(\.line), ["mvt 1: 1-40", "take"])
    XCTAssertEqual(store.created("brahms-op-38"), date)
    assertRefused(
      { try store.rename("brahms-op-38", to: "dvorak") },
      "could not move brahms-op-38 to dvorak: a protocol of that name already exists")
    assertRefused(
      { try store.rename("dvorak", to: "../x") },
      "could not move dvorak to ../x: a protocol's name is letters, digits, - _ and . (up to 64)")
    assertRefused(
      { try store.rename("nobody", to: "somebody") },
      "could not move nobody to somebody: there is no such protocol")
    XCTAssertEqual(store.names(), ["brahms-op-38", "dvorak"], "nothing moved")
    XCTAssertEqual(try store.entries(of: "dvorak").entries.count, 2)
  }

  func testAnArchivedProtocolLeavesTheListKeepsItsNameAndComesBack() throws {
    try made("brahms")
    try made("dvorak")
    try store.archive("brahms")
    XCTAssertEqual(store.names(), ["dvorak"])
    XCTAssertEqual(store.archived.names(), ["brahms"])
    assertRefused(
      { try store.append(ProtocolStore.Entry(at: date, line: "take"), to: "brahms") },
      "could not read brahms: it is archived; bring it back with `woodshed protocol unarchive brahms`"
    )
    XCTAssertEqual(try store.archived.entries(of: "brahms").entries.count, 2)
    assertRefused(
      { try store.create("brahms", at: date) },
      "not saving brahms: an archived protocol has that name: unarchive it or choose another")
    assertRefused(
      { try store.rename("dvorak", to: "brahms") },
      "could not move dvorak to brahms: a protocol of that name already exists")
    try store.unarchive("brahms")
    XCTAssertEqual(store.names(), ["brahms", "dvorak"])
    XCTAssertEqual(store.archived.names(), [])
    XCTAssertEqual(try store.entries(of: "brahms").entries.count, 2)
    assertRefused(
      { try store.unarchive("nobody") },
      "could not move nobody to the protocols: there is no archived protocol of that name")
  }

  func testADeletedProtocolGoesToTheTrashWhole() throws {
    try made("brahms")
    let trashed = try store.moveToTrash("brahms", at: date)
    XCTAssertEqual(
      trashed.path,
      store.trashFolder.appendingPathComponent("brahms.deleted-\(Self.fixedStamp)").path)
    XCTAssertEqual(store.names(), [])
    let kept = try String(
      contentsOf: trashed.appendingPathComponent("journal.jsonl"), encoding: .utf8)
    XCTAssertEqual(kept.split(separator: "\n").count, 2, "every line is still there")
    // The same name deleted again within the second gets a folder of its own.
    try made("brahms")
    try store.archive("brahms")
    let again = try store.moveToTrash("brahms", at: date)
    XCTAssertEqual(again.lastPathComponent, "brahms.deleted-\(Self.fixedStamp)-2")
    XCTAssertEqual(store.archived.names(), [], "an archived protocol is deleted too")
    // Restoring is moving the folder back, as the README says.
    XCTAssertEqual(
      rename(trashed.path, store.folder.appendingPathComponent("brahms").path), 0)
    XCTAssertEqual(store.names(), ["brahms"])
    XCTAssertEqual(try store.entries(of: "brahms").entries.count, 2)
  }

  /// A file system that refuses (here a file where the trash and the archive folders go;
  /// a full disk gives "No space left on device" the same way) leaves the protocol in place.
  func testAMoveTheFileSystemRefusesLeavesTheProtocolWhereItWas() throws {
    try made("brahms")
    try FileManager.default.createDirectory(at: store.folder, withIntermediateDirectories: true)
    try Data().write(to: store.trashFolder)
    try Data().write(to: store.archived.folder)
    assertRefused(
      { try store.moveToTrash("brahms", at: date) },
      "could not move brahms to the trash: Not a directory")
    assertRefused(
      { try store.archive("brahms") }, "could not move brahms to the archive: Not a directory")
    XCTAssertEqual(store.names(), ["brahms"])
    XCTAssertEqual(try store.entries(of: "brahms").entries.count, 2)
  }

  /// A line being added in another terminal holds the journal's lock: a move then is refused
  /// rather than made under the writer's feet.
  func testAProtocolBeingWrittenIsNotMoved() throws {
    try made("brahms")
    let journal = store.folder.appendingPathComponent("brahms/journal.jsonl")
    let writer = open(journal.path, O_RDWR)
    defer { close(writer) }
    XCTAssertEqual(flock(writer, LOCK_EX), 0)
    let refusal =
      "a line is being added to it in another terminal at this moment; try again"
    assertRefused(
      { try store.rename("brahms", to: "schumann") },
      "could not move brahms to schumann: \(refusal)")
    assertRefused(
      { try store.archive("brahms") }, "could not move brahms to the archive: \(refusal)")
    assertRefused(
      { try store.moveToTrash("brahms", at: date) },
      "could not move brahms to the trash: \(refusal)")
    XCTAssertEqual(store.names(), ["brahms"])
    XCTAssertEqual(flock(writer, LOCK_UN), 0)
    try store.rename("brahms", to: "schumann")
    XCTAssertEqual(store.names(), ["schumann"])
  }

  /// Adds a line to brahms from another thread while its journal's lock is held here (as a
  /// move or a sync holds it), does `meanwhile` once the writer waits behind the lock, lets go,
  /// and returns what the writer got: "appended", or its error.
  private func appendWaitingBehindTheLock(meanwhile: () throws -> Void) throws -> String? {
    let journal = store.folder.appendingPathComponent("brahms/journal.jsonl")
    let holder = open(journal.path, O_RDWR)
    defer { close(holder) }
    XCTAssertEqual(flock(holder, LOCK_EX), 0)
    let (store, date) = (self.store, self.date)
    let outcome = Mutex<String?>(nil)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      do {
        try store.append(ProtocolStore.Entry(at: date, line: "1-8 +"), to: "brahms")
        outcome.withLock { $0 = "appended" }
      } catch {
        outcome.withLock { $0 = "\(error)" }
      }
      done.signal()
    }
    Thread.sleep(forTimeInterval: 0.3)
    try meanwhile()
    XCTAssertEqual(flock(holder, LOCK_UN), 0)
    done.wait()
    return outcome.withLock { $0 }
  }

  /// A writer that was waiting for the lock while the protocol was moved adds nothing: its
  /// line would land in a protocol of another name, or in the trash.
  func testAWriterWaitingWhileTheProtocolMovesRefusesItsLine() throws {
    try made("brahms")
    let source = store.folder.appendingPathComponent("brahms")
    let moved = store.folder.appendingPathComponent("schumann")
    let outcome = try appendWaitingBehindTheLock {
      XCTAssertEqual(rename(source.path, moved.path), 0)
    }
    XCTAssertEqual(
      outcome, "could not add to brahms: it was renamed, archived or deleted meanwhile")
    XCTAssertEqual(try store.entries(of: "schumann").entries.map(\.line), ["mvt 1: 1-40", "take"])
  }

  /// A writer that was waiting for the lock while a sync replaced the journal with its join
  /// adds nothing: what it read up to is no longer where it was, so it says why instead.
  func testAWriterWaitingWhileASyncReplacesTheJournalSaysSo() throws {
    try made("brahms")
    let journal = store.folder.appendingPathComponent("brahms/journal.jsonl")
    var joined = try Data(contentsOf: journal)
    let outcome = try appendWaitingBehindTheLock {
      // What a join that puts lines among the ones here does: a new file in the journal's place.
      joined.append(
        Data((#"{"at":"2026-11-21T15:44:30Z","line":"note from the desk"}"# + "\n").utf8))
      let replacement = journal.deletingLastPathComponent().appendingPathComponent("joined.tmp")
      try joined.write(to: replacement)
      XCTAssertEqual(rename(replacement.path, journal.path), 0)
    }
    XCTAssertEqual(
      outcome,
      "could not add to brahms: lines from another machine were joined into it meanwhile")
    XCTAssertEqual(try Data(contentsOf: journal), joined, "nothing added to the joined journal")
  }
}
