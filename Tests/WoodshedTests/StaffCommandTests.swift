import Foundation
import XCTest

/// `woodshed staff`: a staff as text on standard output.
final class StaffCommandTests: XCTestCase {
  private var woodshed: WoodshedProcess!

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
  }

  override func tearDown() {
    woodshed.remove()
  }

  func testNotesInTheTenorClefInASCII() throws {
    let result = try woodshed.run([
      "staff", "--clef", "tenor", "--glyphs", "ascii", "C4", "Bb3", "|", "D3",
    ])
    XCTAssertEqual(result.status, 0, result.error)
    XCTAssertEqual(
      result.output,
      """

      -|-/\\-------------|-------
       | \\|             |
      -|--<-----o-------|-------
       | /|        b o  |
      -|-\\/-------------|-------
                        |
      ------------------|-------
                        |
      ------------------|---o---

      Notes: C4, Bb3 | D3

      """)
  }

  /// The notes are also in words under the staff, with their octaves, in the player's
  /// language and note names: what a screen reader or a braille display reads of it.
  func testTheNotesAreNamedInWordsInThePlayersLanguage() throws {
    let english = try woodshed.run(["staff", "--key", "F", "F4", "Bb4", "|", "C#5", "C2"])
    XCTAssertEqual(english.status, 0, english.error)
    XCTAssertTrue(english.output.hasSuffix("\nNotes: F4, B♭4 | C♯5, C2\n"), english.output)
    try woodshed.writeSettings(#"{"language": "ca", "noteNaming": "latin"}"#)
    let catalan = try woodshed.run(["staff", "--clef", "bass", "Eb3", "G3"])
    XCTAssertTrue(catalan.output.hasSuffix("\nNotes: Mi♭3, Sol3\n"), catalan.output)
    try woodshed.writeSettings(#"{"language": "es"}"#)
    let spanish = try woodshed.run(
      ["staff", "Bb3", "F#4"], environment: woodshed.environment(lang: "C"))
    XCTAssertTrue(spanish.output.hasSuffix("\nNotas: Bb3, F#4\n"), spanish.output)
    XCTAssertTrue(spanish.output.allSatisfy(\.isASCII), spanish.output)
    XCTAssertFalse(
      try woodshed.run(["staff"]).output.contains("Notas"), "no words for an empty staff")
  }

  func testTheEmptyStaffWithAKeySignature() throws {
    let result = try woodshed.run(["staff", "--key", "A", "--glyphs", "ascii"])
    XCTAssertEqual(result.status, 0, result.error)
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertEqual(lines.filter { $0.hasPrefix("-") }.count, 5, result.output)
    XCTAssertEqual(result.output.filter { $0 == "#" }.count, 3, result.output)
  }

  func testBadNotesClefsAndKeysAreOneLineErrors() throws {
    for arguments in [["H4"], ["C9"], ["--clef", "sopran", "C4"], ["--key", "H", "C4"], ["C#"]] {
      let result = try woodshed.run(["staff"] + arguments)
      XCTAssertEqual(result.status, 1, "\(arguments)")
      XCTAssertEqual(result.error.split(separator: "\n").count, 1, result.error)
      XCTAssertTrue(result.output.isEmpty, result.output)
    }
  }

  func testPacksAreListedAndAUsersPackIsAddedOnce() throws {
    let listed = try woodshed.run(["packs"])
    XCTAssertEqual(listed.status, 0, listed.error)
    XCTAssertTrue(listed.output.hasPrefix("treble-c4-b4 "), listed.output)
    let pack = woodshed.home.appendingPathComponent("mine.json")
    try Data(
      #"{"id": "mine", "name": "My notes", "clef": "tenor", "notes": ["C4","D4","E4","F4"]}"#.utf8
    )
    .write(to: pack)
    let added = try woodshed.run(["packs", "add", pack.path])
    XCTAssertEqual(added.status, 0, added.error)
    XCTAssertEqual(added.output, "added mine: My notes (4 notes, tenor)\n")
    let again = try woodshed.run(["packs", "add", pack.path])
    XCTAssertEqual(again.status, 1)
    XCTAssertEqual(
      again.error, "Error: not saving mine.json: id: \"mine\" is already the id of mine.json\n")
    let relisted = try woodshed.run(["packs", "list"])
    XCTAssertTrue(relisted.output.contains("My notes (yours)"), relisted.output)
  }

  /// Names from files are text, never terminal commands; values quoted back stay short.
  func testANameWithEscapeCodesIsPrintedWithoutThemAndALongIdIsShortened() throws {
    let pack = woodshed.home.appendingPathComponent("title.json")
    let name = #"Mine\u001b]0;owned\u0007\u001b[2J"#
    try Data(
      #"{"id": "title", "name": "\#(name)", "clef": "bass", "notes": ["C3","D3","E3","F3"]}"#.utf8
    )
    .write(to: pack)
    let added = try woodshed.run(["packs", "add", pack.path])
    XCTAssertEqual(added.status, 0, added.error)
    XCTAssertEqual(added.output, "added title: Mine]0;owned[2J (4 notes, bass)\n")
    let listed = try woodshed.run(["packs", "list"])
    XCTAssertFalse(listed.output.contains("\u{1B}"), listed.output)
    XCTAssertFalse(listed.output.contains("\u{07}"), listed.output)
    XCTAssertTrue(listed.output.contains("Mine]0;owned[2J (yours)"), listed.output)

    let id = String(repeating: "x", count: 10_000)
    let missing = try woodshed.run(["patterns", "export", id])
    XCTAssertNotEqual(missing.status, 0)
    XCTAssertEqual(missing.error.split(separator: "\n").count, 1, missing.error)
    XCTAssertLessThan(missing.error.count, 300, missing.error)
    XCTAssertTrue(missing.error.contains("(10003 characters)"), missing.error)
  }
}
