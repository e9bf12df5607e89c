import Foundation
import Glibc
import MusicTheory
import Storage
import TestHelpers
import XCTest

final class PackLibraryTests: StorageTestCase {
  private var shipped: URL { RepositoryPaths.assets.appendingPathComponent("packs") }

  func testEveryShippedPackLoadsAndTheBeginnerPackComesFirst() throws {
    let library = PackLibrary(builtIn: shipped, user: folder.file("packs"))
    XCTAssertEqual(library.problems, [])
    XCTAssertGreaterThanOrEqual(library.entries.count, 20)
    let first = try XCTUnwrap(library.packs.first)
    XCTAssertEqual(first.id, "treble-c4-b4")
    XCTAssertEqual(first.staff, .single(.treble))
    XCTAssertEqual(first.notes.map(\.description), ["C4", "D4", "E4", "F4", "G4", "A4", "B4"])
    // Every clef has a pack, and so do the grand staff, accidentals and key signatures.
    let staves = Set(library.packs.map(\.staff))
    XCTAssertEqual(staves, Set(Clef.allCases.map(NotePack.Staff.single) + [.grand]))
    XCTAssertTrue(
      library.packs.contains {
        $0.notes.contains { $0.accidental != .natural } && $0.key == .cMajor
      })
    XCTAssertTrue(library.packs.contains { $0.key.fifths > 0 })
    XCTAssertTrue(library.packs.contains { $0.key.fifths < 0 })
    XCTAssertTrue(library.entries.allSatisfy(\.isBuiltIn))
  }

  /// The catalogue's description when a teacher gives none: count, staff, key when not C, range.
  func testASummarySaysTheCountTheStaffTheKeyAndTheRange() throws {
    let library = PackLibrary(builtIn: shipped, user: folder.file("packs"))
    let summaries = Dictionary(
      uniqueKeysWithValues: library.packs.map { ($0.id, $0.summary) })
    XCTAssertEqual(summaries["treble-c4-b4"], "7 notes, treble clef, C4–B4")
    XCTAssertEqual(summaries["alto-staff"], "11 notes, alto clef, E3–A4")
    let keyed = try XCTUnwrap(library.pack(id: "treble-key-g"))
    XCTAssertTrue(keyed.summary.contains(", treble clef, key of G, "), keyed.summary)
    XCTAssertTrue(try XCTUnwrap(summaries["grand-staff"]).contains(" notes, grand staff, "))
  }

  private func write(_ text: String, _ name: String) throws -> URL {
    try folder.write(text, to: name)
    return folder.file(name)
  }

