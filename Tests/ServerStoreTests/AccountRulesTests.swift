import XCTest

@testable import ServerStore

final class AccountRulesTests: XCTestCase {
  func testNames() {
    for good in ["ab", "ada", "a.b-c_9", String(repeating: "x", count: 32)] {
      XCTAssertNil(AccountRules.problem(withName: good), good)
    }
    for bad in [
      "a", String(repeating: "x", count: 33), "Ada", "9ab", "a b", "añb", "a/b", "\u{1b}[2J",
    ] {
      XCTAssertNotNil(AccountRules.problem(withName: bad), bad)
    }
  }

  func testPasswords() {
    XCTAssertEqual(
      AccountRules.problem(withPassword: "seven77"), "a password has at least 8 characters")
    XCTAssertNil(AccountRules.problem(withPassword: "eight888"))
    XCTAssertNil(AccountRules.problem(withPassword: String(repeating: "p", count: 72)))
    XCTAssertEqual(
      AccountRules.problem(withPassword: String(repeating: "é", count: 37)),
      "a password has at most 72 bytes")
  }

  func testDatabaseLocations() throws {
    XCTAssertEqual(
      try DatabaseLocation(parsing: "sqlite:/tmp/x.sqlite"), .sqlite(path: "/tmp/x.sqlite"))
    XCTAssertEqual(
      try DatabaseLocation(parsing: "postgres://u:secret@db/room"),
      .postgres(url: "postgres://u:secret@db/room"))
    XCTAssertEqual(
      try DatabaseLocation(parsing: "postgres://u:secret@db/room").description,
      "postgres://u:***@db/room", "a password never reaches the log")
    for bad in ["sqlite:", "mysql://db", "/tmp/x.sqlite"] {
      XCTAssertThrowsError(try DatabaseLocation(parsing: bad), bad)
    }
  }
}
