import Foundation
import XCTest

/// `woodshed protocol new NAME --script FILE`: a narration script's lines as the bars of a
/// protocol, logged, planned and exported from the shell like a score's.
final class ProtocolScriptCommandTests: XCTestCase {
  private var woodshed: WoodshedProcess!

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
  }

  override func tearDown() {
    woodshed.remove()
  }

  private func protocolCommand(_ arguments: [String]) throws -> (
    status: Int32, output: String, error: String
  ) {
    try woodshed.run(["protocol"] + arguments)
  }

  private func writeScript(_ text: String, named name: String = "audiobook.md") throws -> URL {
    let file = woodshed.home.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file
  }

  private func journalLines(_ name: String) throws -> [String] {
    let journal = try String(
      contentsOf: woodshed.home.appendingPathComponent("data/protocols/\(name)/journal.jsonl"),
      encoding: .utf8)
    return journal.split(separator: "\n").compactMap {
      ((try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any])?["line"]
        as? String
    }
  }

  func testAScriptIsImportedLoggedPlannedAndExportedByItsLines() throws {
    let script = try writeScript(
      """
      Read by the author.

      # Chapter 1: "Night"
      It was a dark night.
      The wind rose.

      Nobody came.

      ## Chapter 2
      Morning.
      """)
    let created = try protocolCommand(["new", "book", "--script", script.path])
    XCTAssertEqual(created.status, 0, created.error)
    XCTAssertEqual(
      try journalLines("book"),
      ["mvt 1: p1.1", "mvt 2 \"Chapter 1: Night\": p2.1-2 p3.1", "mvt 3 \"Chapter 2\": p4.1"])
    for entry in [
      "mvt 2", "take @p2.1", "p2.1-p3.1 +", "p2.2 w", "end p3.1", "take @p2.2", "p2.2-p3.1 ++",
      "end p3.1",
    ] {
      let result = try protocolCommand(["add", "book", entry])
      XCTAssertEqual(result.status, 0, "\(entry): \(result.error)")
    }
    let beat = try protocolCommand(["add", "book", "p2.2.1 +"])
    XCTAssertEqual(beat.error, "Error: line p2.2 of a script has no beats: write p2.2\n")
    let plan = try protocolCommand(["plan", "book"])
    XCTAssertEqual(plan.status, 0, plan.error)
    XCTAssertEqual(
      plan.output,
      """
      movement 1
        no take: p1.1
      movement 2: Chapter 1: Night
        take 1: p2.1
        take 2: p2.2–p3.1
      movement 3: Chapter 2
        no take: p4.1

      """)
    let csv = try protocolCommand(["export", "book", "--format", "csv"])
    XCTAssertEqual(csv.status, 0, csv.error)
    XCTAssertTrue(csv.output.contains(",2,1,p2.1,p3.1,"), csv.output)
    XCTAssertTrue(csv.output.contains(",p2.2,p2.2,"), csv.output)
    let markdown = try protocolCommand(["export", "book", "--format", "md"])
    XCTAssertEqual(markdown.status, 0, markdown.error)
    XCTAssertTrue(markdown.output.contains("- take 2: p2.2–p3.1"), markdown.output)
    // The marked lines' text, whole when short, else the first words of each line.
    XCTAssertTrue(
      markdown.output.contains("p2.2 wrong note “The wind rose.”"), markdown.output)
    XCTAssertTrue(
      markdown.output.contains(
        "p2.1–p3.1 + “It was a dark night. / The wind rose. / Nobody came.”"),
      markdown.output)
    XCTAssertTrue(markdown.output.contains("| Take | Lines | Began |"), markdown.output)
    XCTAssertTrue(markdown.output.contains("- line p1.1: no take"), markdown.output)
    let html = try protocolCommand(["export", "book", "--format", "html"])
    XCTAssertTrue(html.output.contains("<p>lines p2.1–p3.1</p>"), html.output)
  }

  func testAFileThatIsNoScriptIsRefusedInOneLineAndNoProtocolIsMade() throws {
    let empty = try writeScript("\n\n# Title only\n", named: "empty.md")
    let binary = woodshed.home.appendingPathComponent("take.wav")
    try Data([0x52, 0x49, 0x46, 0x46, 0x00, 0x10, 0xFF, 0xFE]).write(to: binary)
    let malformed = woodshed.home.appendingPathComponent("latin1.txt")
    try Data([0x43, 0x61, 0x66, 0xE9, 0x0A]).write(to: malformed)
    let expected = [
      (empty, "Error: empty.md cannot be used: the script has no line of text\n"),
      (binary, "Error: take.wav cannot be used: a script is text in UTF-8, and this file is not\n"),
      (
        malformed,
        "Error: latin1.txt cannot be used: a script is text in UTF-8, and this file is not\n"
      ),
    ]
    for (file, error) in expected {
      let result = try protocolCommand(["new", "book", "--script", file.path])
      XCTAssertNotEqual(result.status, 0, file.path)
      XCTAssertEqual(result.error, error)
    }
    let missing = try protocolCommand(["new", "book", "--script", "/nonexistent/book.md"])
    XCTAssertNotEqual(missing.status, 0)
    XCTAssertEqual(missing.error.filter { $0 == "\n" }.count, 1, missing.error)
    XCTAssertEqual(try protocolCommand(["list"]).output, "")
  }

  func testTheRefusalIsSaidInTheUsersLanguage() throws {
    try woodshed.writeSettings(#"{"version": 1, "language": "es"}"#)
    let empty = try writeScript("", named: "vacío.md")
    let result = try protocolCommand(["new", "libro", "--script", empty.path])
    XCTAssertNotEqual(result.status, 0)
    XCTAssertTrue(
      result.error.hasSuffix(
        ": vacío.md no se puede usar: el guion no tiene ninguna línea de texto\n"),
      result.error)
    XCTAssertEqual(result.error.filter { $0 == "\n" }.count, 1, result.error)
  }
}
