import Foundation
import Practice
import XCTest

@testable import App

/// A script has no tempo: the timelines give each line the same time read aloud.
final class ProtocolScriptExportTests: XCTestCase {
  func testMarksArePlacedInProportionToTheLinesBeforeThem() throws {
    var session = ProtocolSession()
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    for (second, line) in [
      (0.0, "mvt 1: p1.1-4 p2.1-6"), (10, "take @p1.1"), (11, "p1.3-p2.2 +"), (12, "p2.6 w"),
      (13, "end p2.6"),
    ] {
      try session.apply(line, at: start.addingTimeInterval(second))
    }
    let labels = ProtocolExport(name: "book", session: session).text(.audacity)
    XCTAssertEqual(
      labels.split(separator: "\n"),
      [
        "0.000000\t40.000000\ttake 1 lines p1.1–p2.6",
        "8.000000\t8.000000\ttake 1 lines p1.3–p2.2 +",
        "36.000000\t36.000000\ttake 1 line p2.6 w",
      ])
  }
}
