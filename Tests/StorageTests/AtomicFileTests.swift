import Foundation
import Glibc
import Storage
import XCTest

final class AtomicFileTests: StorageTestCase {
  func testWritesNewFileCreatingFolders() throws {
    let target = folder.file("config/woodshed/settings.json")

    try AtomicFile.write(Data("{}\n".utf8), to: target)

    XCTAssertEqual(folder.text("config/woodshed/settings.json"), "{}\n")
    XCTAssertEqual(folder.listing("config/woodshed"), ["settings.json"])
  }

  func testReplacesExistingFileLeavingNoTemporaryFile() throws {
    let target = try folder.write("old", to: "settings.json")

    try AtomicFile.write(Data("new".utf8), to: target)

    XCTAssertEqual(folder.text("settings.json"), "new")
    XCTAssertEqual(folder.listing(), ["settings.json"])
  }

  func testKeepsPermissionsOfTheReplacedFile() throws {
    let target = try folder.write("secret", to: "settings.json")
    XCTAssertEqual(chmod(target.path, 0o600), 0)

    try AtomicFile.write(Data("still secret".utf8), to: target)

    let mode = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions]
    XCTAssertEqual(mode as? Int, 0o600)
  }

  func testSymlinkedFileIsUpdatedAndStaysALink() throws {
    let real = try folder.write("old", to: "dotfiles/settings.json")
    let link = folder.file("config/settings.json")
    try FileManager.default.createDirectory(
      at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)

    try AtomicFile.write(Data("new".utf8), to: link)

    XCTAssertEqual(folder.text("dotfiles/settings.json"), "new")
    XCTAssertEqual(
      try FileManager.default.destinationOfSymbolicLink(atPath: link.path), real.path)
  }

  func testUnwritableFolderThrowsOneLineErrorAndChangesNothing() throws {
    let locked = try unwritableFolder()
    let before = folder.listing()

    XCTAssertThrowsError(
      try AtomicFile.write(Data("x".utf8), to: locked.appendingPathComponent("settings.json"))
    ) { error in
      assertOneLine(error, startsWith: "could not save settings.json: ")
    }
    XCTAssertEqual(folder.listing(), before)
    if !isRoot { XCTAssertEqual(folder.listing("locked"), []) }
  }

  func testFolderInPlaceOfTargetThrowsAndLeavesNoTemporaryFile() throws {
    try FileManager.default.createDirectory(
      at: folder.file("settings.json"), withIntermediateDirectories: true)

    XCTAssertThrowsError(try AtomicFile.write(Data("x".utf8), to: folder.file("settings.json"))) {
      XCTAssertEqual(String(describing: $0), "not saving settings.json: Is a directory")
    }
    XCTAssertEqual(folder.listing(), ["settings.json"])
  }

  func testADeviceOrFIFOInPlaceOfTargetIsNeverReplaced() throws {
    let fifo = folder.file("plan.md")
    XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
    XCTAssertThrowsError(try AtomicFile.write(Data("x".utf8), to: fifo)) {
      XCTAssertEqual(
        String(describing: $0), "not saving plan.md: it is a FIFO, not a regular file")
    }
    XCTAssertEqual(folder.listing(), ["plan.md"])
    var status = stat()
    XCTAssertEqual(stat(fifo.path, &status), 0)
    XCTAssertEqual(status.st_mode & S_IFMT, S_IFIFO)
  }

  /// A real failing write: the file size limit stops the kernel from writing past 64 KiB, the
  /// way a full disk would stop it.
  func testInterruptedWriteKeepsTheOriginalAndLeavesNoTemporaryFile() throws {
    let original = Data("{\"theme\": \"light\"}\n".utf8)
    let target = try folder.write(original, to: "settings.json")
    let payload = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)

    let previousHandler = signal(SIGXFSZ, SIG_IGN)
    var saved = rlimit()
    XCTAssertEqual(getrlimit(fileSizeResource, &saved), 0)
    var lowered = saved
    lowered.rlim_cur = 64 * 1024
    XCTAssertEqual(setrlimit(fileSizeResource, &lowered), 0)
    defer {
      setrlimit(fileSizeResource, &saved)
      signal(SIGXFSZ, previousHandler)
    }

    XCTAssertThrowsError(try AtomicFile.write(payload, to: target)) { error in
      assertOneLine(error, startsWith: "could not save settings.json: ")
      XCTAssertEqual(String(describing: error), "could not save settings.json: File too large")
    }
    XCTAssertEqual(folder.data("settings.json"), original)
    XCTAssertEqual(folder.listing(), ["settings.json"])
  }

  private var fileSizeResource: __rlimit_resource_t {
    __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
  }
}
