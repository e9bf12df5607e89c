import Foundation
import Storage
import XCTest

final class FolderCheckTests: StorageTestCase {
  func testMissingFolderIsCreatedAndWritable() {
    let target = folder.file("a/b/woodshed")

    let check = FolderCheck(checking: target)

    XCTAssertTrue(check.isWritable)
    XCTAssertEqual(check.reason, "writable")
    XCTAssertEqual(folder.listing("a/b/woodshed"), [], "the probe file is removed")
  }

  func testUnwritableFolderIsReported() throws {
    let check = FolderCheck(checking: try unwritableFolder())

    XCTAssertFalse(check.isWritable)
    XCTAssertTrue(check.reason.hasPrefix("cannot create"), check.reason)
    XCTAssertFalse(check.reason.contains("\n"))
  }

  func testFileInPlaceOfFolderIsReported() throws {
    try folder.write("not a folder", to: "config")

    let check = FolderCheck(checking: folder.file("config/woodshed"))

    XCTAssertFalse(check.isWritable)
    XCTAssertEqual(check.reason, "cannot create the folder: Not a directory")
  }

  func testCheckFoldersCoversConfigDataAndState() {
    let paths = StoragePaths(environment: ["WOODSHED_HOME": folder.url.path])

    let checks = paths.checkFolders()

    XCTAssertEqual(checks.map(\.folder.lastPathComponent), ["config", "data", "state"])
    XCTAssertTrue(checks.allSatisfy(\.isWritable))
  }
}