  func testEachMistakeNamesItsField() throws {
    let cases: [(String, String)] = [
      (
        #"{"id": "a", "name": "A", "clef": "trebel", "notes": ["C4","D4","E4","F4"]}"#,
        "clef: unknown clef \"trebel\""
      ),
      (
        #"{"id": "a", "name": "A", "clef": "treble", "notes": ["C4","D4","E4","H4"]}"#,
        "notes[3]: is not a note"
      ),
      (
        #"{"id": "a", "name": "A", "clef": "treble", "notes": ["C4","D4","E4","C9"]}"#,
        "notes[3]: C9 is outside C1 to C8"
      ),
      (
        #"{"id": "a", "name": "A", "clef": "treble", "notes": ["C4","D4","E4","C5"]}"#,
        "notes: needs at least 4 different note names"
      ),
      (
        #"{"id": "a", "name": "A", "clef": "treble", "notes": ["C4","D4","E4","F4","D4"]}"#,
        "notes[4]: D4 is already notes[1]"
      ),
      (
        #"{"id": "A b", "name": "A", "clef": "treble", "notes": ["C4","D4","E4","F4"]}"#,
        "id: use lower-case letters"
      ),
      (
        #"{"id": "a", "name": "A", "clef": "bass", "key": "H", "notes": ["C3","D3","E3","F3"]}"#,
        "key: unknown key \"H\""
      ),
      (
        #"{"id": "a", "name": "A", "clef": "bass", "level": 0.5, "notes": ["C3","D3","E3","F3"]}"#,
        "level: must be a whole number"
      ),
      (#"{"name": "A", "clef": "bass", "notes": ["C3","D3","E3","F3"]}"#, "id: must be a string"),
      (#"["C4"]"#, "pack: must be a JSON object"),
      (#"{"id": "a""#, "not valid JSON"),
    ]
    for (text, expected) in cases {
      let file = try write(text, "pack.json")
      XCTAssertThrowsError(try PackLibrary.read(file), text) { error in
        let description = "\(error)"
        XCTAssertTrue(description.hasPrefix("pack.json cannot be used: "), description)
        XCTAssertTrue(description.contains(expected), "\(description) should say \(expected)")
      }
    }
  }

  func testAddCopiesAValidPackAndNeverReplacesOne() throws {
    let user = folder.file("packs")
    let library = PackLibrary(builtIn: shipped, user: user)
    let mine = try write(
      #"{"id": "my-fifths", "name": "Fifths", "clef": "alto", "key": "D", "notes": ["D4","A3","E4","B3","F#4"]}"#,
      "fifths.json")
    let added = try library.add(file: mine, into: user)
    XCTAssertEqual(added.id, "my-fifths")
    XCTAssertEqual(folder.listing("packs"), ["my-fifths.json"])

    let reloaded = PackLibrary(builtIn: shipped, user: user)
    XCTAssertEqual(reloaded.pack(id: "my-fifths"), added)
    XCTAssertEqual(reloaded.entries.first { $0.pack.id == "my-fifths" }?.isBuiltIn, false)
    XCTAssertThrowsError(try reloaded.add(file: mine, into: user)) { error in
      XCTAssertTrue("\(error)".contains("already the id of my-fifths.json"), "\(error)")
    }
    let clash = try write(
      #"{"id": "treble-c4-b4", "name": "Mine", "clef": "treble", "notes": ["C4","D4","E4","F4"]}"#,
      "clash.json")
    XCTAssertThrowsError(try reloaded.add(file: clash, into: user))
    XCTAssertEqual(folder.listing("packs"), ["my-fifths.json"], "nothing replaced or added")
  }

  func testABrokenUserPackIsReportedAndTheRestLoad() throws {
    let user = folder.file("packs")
    try folder.write(
      #"{"id": "x", "name": "X", "clef": "tuba", "notes": []}"#, to: "packs/bad.json")
    try folder.write(
      #"{"id": "treble-c4-b4", "name": "Again", "clef": "treble", "notes": ["C4","D4","E4","F4"]}"#,
      to: "packs/again.json")
    let library = PackLibrary(builtIn: shipped, user: user)
    XCTAssertEqual(
      library.problems,
      [
        "again.json cannot be used: id: \"treble-c4-b4\" is already the id of treble-c4-b4.json",
        "bad.json cannot be used: clef: unknown clef \"tuba\"",
      ])
    XCTAssertEqual(library.pack(id: "treble-c4-b4")?.name, "Treble clef: C4 to B4")
  }

  func testAFIFOOrAHugeFileInThePacksFolderIsReportedAndNeverBlocks() throws {
    let user = folder.file("packs")
    try folder.write(String(repeating: " ", count: 5 << 20), to: "packs/huge.json")
    XCTAssertEqual(mkfifo(user.appendingPathComponent("pipe.json").path, 0o600), 0)
    let library = PackLibrary(builtIn: shipped, user: user)
    XCTAssertEqual(
      library.problems,
      [
        "could not read huge.json: it is 5 MB; a note pack may be at most 4 MB",
        "could not read pipe.json: it is a FIFO, not a regular file",
      ])
    XCTAssertFalse(library.packs.isEmpty)
  }
}
