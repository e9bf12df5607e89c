import Foundation
import Storage
import XCTest

final class ServerSnapshotFileTests: StorageTestCase {
  private var paths: StoragePaths {
    StoragePaths(
      configFolder: folder.file("config"), dataFolder: folder.file("data"),
      stateFolder: folder.file("state"))
  }

  private func pattern(_ id: String, name: String) -> String {
    #"{"id": "\#(id)", "name": "\#(name)", "category": "scale", "tuning": "standard", "tones": [{"string": 6, "fret": 0}]}"#
  }

  func testASnapshotIsWrittenAndReadBack() throws {
    let file = ServerSnapshotFile(paths: paths)
    XCTAssertNil(try file.read(), "no refresh yet: nothing known")
    let snapshot = ServerSnapshot(
      server: "http://127.0.0.1:8420", checkedAt: Self.fixedDate, isReachable: false,
      problem: "could not reach the server",
      sharedWithYou: [
        .init(id: "s1", from: "ada", sharedAt: Self.fixedDate, pattern: pattern("a", name: "A"))
      ])
    try file.write(snapshot)
    XCTAssertEqual(file.url.path, folder.file("state/server.json").path)
    XCTAssertEqual(try file.read(), snapshot)
    file.remove()
    XCTAssertNil(try file.read(), "gone after logout")
  }

  /// A share's ratings go with it into the file and out again to the browser; a snapshot
  /// written before ratings reads as one without them.
  func testASharesRatingsAreKeptAndAnOlderSnapshotReadsWithout() throws {
    let file = ServerSnapshotFile(paths: paths)
    let ratings = ServerSnapshot.Ratings(
      count: 2, average: 3.5,
      latest: [.init(player: "bea", stars: 5, comment: "Great now", at: Self.fixedDate)])
    var snapshot = ServerSnapshot(
      server: "http://box:8420", checkedAt: Self.fixedDate, isReachable: true,
      sharedWithYou: [
        .init(
          id: "s1", from: "ada", sharedAt: Self.fixedDate, pattern: pattern("a", name: "A"),
          ratings: ratings)
      ])
    try file.write(snapshot)
    XCTAssertEqual(try file.read(), snapshot)
    XCTAssertEqual(ServerSnapshotFile.patterns(of: snapshot).shared.map(\.ratings), [ratings])

    snapshot.sharedWithYou[0].ratings = nil
    try file.write(snapshot)
    let written = try String(contentsOf: file.url, encoding: .utf8)
    XCTAssertFalse(written.contains("ratings"), "an older refresh wrote no such key")
    XCTAssertEqual(try file.read()?.sharedWithYou.first?.ratings, .some(nil))
  }

  func testADamagedSnapshotIsOneLine() throws {
    try folder.write("{\"server\": 3}", to: "state/server.json")
    XCTAssertThrowsError(try ServerSnapshotFile(paths: paths).read()) { error in
      assertOneLine(error, startsWith: "server.json cannot be used")
    }
  }

  func testOnlySharedPatternsThatPassTheValidatorAreOffered() {
    let snapshot = ServerSnapshot(
      server: "http://box:8420", checkedAt: Self.fixedDate, isReachable: true,
      sharedWithYou: [
        .init(id: "s1", from: "ada", sharedAt: Self.fixedDate, pattern: pattern("a", name: "A")),
        .init(id: "s2", from: "bo", sharedAt: Self.fixedDate, pattern: #"{"id": "b"}"#),
        .init(id: "s3", from: "cy", sharedAt: Self.fixedDate, pattern: "<html>"),
      ])
    let (shared, problems) = ServerSnapshotFile.patterns(of: snapshot)
    XCTAssertEqual(shared.map(\.pattern.id), ["a"])
    XCTAssertEqual(shared.map(\.from), ["ada"])
    XCTAssertEqual(problems.count, 2)
    XCTAssertTrue(problems[0].contains("shared pattern s2"), problems[0])
    XCTAssertTrue(problems[1].contains("shared pattern s3"), problems[1])
  }

  /// The library's patterns are kept with their versions and checked as shares are; a
  /// snapshot written before the library reads as one without it.
  func testTheLibrarysPatternsAreKeptCheckedAndOptional() throws {
    let file = ServerSnapshotFile(paths: paths)
    var snapshot = ServerSnapshot(
      server: "http://box:8420", checkedAt: Self.fixedDate, isReachable: true,
      library: [
        .init(id: "a", version: 3, author: "tia", pattern: pattern("a", name: "A")),
        .init(id: "b", version: 1, author: "tia", pattern: "\u{1B}[2J"),
      ])
    try file.write(snapshot)
    XCTAssertEqual(try file.read(), snapshot)
    let (patterns, problems) = ServerSnapshotFile.libraryPatterns(of: snapshot)
    XCTAssertEqual(patterns.map(\.pattern.id), ["a"])
    XCTAssertEqual(patterns.map(\.version), [3])
    XCTAssertEqual(problems.count, 1)
    XCTAssertTrue(problems[0].contains("library pattern b"), problems[0])

    snapshot.library = nil
    try file.write(snapshot)
    let written = try String(contentsOf: file.url, encoding: .utf8)
    XCTAssertFalse(written.contains("library"), "an older refresh wrote no such key")
    XCTAssertNil(try file.read()?.library)
    XCTAssertTrue(ServerSnapshotFile.libraryPatterns(of: snapshot).patterns.isEmpty)
  }
}
