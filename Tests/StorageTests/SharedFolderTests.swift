import Foundation
import Glibc
import Storage
import XCTest

/// A folder set up to be shared by a group (set-group-ID) passes the sharing on to what Woodshed
/// makes in it, as far as the user's umask allows; any other folder keeps it private.
final class SharedFolderTests: StorageTestCase {
  private func mode(_ path: String) throws -> Int {
    try XCTUnwrap(
      FileManager.default.attributesOfItem(atPath: folder.file(path).path)[.posixPermissions]
        as? Int)
  }

  private func withUmask(_ mask: mode_t, _ body: () throws -> Void) rethrows {
    let old = umask(mask)
    defer { umask(old) }
    try body()
  }

  func testWhatIsMadeInASharedFolderIsTheGroupsUnderUmask002() throws {
    XCTAssertEqual(chmod(folder.url.path, 0o2775), 0)
    try withUmask(0o002) {
      try AtomicFile.write(Data("{}".utf8), to: folder.file("data/protocols/s1/session.json"))
      try HistoryLog(file: folder.file("data/history.jsonl")).append(["minutes": 5])
    }
    XCTAssertEqual(try mode("data"), 0o2775)
    XCTAssertEqual(try mode("data/protocols/s1"), 0o2775)
    XCTAssertEqual(try mode("data/protocols/s1/session.json"), 0o664)
    XCTAssertEqual(try mode("data/history.jsonl"), 0o664)
  }

  func testAStricterUmaskIsRespectedInASharedFolder() throws {
    XCTAssertEqual(chmod(folder.url.path, 0o2775), 0)
    try withUmask(0o022) {
      try AtomicFile.write(Data("{}".utf8), to: folder.file("data/settings.json"))
    }
    XCTAssertEqual(try mode("data"), 0o2755)
    XCTAssertEqual(try mode("data/settings.json"), 0o644)
  }

  func testWhatIsMadeElsewhereStaysPrivateAsXDGAsks() throws {
    XCTAssertEqual(chmod(folder.url.path, 0o775), 0)
    try withUmask(0o002) {
      try AtomicFile.write(Data("{}".utf8), to: folder.file("data/settings.json"))
    }
    XCTAssertEqual(try mode("data"), 0o700)
    XCTAssertEqual(try mode("data/settings.json"), 0o644)
  }
}
