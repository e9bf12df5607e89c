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

extension Snapshotting where Value == Data, Format == Data {
  /// A PNG picture, compared byte for byte: a rendering of the same input by the same renderer.
  public static var png: Snapshotting {
    Snapshotting(
      pathExtension: "png",
      diffing: Diffing(toData: { $0 }, fromData: { $0 }) { old, new in
        old == new
          ? nil : ("the picture differs (\(old.count) bytes recorded, \(new.count) now)", [])
      })
  }
}

/// Compares a PNG picture with its recorded snapshot, recorded as `assertCanvasSnapshot` does.
public func assertPNGSnapshot(
  _ png: Data, named name: String? = nil,
  file: StaticString = #filePath, testName: String = #function, line: UInt = #line
) {
  let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
  withSnapshotTesting(record: record ? .all : .never) {
    assertSnapshot(of: png, as: .png, named: name, file: file, testName: testName, line: line)
  }
}
