import Foundation
import TerminalHarness
import TestHelpers
import XCTest

/// `woodshed patterns print`, run as the built binary: an SVG page (or HTML around it) that a
/// real SVG renderer (rsvg-convert, Debian's librsvg2-bin) draws as recorded.
final class PatternPrintTests: XCTestCase {
  private var woodshed: WoodshedProcess!

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
  }

  override func tearDown() {
    woodshed.remove()
  }

  /// The PNG rsvg-convert draws from `svg`, 600 pixels wide.
  private func rendered(_ svg: URL) throws -> Data {
    let png = svg.deletingPathExtension().appendingPathExtension("png")
    let result = try CommandRun.run(
      "/usr/bin/rsvg-convert", ["-w", "600", svg.path, "-o", png.path], environment: [:])
    XCTAssertEqual(result.status, 0, result.error)
    return try Data(contentsOf: png)
  }

  /// One chart per kind of shape, each drawn as recorded (the README shows these three).
  func testEveryKindOfShapeIsDrawnAsRecorded() throws {
    let charts = [
      ("minor-pentatonic-1", "A", "intervals"), ("major-arpeggio-1", "C", "notes"),
      ("major-chord-1", "E", "intervals"),
    ]
    for (id, key, labels) in charts {
      let svg = woodshed.home.appendingPathComponent("\(id).svg")
      let result = try woodshed.run(
        ["patterns", "print", id, "--key", key, "--labels", labels, "--output", svg.path])
      XCTAssertEqual(result.status, 0, result.error)
      XCTAssertEqual(result.output, "")
      assertPNGSnapshot(try rendered(svg), named: id)
    }
  }

  func testTheSVGOnStandardOutputAndAnHTMLPage() throws {
    let printed = try woodshed.run(["patterns", "print", "minor-pentatonic-1"])
    XCTAssertEqual(printed.status, 0, printed.error)
    XCTAssertTrue(printed.output.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
    XCTAssertTrue(printed.output.contains("Minor pentatonic, position 1"))
    let page = woodshed.home.appendingPathComponent("chart.html")
    XCTAssertEqual(
      try woodshed.run(["patterns", "print", "minor-pentatonic-1", "--output", page.path]).status,
      0)
    let html = try String(contentsOf: page, encoding: .utf8)
    XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
    XCTAssertTrue(html.contains("<svg "))
  }

  /// A pattern's songs are printed under its description.
  func testTheSongsAPatternNamesArePrinted() throws {
    let file = woodshed.home.appendingPathComponent("played.json")
    try Data(
      #"{"id": "played", "name": "Played", "category": "scale", "tuning": "standard", "description": "A box.", "songs": ["Song One", "Song Two"], "tones": [{"string": 6, "fret": 0}, {"string": 6, "fret": 3}]}"#
        .utf8
    ).write(to: file)
    let imported = try woodshed.run(["patterns", "import", file.path])
    XCTAssertEqual(imported.status, 0, imported.error)
    let printed = try woodshed.run(["patterns", "print", "played"])
    XCTAssertEqual(printed.status, 0, printed.error)
    XCTAssertTrue(printed.output.contains("Played in: Song One; Song Two"), printed.output)
    let plain = try woodshed.run(["patterns", "print", "minor-pentatonic-1"])
    XCTAssertFalse(plain.output.contains("Played in"))
  }

  func testBadInputIsOneClearLineAndNothingIsOverwritten() throws {
    let svg = woodshed.home.appendingPathComponent("kept.svg")
    try Data("mine".utf8).write(to: svg)
    let cases: [([String], String)] = [
      (
        ["no-such-pattern"],
        "no pattern has the id \"no-such-pattern\"; `woodshed patterns list` shows them"
      ),
      (["major-1", "--key", "H#"], "--key must be a note, as A or F#, not \"H#\""),
      (["major-1", "--labels", "frets"], "--labels is intervals or notes, not \"frets\""),
      (
        ["major-1", "--output", woodshed.home.appendingPathComponent("c.txt").path],
        "--output must end in .svg or .html"
      ),
      (
        ["major-1", "--output", svg.path],
        "kept.svg already exists; choose another name or add --force"
      ),
    ]
    for (arguments, message) in cases {
      let result = try woodshed.run(["patterns", "print"] + arguments)
      XCTAssertNotEqual(result.status, 0)
      XCTAssertEqual(result.error, "Error: \(message)\n")
    }
    XCTAssertEqual(try String(contentsOf: svg, encoding: .utf8), "mine")
  }
}
