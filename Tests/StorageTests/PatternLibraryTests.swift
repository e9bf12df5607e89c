import Foundation
import MusicTheory
import Storage
import XCTest

final class PatternLibraryTests: StorageTestCase {
  private var builtIn: URL { folder.file("assets/patterns") }
  private var user: URL { folder.file("data/patterns") }

  private func pattern(_ id: String, _ category: String = "scale", name: String = "P") -> String {
    #"{"id": "\#(id)", "name": "\#(name)", "category": "\#(category)", "tuning": "standard", "tones": [{"string": 6, "fret": 0}]}"#
  }

  func testOrderIsCategoryThenFamilyThenPositionNumber() throws {
    for id in ["dorian-10", "dorian-2", "blues-1", "dorian-1"] {
      try folder.write(pattern(id), to: "assets/patterns/\(id).json")
    }
    try folder.write(pattern("m7-arpeggio-1", "arpeggio"), to: "assets/patterns/a.json")
    try folder.write(pattern("barre-e", "chord"), to: "data/patterns/barre-e.json")
    try folder.write(pattern("my-lick"), to: "data/patterns/my-lick.json")
    try folder.write(pattern("dorian"), to: "data/patterns/dorian.json")
    let library = PatternLibrary(builtIn: builtIn, user: user)
    XCTAssertEqual(library.problems, [])
    XCTAssertEqual(
      library.patterns.map(\.id),
      [
        "blues-1", "dorian", "dorian-1", "dorian-2", "dorian-10", "my-lick", "m7-arpeggio-1",
        "barre-e",
      ])
    XCTAssertEqual(library.entries.filter(\.isBuiltIn).count, 5)
    XCTAssertEqual(library.entries.first { $0.pattern.id == "my-lick" }?.isBuiltIn, false)
  }

  func testABrokenFileIsReportedAndTheRestLoad() throws {
    try folder.write(pattern("dorian-1"), to: "assets/patterns/dorian-1.json")
    try folder.write(pattern("dorian-1", name: "Mine"), to: "data/patterns/again.json")
    try folder.write(pattern("x", "scales"), to: "data/patterns/bad.json")
    try folder.write("{", to: "data/patterns/cut.json")
    try folder.write("not a pattern", to: "data/patterns/notes.txt")
    let library = PatternLibrary(builtIn: builtIn, user: user)
    XCTAssertEqual(
      library.problems,
      [
        #"again.json cannot be used: id: "dorian-1" is already the id of dorian-1.json"#,
        #"bad.json cannot be used: category: unknown category "scales"; use scale, arpeggio, chord"#,
        "cut.json cannot be used: not valid JSON",
      ])
    XCTAssertEqual(library.patterns.map(\.id), ["dorian-1"])
    XCTAssertEqual(library.pattern(id: "dorian-1")?.name, "P", "the built-in one wins")
  }

  /// A shared pattern comes as bytes: it meets the checks a file meets, limit first.
  func testDecodingBytesChecksAsReadingAFileDoes() throws {
    let text = #"{"id": "x", "name": 3}"#
    try folder.write(text, to: "bad.json")
    var fileError = ""
    var bytesError = ""
    do { _ = try PatternLibrary.read(folder.file("bad.json")) } catch { fileError = "\(error)" }
    do { _ = try PatternLibrary.decode(Data(text.utf8), file: "bad.json") } catch {
      bytesError = "\(error)"
    }
    XCTAssertFalse(fileError.isEmpty)
    XCTAssertEqual(bytesError, fileError)
    XCTAssertEqual(
      try PatternLibrary.decode(Data(pattern("shared").utf8), file: "shared").id, "shared")
    let huge = Data(repeating: UInt8(ascii: " "), count: 1 << 20 + 1)
    XCTAssertThrowsError(try PatternLibrary.decode(huge, file: "huge")) { error in
      XCTAssertTrue("\(error)".contains("larger than"), "\(error)")
    }
  }

  func testMissingFoldersHoldNoPatterns() {
    let library = PatternLibrary(builtIn: builtIn, user: user)
    XCTAssertEqual(library.entries, [])
    XCTAssertEqual(library.problems, [])
  }

