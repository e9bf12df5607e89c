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
    let result = try woodshed.run(["staff", "--clef", "tenor", "--glyphs", "ascii", "C4", "Bb3", "|", "D3"])
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


      """)
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
}
