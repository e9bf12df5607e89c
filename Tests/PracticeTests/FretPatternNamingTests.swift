import MusicTheory
import XCTest

@testable import Practice

/// What a pattern is, read from its tones (`FretPattern+Naming`), checked on the whole library
/// the generator makes.
final class FretPatternNamingTests: XCTestCase {
  private let library = PatternGenerator.library(for: .guitarStandard)

  /// Every library pattern's proposed name has the family the library gave it ("Minor
  /// pentatonic", "Half-diminished seventh arpeggio", "Dominant ninth chord").
  func testTheProposedNameHasTheLibrarysFamilyForEveryPattern() {
    XCTAssertGreaterThan(library.count, 100)
    for pattern in library {
      let family = { (name: String) in name.components(separatedBy: ", ").first ?? name }
      XCTAssertEqual(family(pattern.proposedName), family(pattern.name), pattern.id)
      XCTAssertTrue(
        pattern.proposedName.hasSuffix(", root on string \(pattern.tones[0].string)"), pattern.id)
    }
  }

  func testAShapeOfNoScaleOrChordIsNamedByItsDegrees() throws {
    let shape = FretPattern(
      id: "odd", name: "", category: .scale, tuning: .guitarStandard,
      tones: [
        .init(string: 5, offset: 0), .init(string: 5, offset: 1), .init(string: 4, offset: 0),
      ])
    XCTAssertEqual(shape.proposedName, "1 b2 4, root on string 5")
  }

  /// One shape whatever the order its tones were drawn in; another with a tone moved, the tonic
  /// on another string or in another tuning is not; and no two library patterns are one shape.
  func testTheSameShapeIsFoundWhateverTheOrderAndOnlyThen() throws {
    let pattern = try XCTUnwrap(library.first { $0.id == "minor-pentatonic-1" })
    var reordered = pattern
    reordered.id = "mine"
    reordered.tones = [pattern.tones[0]] + pattern.tones.dropFirst().reversed()
    XCTAssertTrue(reordered.hasSameShape(as: pattern))
    var moved = reordered
    moved.tones[3].offset += 1
    XCTAssertFalse(moved.hasSameShape(as: pattern))
    var dropD = pattern
    dropD.tuning = Tuning.dropD
    XCTAssertFalse(dropD.hasSameShape(as: pattern))
    for (index, one) in library.enumerated() {
      for other in library[(index + 1)...] {
        XCTAssertFalse(one.hasSameShape(as: other), "\(one.id) and \(other.id)")
      }
    }
  }
}
