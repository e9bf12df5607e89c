import Foundation
import SnapshotTesting
import TerminalUI
import XCTest

extension Snapshotting where Value == Canvas, Format == String {
  /// A canvas as reviewable text: characters, one style code per cell, and a legend.
  public static var canvas: Snapshotting {
    SimplySnapshotting.lines.pullback { $0.snapshotText }
  }
}

/// Compares a canvas with its recorded snapshot. Snapshots are written only when
/// `RECORD_SNAPSHOTS=1`, and a recording run still fails so nobody records by accident.
public func assertCanvasSnapshot(
  _ canvas: Canvas, named name: String? = nil,
  file: StaticString = #filePath, testName: String = #function, line: UInt = #line
) {
  let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
  withSnapshotTesting(record: record ? .all : .never) {
    assertSnapshot(
      of: canvas, as: .canvas, named: name, file: file, testName: testName, line: line)
  }
}
