import Foundation
import Glibc
import Storage
import XCTest

/// The state saved next to a protocol's journal, on real files: it is used only while it
/// stands for the journal's first lines as they are, and moves with its protocol.
final class ProtocolStateStoreTests: StorageTestCase {
  private var store: ProtocolStore { ProtocolStore(folder: folder.file("protocols")) }
  private let date = StorageTestCase.fixedDate
  private let state: [UInt8] = Array("the session after two lines".utf8)

  private func made(_ name: String, lines: [String] = ["mvt 1: 1-40", "take"]) throws {
    try store.create(name, at: date)
    for line in lines {
      try store.append(ProtocolStore.Entry(at: date, line: line, by: "producer"), to: name)
    }
  }

  private func stateFile(_ name: String, in store: ProtocolStore) -> URL {
    store.folder.appendingPathComponent("\(name)/journal.state")
  }

  /// The state for the journal as it stands, and where it ends.
  private func saved(_ name: String) throws -> ProtocolStore.Position {
    let end = try store.read(name, from: ProtocolStore.Position()).end
    XCTAssertTrue(store.saveState(state, upTo: end, of: name))
    return end
  }

  func testAStateIsReadBackWithOnlyTheLinesAfterIt() throws {
    try made("brahms")
    let end = try saved("brahms")
    let (resumed, tail) = try store.readResuming("brahms")
    XCTAssertEqual(resumed.map { Array($0.bytes) }, state)
    XCTAssertEqual(resumed?.position, end)
    XCTAssertEqual(tail.entries, [])
    try store.append(ProtocolStore.Entry(at: date, line: "4 +", by: "assistant"), to: "brahms")
    let (again, later) = try store.readResuming("brahms")
    XCTAssertEqual(again?.position, end, "a line appended leaves the state standing")
    XCTAssertEqual(later.entries.map(\.line), ["4 +"])
    XCTAssertEqual(later.end.line, 3)
    XCTAssertEqual(later.ends, [later.end])
    XCTAssertEqual(store.names(), ["brahms"])
  }

  func testAStateThatNoLongerStandsForTheJournalIsNotUsed() throws {
    try made("brahms")
    try made("dvorak", lines: ["mvt 1: 1-40", "take 2"])
    _ = try saved("brahms")
    let journal = store.folder.appendingPathComponent("brahms/journal.jsonl")
    let original = try Data(contentsOf: journal)
    func assertFullRead(_ why: String, line: UInt = #line) throws {
      let (resumed, tail) = try store.readResuming("brahms")
      XCTAssertNil(resumed, why, line: line)
      XCTAssertEqual(tail.entries.count, tail.ends.count, line: line)
      XCTAssertEqual(tail.end.offset, try Data(contentsOf: journal).count, why, line: line)
    }
    // The same length, another line: `take 2` for `take 1`.
    try Data(
      String(decoding: original, as: UTF8.self).replacingOccurrences(
        of: "\"take\"", with: "\"tak2\""
      ).utf8
    )
    .write(to: journal)
    try assertFullRead("a line changed")
    try original.prefix(through: try XCTUnwrap(original.firstIndex(of: 0x0A))).write(to: journal)
    try assertFullRead("the journal is shorter")
    try original.write(to: journal)
    XCTAssertNotNil(try store.readResuming("brahms").state, "the journal as it was")

    let good = try Data(contentsOf: stateFile("brahms", in: store))
    for position in [0, 9, 20, good.count - 1] {
      var damaged = good
      damaged[position] ^= 0x20
      try damaged.write(to: stateFile("brahms", in: store))
      try assertFullRead("byte \(position) damaged")
    }
    try good.prefix(30).write(to: stateFile("brahms", in: store))
    try assertFullRead("cut short")
    try Data().write(to: stateFile("brahms", in: store))
    try assertFullRead("empty")
    _ = try saved("dvorak")
    try FileManager.default.removeItem(at: stateFile("brahms", in: store))
    try FileManager.default.copyItem(
      at: stateFile("dvorak", in: store), to: stateFile("brahms", in: store))
    try assertFullRead("another protocol's state")
  }

  func testAStateMovesWithItsProtocolAndStaysOutOfTheList() throws {
    try made("brahms")
    let end = try saved("brahms")
    try store.rename("brahms", to: "brahms-op-38")
    XCTAssertEqual(try store.readResuming("brahms-op-38").state?.position, end)
    try store.archive("brahms-op-38")
    XCTAssertEqual(store.names(), [])
    XCTAssertEqual(try store.archived.readResuming("brahms-op-38").state?.position, end)
    try store.unarchive("brahms-op-38")
    let trashed = try store.moveToTrash("brahms-op-38", at: date)
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: trashed.appendingPathComponent("journal.state").path))
    XCTAssertEqual(store.names(), [])
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: store.folder.appendingPathComponent("brahms").path))
    XCTAssertFalse(store.saveState(state, upTo: end, of: "brahms-op-38"), "it is gone")
  }

  /// Saving never waits for a writer nor makes a protocol's folder again after a move.
  func testSavingGivesUpWhileALineIsAppendedAndWhenTheJournalIsShorter() throws {
    try made("brahms")
    let end = try store.read("brahms", from: ProtocolStore.Position()).end
    let journal = store.folder.appendingPathComponent("brahms/journal.jsonl")
    let writer = open(journal.path, O_RDWR)
    defer { close(writer) }
    XCTAssertEqual(flock(writer, LOCK_EX), 0)
    XCTAssertFalse(store.saveState(state, upTo: end, of: "brahms"))
    XCTAssertEqual(flock(writer, LOCK_UN), 0)
    var beyond = end
    beyond.offset += 1
    XCTAssertFalse(store.saveState(state, upTo: beyond, of: "brahms"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: stateFile("brahms", in: store).path))
    XCTAssertTrue(store.saveState(state, upTo: end, of: "brahms"))
  }
}
