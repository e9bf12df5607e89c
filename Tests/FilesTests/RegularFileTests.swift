import FoundationEssentials
import Glibc
import XCTest

@testable import Files

final class RegularFileTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("woodshed-files-\(UUID().uuidString)")
    XCTAssertEqual(mkdir(folder.path, 0o700), 0)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
  }

  private func file(_ name: String, _ text: String) -> URL {
    let url = folder.appendingPathComponent(name)
    FileManager.default.createFile(atPath: url.path, contents: Data(text.utf8))
    return url
  }

  private func readError(_ url: URL, as kind: FileKind = .settings) -> FileError? {
    do throws(FileError) {
      _ = try RegularFile.read(url, as: kind)
      return nil
    } catch {
      return error
    }
  }

  func testARegularFileIsReadWhole() throws {
    let url = file("settings.json", "{\"tempo\": 100}")
    XCTAssertEqual(try RegularFile.read(url, as: .settings), Data("{\"tempo\": 100}".utf8))
  }

  func testAFIFOIsRefusedWithoutWaitingForAWriter() {
    let url = folder.appendingPathComponent("settings.json")
    XCTAssertEqual(mkfifo(url.path, 0o600), 0)
    let error = readError(url)
    XCTAssertEqual(error, .notRegular("a FIFO"))
    XCTAssertEqual(error?.description, "it is a FIFO, not a regular file")
  }

  func testADeviceIsRefusedBeforeAnythingIsRead() {
    XCTAssertEqual(readError(URL(fileURLWithPath: "/dev/zero")), .notRegular("a device"))
    XCTAssertEqual(readError(URL(fileURLWithPath: "/dev/urandom")), .notRegular("a device"))
  }

  func testAFolderGivesTheSystemsReason() {
    let error = readError(folder)
    XCTAssertEqual(error, .system(EISDIR))
    XCTAssertEqual(error?.description, "Is a directory")
  }

  func testAMissingFileGivesTheSystemsReason() {
    let error = readError(folder.appendingPathComponent("nothing.json"))
    XCTAssertEqual(error?.code, ENOENT)
    XCTAssertEqual(error?.description, "No such file or directory")
  }

  func testAFileOverItsKindsLimitIsRefusedBeforeItIsRead() {
    let url = file("big.json", String(repeating: "x", count: 2000))
    let small = FileKind(noun: "note pack", byteLimit: 1024)
    let error = readError(url, as: small)
    XCTAssertEqual(error, .tooLarge(size: 2000, kind: small))
    XCTAssertEqual(error?.description, "it is 2 KB; a note pack may be at most 1 KB")
  }

  /// Files in /proc say they are empty and are not: the limit holds while reading too.
  func testAFileLongerThanItsReportedSizeStopsAtTheLimit() {
    let status = URL(fileURLWithPath: "/proc/self/status")
    XCTAssertEqual(
      readError(status, as: FileKind(noun: "status", byteLimit: 64))?.description
        .hasPrefix("it is "), true)
    XCTAssertNil(readError(status, as: .settings))
  }

  func testSizesAreShownTheWayLsShowsThem() {
    XCTAssertEqual(FileError.bytes(512), "512 bytes")
    XCTAssertEqual(FileError.bytes(1536), "1.5 KB")
    XCTAssertEqual(FileError.bytes(64 << 20), "64 MB")
    XCTAssertEqual(FileError.bytes(3 << 30), "3 GB")
  }

  func testEveryKindHasItsOwnNounAndALimit() {
    XCTAssertEqual(Set(FileKind.all.map(\.noun)).count, FileKind.all.count)
    XCTAssertTrue(FileKind.all.allSatisfy { $0.byteLimit > 0 })
  }
}
