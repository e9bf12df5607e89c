import Foundation
import Storage
import XCTest

final class LibraryMergeTests: XCTestCase {
  private func side(_ sha256: String, at seconds: Double = 0) -> LibraryMerge.Side {
    LibraryMerge.Side(sha256: sha256, modifiedAt: Date(timeIntervalSince1970: seconds))
  }

  func testEachSideKeepsWhatOnlyItChangedAddedOrDeleted() {
    let base = [
      "data/patterns/both-same.json": "a", "data/patterns/mine-changed.json": "a",
      "data/patterns/theirs-changed.json": "a", "data/rhythms/theirs-deleted.json": "a",
      "data/rhythms/mine-deleted.json": "a",
    ]
    let here = [
      "data/patterns/both-same.json": side("a"), "data/patterns/mine-changed.json": side("b"),
      "data/patterns/theirs-changed.json": side("a"), "data/rhythms/theirs-deleted.json": side("a"),
      "data/patterns/mine-new.json": side("n"),
    ]
    let there = [
      "data/patterns/both-same.json": side("a"), "data/patterns/mine-changed.json": side("a"),
      "data/patterns/theirs-changed.json": side("c"), "data/rhythms/mine-deleted.json": side("a"),
      "data/rhythms/theirs-new.json": side("t"),
    ]
    XCTAssertEqual(
      LibraryMerge.steps(here: here, there: there, base: base),
      [
        "data/patterns/theirs-changed.json": .bring, "data/rhythms/theirs-new.json": .bring,
        "data/rhythms/theirs-deleted.json": .removeHere,
      ],
      "what this side changed, added or deleted alone is sent or removed there as before")
  }

  func testAChangeOutlivesADeletionOnTheOtherSide() {
    let base = ["data/patterns/a.json": "a", "data/patterns/b.json": "b"]
    let here = ["data/patterns/a.json": side("a2")]
    let there = ["data/patterns/b.json": side("b2")]
    XCTAssertEqual(
      LibraryMerge.steps(here: here, there: there, base: base), ["data/patterns/b.json": .bring],
      "a.json, changed here and deleted there, stays here to be sent")
  }

  func testBothChangedKeepsBothTheLaterAsTheCopy() {
    let base = ["data/patterns/lick.json": "a", "data/rhythms/groove.json": "a"]
    let here = [
      "data/patterns/lick.json": side("b", at: 200), "data/rhythms/groove.json": side("b", at: 100),
    ]
    let there = [
      "data/patterns/lick.json": side("c", at: 100), "data/rhythms/groove.json": side("c", at: 200),
    ]
    XCTAssertEqual(
      LibraryMerge.steps(here: here, there: there, base: base),
      [
        "data/patterns/lick.json": .keepBoth(copyIsHere: true),
        "data/rhythms/groove.json": .keepBoth(copyIsHere: false),
      ])
  }

  func testMachinesThatNeverMetLoseNothingAndDeleteNothing() {
    let here = ["data/patterns/a.json": side("a"), "data/patterns/same.json": side("s")]
    let there = [
      "data/patterns/a.json": side("b", at: 5), "data/patterns/same.json": side("s"),
      "data/patterns/c.json": side("c"),
    ]
    XCTAssertEqual(
      LibraryMerge.steps(here: here, there: there, base: [:]),
      ["data/patterns/a.json": .keepBoth(copyIsHere: false), "data/patterns/c.json": .bring])
  }

  func testJournalsAreJoinedAndASessionFileTakesTheNewerSide() {
    let base = [
      "data/protocols/gig/journal.jsonl": "a", "data/protocols/gig/session.json": "a",
      "data/protocols/.archive/old/session.json": "a",
    ]
    let here = [
      "data/protocols/gig/journal.jsonl": side("b"), "data/protocols/gig/session.json": side("b"),
      "data/protocols/.archive/old/session.json": side("b", at: 9),
    ]
    let there = [
      "data/protocols/gig/journal.jsonl": side("c"),
      "data/protocols/gig/session.json": side("c", at: 1),
      "data/protocols/.archive/old/session.json": side("c", at: 1),
    ]
    XCTAssertEqual(
      LibraryMerge.steps(here: here, there: there, base: base),
      ["data/protocols/gig/journal.jsonl": .join, "data/protocols/gig/session.json": .bring])
  }

