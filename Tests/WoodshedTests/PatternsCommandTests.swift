import Foundation
import XCTest

/// `woodshed patterns`: list, export and import fretboard patterns.
final class PatternsCommandTests: XCTestCase {
  private var woodshed: WoodshedProcess!

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
  }

  override func tearDown() {
    woodshed.remove()
  }

  func testTheListStartsWithTheMajorScale() throws {
    let result = try woodshed.run(["patterns"])
    XCTAssertEqual(result.status, 0, result.error)
    let lines = result.output.split(separator: "\n")
    XCTAssertEqual(lines.count, 256)
    XCTAssertTrue(lines.first?.hasPrefix("major-1 ") ?? false, "\(lines.first ?? "")")
  }

  func testAnExportedPatternImportsAsYourOwnOnlyWithForceOverYours() throws {
    XCTAssertEqual(
      try woodshed.run(["patterns", "mine"]).output,
      "none yet: press x on a pattern in the Fretboard room to practise it, or n to draw one\n")
    let exported = try woodshed.run(["patterns", "export", "minor-pentatonic-1"])
    XCTAssertEqual(exported.status, 0, exported.error)
    var object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(exported.output.utf8)) as? [String: Any])
    XCTAssertEqual(object["id"] as? String, "minor-pentatonic-1")

    let sameId = woodshed.home.appendingPathComponent("same.json")
    try Data(exported.output.utf8).write(to: sameId)
    let refused = try woodshed.run(["patterns", "import", sameId.path, "--force"])
    XCTAssertNotEqual(refused.status, 0, "a built-in pattern is never replaced")
    XCTAssertTrue(refused.error.contains("already the id"), refused.error)

    object["id"] = "my-box"
    object["name"] = "My box"
    let mine = woodshed.home.appendingPathComponent("mine.json")
    try JSONSerialization.data(withJSONObject: object).write(to: mine)
    let imported = try woodshed.run(["patterns", "import", mine.path])
    XCTAssertEqual(imported.status, 0, imported.error)
    XCTAssertEqual(
      imported.output,
      "imported my-box: My box (12 notes); the same shape as minor-pentatonic-1 "
        + "(Minor pentatonic, position 1)\n")
    XCTAssertTrue(try woodshed.run(["patterns"]).output.contains("My box (yours)"))
    XCTAssertEqual(try woodshed.run(["patterns", "mine"]).output, "my-box  My box (yours)\n")

    let again = try woodshed.run(["patterns", "import", mine.path])
    XCTAssertNotEqual(again.status, 0, "never overwrites without --force")
    XCTAssertEqual(try woodshed.run(["patterns", "import", mine.path, "--force"]).status, 0)
  }

  func testABadFileGivesOneLineNamingTheField() throws {
    let bad = woodshed.home.appendingPathComponent("bad.json")
    try Data(
      #"{"id": "x", "name": "X", "category": "scale", "tuning": "standard", "tones": [{"string": 9, "fret": 0}]}"#
        .utf8
    )
    .write(to: bad)
    let result = try woodshed.run(["patterns", "import", bad.path])
    XCTAssertNotEqual(result.status, 0)
    XCTAssertTrue(result.error.contains("tones[0].string"), result.error)
    XCTAssertEqual(result.error.split(separator: "\n").count, 1, result.error)
    let missing = try woodshed.run(["patterns", "export", "no-such"])
    XCTAssertNotEqual(missing.status, 0)
    XCTAssertTrue(missing.error.contains("no pattern has the id"), missing.error)
  }
}
