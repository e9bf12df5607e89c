import Dispatch
import Foundation
import Storage
import XCTest

final class ProtocolStoreTests: XCTestCase {
  private var folder: URL!
  private var store: ProtocolStore { ProtocolStore(folder: folder) }

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("protocols-\(UUID().uuidString)", isDirectory: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
  }

  private let date = Date(timeIntervalSince1970: 1_794_700_000)

  func testANewProtocolKeepsEveryLineInOrder() throws {
    try store.create("brahms-op-99", at: date)
    XCTAssertEqual(store.names(), ["brahms-op-99"])
    let lines = ["mvt 1: 0-245 A=12", "take @1", "1-24 ++", "end 40"]
    for (index, line) in lines.enumerated() {
      try store.append(
        ProtocolStore.Entry(at: date.addingTimeInterval(Double(index)), line: line),
        to: "brahms-op-99")
    }
    let read = try store.entries(of: "brahms-op-99")
    XCTAssertEqual(read.entries.map(\.line), lines)
    XCTAssertEqual(read.entries.last?.at, date.addingTimeInterval(3))
    XCTAssertEqual(read.notices, [])
    XCTAssertGreaterThan(store.journalSize(of: "brahms-op-99"), 0)
  }

  func testAProtocolIsNeverReplacedAndNamesAreSafe() throws {
    try store.create("session", at: date)
    try store.append(ProtocolStore.Entry(at: date, line: "take"), to: "session")
    XCTAssertThrowsError(try store.create("session", at: date)) { error in
      XCTAssertEqual("\(error)", "not saving session: a protocol of that name already exists")
    }
    XCTAssertEqual(try store.entries(of: "session").entries.count, 1, "still there")
    for bad in ["", "../x", ".hidden", "a b", String(repeating: "x", count: 65)] {
      XCTAssertFalse(ProtocolStore.isValidName(bad), bad)
      XCTAssertThrowsError(try store.create(bad, at: date), bad)
    }
    XCTAssertThrowsError(try store.entries(of: "missing")) { error in
      XCTAssertEqual(
        "\(error)",
        "could not read missing: there is no such protocol; make it with `woodshed protocol new missing`"
      )
    }
  }

  func testTwoWritersAtOnceNeverTearALine() throws {
    try store.create("shared", at: date)
    let store = self.store
    DispatchQueue.concurrentPerform(iterations: 4) { writer in
      for index in 0..<50 {
        try? store.append(
          ProtocolStore.Entry(
            at: Date(timeIntervalSince1970: 0), line: "note writer \(writer) line \(index)"),
          to: "shared")
      }
    }
    let read = try store.entries(of: "shared")
    XCTAssertEqual(read.entries.count, 200)
    XCTAssertEqual(read.notices, [])
    for writer in 0..<4 {
      XCTAssertEqual(
        read.entries.filter { $0.line.hasPrefix("note writer \(writer) ") }.map(\.line),
        (0..<50).map { "note writer \(writer) line \($0)" }, "each writer's lines in its order")
    }
  }
}
