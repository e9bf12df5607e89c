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

/// The two binaries (ARCHITECTURE.md): the practice room's targets never import the network
/// side or all of Foundation, and the network side takes from the app only `Storage` (paths,
/// atomic files, the pattern validator, the history), `MusicTheory` (patterns), `Practice` (the
/// session record and the games' rules a score is checked by) and, for printing, `TerminalUI`.
final class NetLayeringTests: XCTestCase {
  private static let practiceRoom = [
    "App", "Audio", "AudioModel", "DSP", "Files", "MIDI", "MusicTheory", "OSC", "Practice",
    "Storage", "TerminalUI", "woodshed",
  ]
  private static let network = ["NetAPI", "Server", "ServerStore", "NetClient", "woodshed-net"]
  private static let networkModules: Set<String> = [
    "NetAPI", "Server", "ServerStore", "NetClient", "Foundation", "Hummingbird",
    "HummingbirdBcrypt", "NIOCore", "NIOPosix", "AsyncHTTPClient", "OpenAPIRuntime",
    "OpenAPIHummingbird", "OpenAPIAsyncHTTPClient", "SQLKit", "SQLiteKit", "PostgresKit",
    "PostgresNIO", "Crypto", "ServiceLifecycle",
  ]

  /// The modules each Swift file under `Sources/TARGET` imports, by file.
  private func imports(of target: String) throws -> [String: Set<String>] {
    let folder = RepositoryPaths.root.appendingPathComponent("Sources/\(target)")
    let files = try XCTUnwrap(FileManager.default.enumerator(atPath: folder.path), target)
    var result: [String: Set<String>] = [:]
    for case let path as String in files where path.hasSuffix(".swift") {
      let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
      result["\(target)/\(path)"] = Set(
        text.split(separator: "\n").compactMap { line in
          let words = line.split(separator: " ")
          guard let index = words.firstIndex(of: "import"), index + 1 < words.count else {
            return nil
          }
          let leading = words[..<index]
          guard leading.allSatisfy({ $0.hasPrefix("@") || $0 == "public" }) else { return nil }
          return String(words[index + 1])
        })
    }
    return result
  }

  func testThePracticeRoomImportsNothingOfTheNetwork() throws {
    var offending: [String] = []
    for target in Self.practiceRoom {
      for (file, modules) in try imports(of: target)
      where !modules.isDisjoint(with: Self.networkModules) {
        offending.append(file)
      }
    }
    XCTAssertEqual(offending, [], "practice-room files that import the network or Foundation")
  }

  func testTheNetworkTakesOnlyStorageFromTheApp() throws {
    let app = Set(Self.practiceRoom).subtracting([
      "Storage", "MusicTheory", "Practice", "TerminalUI",
    ])
    var offending: [String] = []
    var seen = 0
    for target in Self.network {
      for (file, modules) in try imports(of: target) {
        seen += 1
        if !modules.isDisjoint(with: app) { offending.append(file) }
      }
    }
    XCTAssertEqual(offending, [], "network files that import the practice room")
    XCTAssertGreaterThan(seen, 10, "the network's files seen")
  }
}
