import Foundation
import Practice
import XCTest

@testable import App

/// A mark typed as `T1 …` while take 2 is current is take 1's in every export.
final class ProtocolExportEarlierTakeTests: XCTestCase {
  func testTheExportsListAMarkOnAnEarlierTakeWithThatTake() throws {
    let session = try ExportFixture.session([
      (0, "mvt 1: 1-8 4/4@q=120"), (10, "take"), (11, "end 8"), (20, "take"), (21, "1-8 +"),
      (22, "T1 5-6 ++ i"), (23, "T1 note horn late"),
    ])
    let export = ProtocolExport(name: "x", session: session)
    let rows = export.text(.csv).components(separatedBy: "\r\n")
    XCTAssertTrue(rows[1].hasPrefix(",1,1,1,8,false,false,false,"), rows[1])
    XCTAssertTrue(rows[1].contains(",5,6,4,intonation,horn late,"), rows[1])
    XCTAssertTrue(
      export.text(.md).contains(
        "| 1 | 1–8 | 08:00:10 | 08:00:11 | 0:01 |  |  | 5–6 ++ intonation | horn late |"),
      export.text(.md))
    XCTAssertTrue(export.text(.audacity).contains("\ttake 1 bars 5–6 ++ i\n"))
  }
}
