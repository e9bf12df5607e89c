import MusicTheory
import Practice
import XCTest

final class PatternFamilyTests: XCTestCase {
  func testANameIsACategoryOrAFamilyWithoutAPosition() {
    XCTAssertEqual(PatternFamily(named: "all"), .all)
    XCTAssertEqual(PatternFamily(named: "scales"), .category(.scale))
    XCTAssertEqual(PatternFamily(named: "chord"), .category(.chord))
    XCTAssertEqual(PatternFamily(named: "chord")?.name, "chords")
    XCTAssertEqual(PatternFamily(named: "7-chord"), .family("7-chord"))
    XCTAssertEqual(PatternFamily(named: "minor-pentatonic")?.name, "minor-pentatonic")
    for refused in ["", "Dorian", "dorian-3", "-dorian", "dorian-", "dori an"] {
      XCTAssertNil(PatternFamily(named: refused), refused)
    }
  }

  func testAPatternIsOfTheFamilyItsIdNamesAndOfItsCategory() {
    XCTAssertEqual(PatternFamily.family(ofPatternID: "minor-pentatonic-2"), "minor-pentatonic")
    XCTAssertEqual(PatternFamily.family(ofPatternID: "7-chord-1"), "7-chord")
    XCTAssertNil(PatternFamily.family(ofPatternID: "my-lick"))
    let major = PatternFamily.family("major")
    XCTAssertTrue(major.contains(patternID: "major-3", category: .scale))
    XCTAssertFalse(major.contains(patternID: "major-pentatonic-1", category: .scale))
    XCTAssertFalse(major.contains(patternID: "major-chord-1", category: .chord))
    XCTAssertTrue(PatternFamily.category(.arpeggio).contains(patternID: "x-1", category: .arpeggio))
    XCTAssertFalse(PatternFamily.category(.arpeggio).contains(patternID: "x-1", category: nil))
    XCTAssertTrue(PatternFamily.all.contains(patternID: "x", category: nil))
  }

  func testTheShippedPatternsAreKnownByTheirIds() {
    XCTAssertEqual(PatternFamily.shippedCategories.count, 256, "the files in assets/patterns")
    XCTAssertEqual(PatternFamily.shippedCategories["dorian-7"], .scale)
    XCTAssertEqual(PatternFamily.shippedCategories["m7b5-arpeggio-1"], .arpeggio)
    XCTAssertEqual(PatternFamily.shippedCategories["9-chord-3"], .chord)
    XCTAssertTrue(PatternFamily.family("bebop-dominant").isShipped)
    XCTAssertFalse(PatternFamily.family("my-lick").isShipped)
  }
}
