import Foundation
import Storage
import XCTest

final class QuarantineTests: StorageTestCase {
  func testRenameUsesTheUTCTimestamp() throws {
    let file = try folder.write("{oops", to: "settings.json")

    let kept = try Quarantine.setAside(file, at: Self.fixedDate)

    XCTAssertEqual(kept.lastPathComponent, "settings.json.bad-\(Self.fixedStamp)")
    XCTAssertEqual(folder.listing(), ["settings.json.bad-\(Self.fixedStamp)"])
    XCTAssertEqual(folder.text(kept.lastPathComponent), "{oops")
  }

  func testTakenNamesGetACounter() throws {
    var names: [String] = []
    for attempt in 1...3 {
      let file = try folder.write("bad \(attempt)", to: "settings.json")
      names.append(try Quarantine.setAside(file, at: Self.fixedDate).lastPathComponent)
    }

    let stem = "settings.json.bad-\(Self.fixedStamp)"
    XCTAssertEqual(names, [stem, "\(stem)-2", "\(stem)-3"])
    XCTAssertEqual(folder.text("\(stem)-3"), "bad 3")
    XCTAssertEqual(folder.text(stem), "bad 1", "an earlier copy is never replaced")
  }

  func testCopyKeepsTheOriginalInPlace() throws {
    let file = try folder.write("{\"theme\": 5}", to: "settings.json")
    try folder.write("older", to: "settings.json.bad-\(Self.fixedStamp)")

    let kept = try Quarantine.setAside(file, at: Self.fixedDate, by: .copy)

    XCTAssertEqual(kept.lastPathComponent, "settings.json.bad-\(Self.fixedStamp)-2")
    XCTAssertEqual(folder.text("settings.json"), "{\"theme\": 5}")
    XCTAssertEqual(folder.text(kept.lastPathComponent), "{\"theme\": 5}")
    XCTAssertEqual(folder.text("settings.json.bad-\(Self.fixedStamp)"), "older")
  }

  func testMissingFileThrowsOneLineError() {
    XCTAssertThrowsError(try Quarantine.setAside(folder.file("gone.json"), at: Self.fixedDate)) {
      XCTAssertEqual(
        String(describing: $0), "could not set gone.json aside: No such file or directory")
    }
  }
}