  func testAddCopiesAValidPatternAndReplacesOnlyTheUsersOwnWhenAsked() throws {
    try folder.write(pattern("dorian-1"), to: "assets/patterns/dorian-1.json")
    let mine = try folder.write(pattern("my-lick", name: "First"), to: "mine.json")
    let added = try PatternLibrary(builtIn: builtIn, user: user).add(file: mine, into: user)
    XCTAssertEqual(added.id, "my-lick")
    XCTAssertEqual(folder.listing("data/patterns"), ["my-lick.json"])

    let library = PatternLibrary(builtIn: builtIn, user: user)
    let changed = try folder.write(pattern("my-lick", name: "Second"), to: "changed.json")
    XCTAssertThrowsError(try library.add(file: changed, into: user)) { error in
      XCTAssertEqual(
        "\(error)", #"not saving changed.json: id: "my-lick" is already the id of my-lick.json"#)
    }
    XCTAssertEqual(library.pattern(id: "my-lick")?.name, "First")
    try library.add(file: changed, into: user, replacing: true)
    XCTAssertEqual(
      PatternLibrary(builtIn: builtIn, user: user).pattern(id: "my-lick")?.name, "Second")

    let clash = try folder.write(pattern("dorian-1", name: "Mine"), to: "clash.json")
    for replacing in [false, true] {
      XCTAssertThrowsError(try library.add(file: clash, into: user, replacing: replacing)) {
        error in
        XCTAssertTrue("\(error)".contains("already the id of dorian-1.json"), "\(error)")
      }
    }
    let broken = try folder.write(pattern("Bad"), to: "broken.json")
    XCTAssertThrowsError(try library.add(file: broken, into: user, replacing: true)) { error in
      XCTAssertEqual(
        "\(error)", "broken.json cannot be used: id: use lower-case letters, digits and hyphens")
    }
    XCTAssertEqual(folder.listing("data/patterns"), ["my-lick.json"], "nothing else added")
  }

  func testReplacingWritesOverTheFileThatHoldsTheId() throws {
    try folder.write(pattern("my-lick", name: "First"), to: "data/patterns/lick.json")
    let library = PatternLibrary(builtIn: builtIn, user: user)
    let changed = try folder.write(pattern("my-lick", name: "Second"), to: "changed.json")
    try library.add(file: changed, into: user, replacing: true)
    XCTAssertEqual(folder.listing("data/patterns"), ["lick.json"], "no second file with the id")
    XCTAssertEqual(
      PatternLibrary(builtIn: builtIn, user: user).pattern(id: "my-lick")?.name, "Second")
  }

  func testAFileInTheWayIsKeptUnlessReplacing() throws {
    try folder.write("{", to: "data/patterns/my-lick.json")
    let library = PatternLibrary(builtIn: builtIn, user: user)
    let mine = try folder.write(pattern("my-lick"), to: "mine.json")
    XCTAssertThrowsError(try library.add(file: mine, into: user)) { error in
      XCTAssertTrue(
        "\(error)".hasPrefix("not saving my-lick.json: a file of that name"), "\(error)")
    }
    XCTAssertEqual(folder.text("data/patterns/my-lick.json"), "{")
    try library.add(file: mine, into: user, replacing: true)
    XCTAssertEqual(PatternLibrary(builtIn: builtIn, user: user).problems, [])
  }

  func testExportWritesTheSameFileTheLibraryReads() throws {
    try folder.write(pattern("dorian-1"), to: "assets/patterns/dorian-1.json")
    let library = PatternLibrary(builtIn: builtIn, user: user)
    let shared = folder.file("shared/dorian.json")
    try library.export(id: "dorian-1", to: shared)
    XCTAssertEqual(try PatternLibrary.read(shared), library.pattern(id: "dorian-1"))
    XCTAssertEqual(
      folder.data("shared/dorian.json"), try library.pattern(id: "dorian-1")?.fileData())
    XCTAssertThrowsError(try library.export(id: "lydian-1", to: shared)) { error in
      XCTAssertEqual("\(error)", #"not saving dorian.json: no pattern has the id "lydian-1""#)
    }
  }

  func testSaveWritesTheEditorsPatternAfterTheSameChecks() throws {
    try folder.write(pattern("dorian-1"), to: "assets/patterns/dorian-1.json")
    let library = PatternLibrary(builtIn: builtIn, user: user)
    let drawn = FretPattern(
      id: "my-shape", name: "My shape", category: .scale, tuning: .guitarStandard,
      tones: [.init(string: 6, offset: 0), .init(string: 6, offset: 2)])
    try library.save(drawn, into: user)
    XCTAssertEqual(folder.listing("data/patterns"), ["my-shape.json"], "the folder is made")
    XCTAssertEqual(PatternLibrary(builtIn: builtIn, user: user).pattern(id: "my-shape"), drawn)

    var builtInId = drawn
    builtInId.id = "dorian-1"
    XCTAssertThrowsError(try library.save(builtInId, into: user, replacing: true))
    var empty = drawn
    empty.id = "empty"
    empty.tones = []
    XCTAssertThrowsError(try library.save(empty, into: user)) { error in
      XCTAssertTrue("\(error)".contains("tones"), "\(error)")
    }
  }

  func testRemoveDeletesOnlyTheUsersOwn() throws {
    try folder.write(pattern("dorian-1"), to: "assets/patterns/dorian-1.json")
    try folder.write(pattern("my-lick"), to: "data/patterns/lick.json")
    let library = PatternLibrary(builtIn: builtIn, user: user)
    XCTAssertThrowsError(try library.remove(id: "dorian-1")) { error in
      XCTAssertTrue("\(error)".contains("Woodshed's own"), "\(error)")
    }
    XCTAssertThrowsError(try library.remove(id: "nothing"))
    try library.remove(id: "my-lick")
    XCTAssertEqual(folder.listing("data/patterns"), [])
    XCTAssertEqual(folder.listing("assets/patterns"), ["dorian-1.json"])
  }
}
