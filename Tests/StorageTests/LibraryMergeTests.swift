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

/// Two machines edit, add and delete patterns apart and sync in a random order, each sync as
/// `woodshed sync` does it (the steps here, then everything sent, then what this machine
/// deleted removed): after both sync again they hold the same files as the backup, and with no
/// deletions every version either machine changed since its last sync survives.
final class LibraryMergeInterleavingTests: XCTestCase {
  private struct File: Equatable {
    var content: String
    var modifiedAt: Int
  }

  private struct Machine {
    var files: [String: File] = [:]
    var mark: [String: String] = [:]
  }

  private func sync(_ machine: inout Machine, _ backup: inout [String: File]) {
    func sides(_ files: [String: File]) -> [String: LibraryMerge.Side] {
      files.mapValues {
        .init(sha256: $0.content, modifiedAt: Date(timeIntervalSince1970: Double($0.modifiedAt)))
      }
    }
    let steps = LibraryMerge.steps(
      here: sides(machine.files), there: sides(backup), base: machine.mark)
    var taken = Set(machine.files.keys).union(backup.keys)
    for (path, step) in steps.sorted(by: { $0.key < $1.key }) {
      switch step {
      case .bring: machine.files[path] = backup[path]
      case .removeHere: machine.files[path] = nil
      case .join: XCTFail("no journals here")
      case .keepBoth(let copyIsHere):
        guard let mine = machine.files[path], let theirs = backup[path] else { continue }
        let moved = copyIsHere ? mine : theirs
        let copy = LibraryMerge.copy(of: Data(moved.content.utf8), path: path, taken: taken)
        taken.insert(copy.path)
        machine.files[copy.path] = File(
          content: String(decoding: copy.content, as: UTF8.self), modifiedAt: moved.modifiedAt)
        if copyIsHere { machine.files[path] = theirs }
      }
    }
    for (path, sha256) in machine.mark
    where machine.files[path] == nil && backup[path]?.content == sha256 {
      backup[path] = nil
    }
    for (path, file) in machine.files { backup[path] = file }
    machine.mark = machine.files.mapValues(\.content)
  }

  private func run(seed: UInt64, deletes: Bool) {
    var random = SeededRandom(seed: seed)
    var machines = [Machine(), Machine()]
    var backup: [String: File] = [:]
    var clock = 0
    for _ in 0..<60 {
      let which = Int.random(in: 0...1, using: &random)
      clock += 1
      let path = "data/patterns/p\(Int.random(in: 0..<5, using: &random)).json"
      switch Int.random(in: 0..<(deletes ? 4 : 3), using: &random) {
      case 0: sync(&machines[which], &backup)
      case 3: machines[which].files[path] = nil
      default: machines[which].files[path] = File(content: "v\(clock)", modifiedAt: clock)
      }
    }
    // What each machine changed since it last synced: a version it synced may since have
    // been changed on the other machine, which then replaces it.
    let unsynced = Set(
      machines.flatMap { machine in
        machine.files.filter { machine.mark[$0.key] != $0.value.content }.values.map(\.content)
      })
    for which in [0, 1, 0] { sync(&machines[which], &backup) }
    XCTAssertEqual(machines[0].files, machines[1].files, "seed \(seed)")
    XCTAssertEqual(machines[0].files, backup, "seed \(seed)")
    if !deletes {
      XCTAssertTrue(
        unsynced.isSubset(of: Set(backup.values.map(\.content))), "nothing lost, seed \(seed)")
    }
  }

  func testRandomInterleavingsEndTheSameAndLoseNothing() {
    for seed in 0..<300 as Range<UInt64> {
      run(seed: seed, deletes: false)
      run(seed: seed, deletes: true)
    }
  }
}

/// SplitMix64: the same interleavings on every run.
private struct SeededRandom: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
