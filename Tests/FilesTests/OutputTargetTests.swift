import FoundationEssentials
import Glibc
import XCTest

@testable import Files

final class OutputTargetTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("woodshed-output-\(UUID().uuidString)")
    XCTAssertEqual(mkdir(folder.path, 0o700), 0)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
  }

  private func error(_ url: URL, replacing: Bool) -> FileError? {
    do throws(FileError) {
      try OutputTarget.check(url, replacing: replacing)
      return nil
    } catch {
      return error
    }
  }

  func testANewPathMayBeWritten() {
    XCTAssertNil(error(folder.appendingPathComponent("take.wav"), replacing: false))
  }

  func testAnExistingFileIsReplacedOnlyWhenAskedFor() {
    let url = folder.appendingPathComponent("plan.md")
    FileManager.default.createFile(atPath: url.path, contents: Data("mine".utf8))
    XCTAssertEqual(error(url, replacing: false), .exists)
    XCTAssertNil(error(url, replacing: true))
  }

  func testDevicesFIFOsAndFoldersAreNeverReplaced() {
    let fifo = folder.appendingPathComponent("pipe")
    XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
    for replacing in [false, true] {
      XCTAssertEqual(
        error(URL(fileURLWithPath: "/dev/full"), replacing: replacing), .notRegular("a device"))
      XCTAssertEqual(error(fifo, replacing: replacing), .notRegular("a FIFO"))
      XCTAssertEqual(error(folder, replacing: replacing), .system(EISDIR))
    }
  }
}
