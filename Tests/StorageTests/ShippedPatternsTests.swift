import Foundation
import MusicTheory
import Practice
import Storage
import TestHelpers
import XCTest

/// Checks the pattern files that ship in `assets/patterns` against the generator, so the data
/// and the code that made it cannot drift apart. After changing the generator or the theory
/// tables, run `swift run woodshed-patterns` and commit the files it writes.
final class ShippedPatternsTests: StorageTestCase {
  private let shipped = RepositoryPaths.assets.appendingPathComponent("patterns")
  private let generated = PatternGenerator.library(for: .guitarStandard)

  func testTheFilesAreExactlyWhatTheGeneratorWrites() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: shipped.path).sorted()
    XCTAssertEqual(names, generated.map { "\($0.id).json" }.sorted())
    for pattern in generated {
      let file = shipped.appendingPathComponent("\(pattern.id).json")
      XCTAssertEqual(
        try? Data(contentsOf: file), try pattern.fileData(), "\(file.lastPathComponent) is stale")
    }
  }

  func testEveryFileLoadsAsTheGeneratedPattern() {
    let library = PatternLibrary(builtIn: shipped, user: folder.file("patterns"))
    XCTAssertEqual(library.problems, [])
    XCTAssertEqual(library.entries.count, generated.count)
    for pattern in generated {
      XCTAssertEqual(library.pattern(id: pattern.id), pattern, pattern.id)
    }
    XCTAssertEqual(library.patterns.first?.id, "bebop-dominant-1", "scales first, families by id")
    XCTAssertEqual(library.patterns.last?.category, .chord)
  }
}
