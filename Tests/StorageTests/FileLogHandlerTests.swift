import Foundation
import Logging
import Storage
import XCTest

final class FileLogHandlerTests: StorageTestCase {
  private func makeLogger(_ file: LogFile, level: Logger.Level = .info) -> Logger {
    Logger(label: "woodshed.test") {
      FileLogHandler(label: $0, file: file, level: level, now: { Self.fixedDate })
    }
  }

  private var logText: String? { folder.text("state/woodshed/woodshed.log") }

  func testWritesTimestampLevelLabelMessageAndMetadata() {
    let file = LogFile(url: folder.file("state/woodshed/woodshed.log"))
    var logger = makeLogger(file)
    logger[metadataKey: "device"] = "usb"

    logger.warning("stream underflow", metadata: ["frames": "512"])

    XCTAssertTrue(file.isOpen)
    XCTAssertEqual(
      logText,
      "2026-11-21T15:44:00Z warning [woodshed.test] stream underflow device=usb frames=512\n")
  }

  func testMessagesBelowTheLevelAreDropped() {
    let logger = makeLogger(LogFile(url: folder.file("state/woodshed/woodshed.log")))

    logger.debug("chatty")
    logger.error("broken")

    XCTAssertEqual(logText, "2026-11-21T15:44:00Z error [woodshed.test] broken\n")
  }

  func testAMultiLineMessageStaysOneLine() {
    let logger = makeLogger(LogFile(url: folder.file("state/woodshed/woodshed.log")))

    logger.info("first\nsecond")

    XCTAssertEqual(logText, "2026-11-21T15:44:00Z info [woodshed.test] first\\nsecond\n")
  }

  func testLinesFromManyThreadsStayWhole() throws {
    let logger = makeLogger(LogFile(url: folder.file("state/woodshed/woodshed.log")))

    DispatchQueue.concurrentPerform(iterations: 200) { index in
      logger.info("message \(index) \(String(repeating: "x", count: 500))")
    }

    let lines = try XCTUnwrap(logText).split(separator: "\n")
    XCTAssertEqual(lines.count, 200)
    XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("2026-11-21T15:44:00Z info [woodshed.test]") })
  }

  func testAFileThatCannotBeOpenedDropsMessagesQuietly() throws {
    let file = LogFile(url: try unwritableFolder().appendingPathComponent("woodshed.log"))
    let logger = makeLogger(file)

    logger.error("nowhere to go")

    XCTAssertFalse(file.isOpen)
  }
}
