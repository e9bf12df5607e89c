import Foundation
import Glibc
import XCTest

/// Gives each test its own temporary folder and the checks every Storage test needs.
class StorageTestCase: XCTestCase {
  /// 2026-11-21T15:44:00Z, the date every quarantine in the tests is stamped with.
  static let fixedDate = Date(timeIntervalSince1970: 1_795_275_840)
  static let fixedStamp = "20261121T154400Z"

  var folder: TemporaryFolder!

  override func setUpWithError() throws {
    try super.setUpWithError()
    folder = try TemporaryFolder()
  }

  override func tearDown() {
    folder?.remove()
    folder = nil
    super.tearDown()
  }

  var isRoot: Bool { geteuid() == 0 }

  /// A folder in which creating files fails. Root ignores permission bits, so as root this is a
  /// path under /proc/self, where nobody can create anything.
  func unwritableFolder() throws -> URL {
    if isRoot {
      return URL(fileURLWithPath: "/proc/self/woodshed-test-\(getpid())", isDirectory: true)
    }
    let locked = folder.file("locked")
    try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
    XCTAssertEqual(chmod(locked.path, 0o555), 0)
    return locked
  }

  func assertOneLine(
    _ error: any Error, startsWith prefix: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let text = String(describing: error)
    XCTAssertTrue(
      text.hasPrefix(prefix), "\(text) should start with \(prefix)", file: file, line: line)
    XCTAssertFalse(text.contains("\n"), "\(text) should be one line", file: file, line: line)
    XCTAssertEqual(error.localizedDescription, text, file: file, line: line)
  }
}
