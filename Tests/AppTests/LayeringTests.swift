import Foundation
import TestHelpers
import XCTest

/// The layering ARCHITECTURE.md describes, held to: the screens' models and views never import
/// the audio adapters (`Audio`), only the values they share with them (`AudioModel`); only the
/// runtime, the headless commands, the calibrations and the doctor, which do audio I/O, do.
final class LayeringTests: XCTestCase {
  func testNoScreenImportsTheAudioAdapters() throws {
    let app = RepositoryPaths.root.appendingPathComponent("Sources/App")
    let allowed = ["Runtime/", "Calibration/", "Doctor/", "Analyze/", "/Headless"]
    var importing: [String] = []
    let files = try XCTUnwrap(FileManager.default.enumerator(atPath: app.path))
    for case let path as String in files where path.hasSuffix(".swift") {
      let text = try String(contentsOf: app.appendingPathComponent(path), encoding: .utf8)
      guard text.split(separator: "\n").contains("import Audio") else { continue }
      if !allowed.contains(where: { ("/" + path).contains($0) }) { importing.append(path) }
    }
    XCTAssertEqual(importing, [], "screens that import Audio")
    XCTAssertGreaterThan(
      try FileManager.default.contentsOfDirectory(atPath: app.path).count, 10, "the folders seen")
  }
}
