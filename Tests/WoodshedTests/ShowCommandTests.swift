import Foundation
import XCTest

/// `woodshed show`: a scale, chord or arpeggio spelled, and drawn on the neck.
final class ShowCommandTests: XCTestCase {
  private var woodshed: WoodshedProcess!

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
  }

  override func tearDown() {
    woodshed.remove()
  }

  private func firstLine(_ arguments: [String]) throws -> String {
    let result = try woodshed.run(["show"] + arguments)
    XCTAssertEqual(result.status, 0, result.error)
    return String(result.output.split(separator: "\n").first ?? "")
  }

  func testTheFirstLineSpellsTheNotes() throws {
    XCTAssertEqual(try firstLine(["scale", "D dorian"]), "D E F G A B C")
    XCTAssertEqual(try firstLine(["scale", "Gb", "major"]), "Gb Ab Bb Cb Db Eb F")
    XCTAssertEqual(try firstLine(["scale", "A blues"]), "A C D Eb E G")
    XCTAssertEqual(try firstLine(["chord", "F#m7b5"]), "F# A C E")
    XCTAssertEqual(try firstLine(["chord", "Cdim7"]), "C Eb Gb Bbb")
    XCTAssertEqual(try firstLine(["arpeggio", "Cmaj7"]), "C E G B")
  }

  func testTheNeckShowsEachToneWithItsInterval() throws {
    let result = try woodshed.run(
      ["show", "chord", "F#m7b5", "--frets", "0-7", "--glyphs", "ascii"])
    XCTAssertEqual(result.status, 0, result.error)
    XCTAssertEqual(
      result.output,
      """
      F# A C E

      E  b7 |----+--1-+----+----+-b3-+----+----+
      B     |-b5-+----+----+----+-b7-+----+--1-+
      G     |----+-b3-+----+----+-b5-+----+----+
      D     |----+-b7-+----+--1-+----+----+-b3-+
      A  b3 |----+----+-b5-+----+----+----+-b7-+
      E  b7 |----+--1-+----+----+-b3-+----+----+
                         *         *         *
          0    1    2    3    4    5    6    7

      """)
  }

  func testTuningWindowAndHandedness() throws {
    let result = try woodshed.run(
      [
        "show", "arpeggio", "G", "--tuning", "drop-d", "--frets", "5-9", "--left", "--glyphs",
        "ascii",
      ])
    XCTAssertEqual(result.status, 0, result.error)
    let lines = result.output.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.first, "G B D")
    XCTAssertEqual(lines.count, 1 + 6 + 2, "six strings, inlays and fret numbers")
    XCTAssertTrue(
      lines.last?.hasSuffix("5") ?? false, "left-handed: fret numbers fall to the right: \(lines)")
    XCTAssertTrue(lines[6].hasSuffix("D"), "the low string is D: \(lines[6])")
  }

  func testBadInputGivesOneLine() throws {
    for (arguments, message) in [
      (["chord", "Cm13b9"], "unknown chord quality \"m13b9\""),
      (["scale", "D dorain"], "unknown scale type \"dorain\""),
      (["scale", "H major"], "unknown note"),
      (["mode", "C"], "use scale, chord or arpeggio"),
      (["scale", "C major", "--frets", "3-30"], "is not a fret window"),
      (["scale", "C major", "--frets", "-3-5"], "\"-3-5\" is not a fret window"),
      (["chord", "C", "--tuning", "X2 A2"], "\"X2\" is not a note"),
    ] {
      let result = try woodshed.run(["show"] + arguments)
      XCTAssertNotEqual(result.status, 0, "\(arguments)")
      XCTAssertTrue(result.error.contains(message), "\(arguments): \(result.error)")
      XCTAssertEqual(result.error.split(separator: "\n").count, 1, result.error)
    }
  }
}