  func testACopyIsNamedAsTheEditorNamesOneWithAnIdNoOtherFileHas() throws {
    let pattern = Data(
      #"{"category":"scale","id":"my-box","name":"My box","tones":[],"tuning":"standard"}"#.utf8)
    let first = LibraryMerge.copy(
      of: pattern, path: "data/patterns/my-box.json", taken: ["data/patterns/my-box.json"])
    XCTAssertEqual(first.path, "data/patterns/my-box-copy.json")
    XCTAssertEqual(first.name, "My box")
    XCTAssertEqual(first.copyName, "My box (copy)")
    let fields = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: first.content) as? [String: Any])
    XCTAssertEqual(fields["id"] as? String, "my-box-copy")
    XCTAssertEqual(fields["name"] as? String, "My box (copy)")
    XCTAssertEqual(fields["tuning"] as? String, "standard", "the rest kept")
    XCTAssertEqual(first.content.last, 0x0A)

    let second = LibraryMerge.copy(
      of: pattern, path: "data/patterns/my-box.json",
      taken: ["data/patterns/my-box.json", "data/patterns/my-box-copy.json"])
    XCTAssertEqual(second.path, "data/patterns/my-box-copy-2.json")
    XCTAssertEqual(second.copyName, "My box (copy 2)")
  }

  func testAFileThatIsNoPatternKeepsItsBytesUnderACopysFileName() {
    let odd = Data(#"{"id":"odd"}"#.utf8)
    let copy = LibraryMerge.copy(of: odd, path: "data/rhythms/odd.json", taken: [])
    XCTAssertEqual(copy.path, "data/rhythms/odd (copy).json")
    XCTAssertEqual(copy.content, odd)
    XCTAssertEqual(copy.copyName, "odd (copy)")
  }
}

final class JournalMergeTests: StorageTestCase {
  private func line(_ text: String, at second: Int) -> String {
    #"{"at":"2026-11-27T13:40:\#(String(format: "%02d", second)).000Z","by":"ada","line":"\#(text)"}"#
  }

  private func journal(_ lines: [String]) -> Data { Data(lines.map { $0 + "\n" }.joined().utf8) }

  func testALongerCopyOfTheSameJournalIsTheJoinByteForByte() {
    let short = journal([line("work Bach", at: 1)])
    let long = journal([line("work Bach", at: 1), line("take", at: 5)])
    XCTAssertEqual(JournalMerge.merged(short, with: long), long)
    XCTAssertEqual(JournalMerge.merged(long, with: short), long)
    XCTAssertEqual(JournalMerge.merged(Data(), with: long), long)
  }

  func testLinesBothAddedFollowTheSharedOnesInTimeEachOnce() {
    let shared = [line("work Bach", at: 1)]
    let laptop = journal(shared + [line("take", at: 5), line("end", at: 9)])
    let desk = journal(shared + [line("mark", at: 3), line("note", at: 9), line("take", at: 5)])
    XCTAssertEqual(
      String(decoding: JournalMerge.merged(laptop, with: desk), as: UTF8.self),
      (shared + [line("mark", at: 3), line("take", at: 5), line("end", at: 9), line("note", at: 9)])
        .map { $0 + "\n" }.joined(),
      "a line both hold is kept once; at the same instant this machine's first")
  }

  func testAJoinAppendsUnderTheLockOrReplacesTheJournal() throws {
    let file = folder.url.appendingPathComponent("gig/journal.jsonl")
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let shared = journal([line("work Bach", at: 1)])
    try shared.write(to: file)
    let longer = journal([line("work Bach", at: 1), line("take", at: 5)])
    XCTAssertEqual(try ProtocolStore.joinJournal(longer, into: file), 1)
    XCTAssertEqual(try Data(contentsOf: file), longer)
    XCTAssertEqual(try ProtocolStore.joinJournal(shared, into: file), 0)
    let other = journal([line("work Bach", at: 1), line("mark", at: 3)])
    XCTAssertEqual(try ProtocolStore.joinJournal(other, into: file), 1)
    XCTAssertEqual(
      try Data(contentsOf: file),
      journal([line("work Bach", at: 1), line("mark", at: 3), line("take", at: 5)]))
  }
}
