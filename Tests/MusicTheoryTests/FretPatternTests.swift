import MusicTheory
import XCTest

final class FretPatternTests: XCTestCase {
  /// A minor pentatonic, first position, from the tonic on the sixth string.
  private let minorPentatonic = FretPattern(
    id: "minor-pentatonic-1", name: "Minor pentatonic, position 1", category: .scale,
    tuning: .guitarStandard,
    tones: [
      .init(string: 6, offset: 0), .init(string: 6, offset: 3), .init(string: 5, offset: 0),
      .init(string: 5, offset: 2), .init(string: 4, offset: 0), .init(string: 4, offset: 2),
      .init(string: 3, offset: 0), .init(string: 3, offset: 2), .init(string: 2, offset: 0),
      .init(string: 2, offset: 3), .init(string: 1, offset: 0), .init(string: 1, offset: 3),
    ])

  func testIntervalsComeFromTheFretsAndTheTuning() {
    XCTAssertEqual(
      minorPentatonic.intervals.map(\.degreeName),
      ["1", "b3", "4", "5", "b7", "1", "b3", "4", "5", "b7", "1", "b3"])
  }

  func testTheSameShapeInAnotherTuningHasOtherIntervals() {
    var dropD = minorPentatonic
    dropD.tuning = .dropD
    XCTAssertEqual(dropD.intervals[2].degreeName, "5", "string 5 is now a fifth above string 6")
  }

  func testASpellingOverridesTheUsualName() {
    let lydian = FretPattern(
      id: "x", name: "x", category: .scale, tuning: .guitarStandard,
      tones: [.init(string: 6, offset: 0), .init(string: 5, offset: 1, spelling: .augmentedFourth)])
    XCTAssertEqual(lydian.intervals.map(\.degreeName), ["1", "#4"])
    let plain = FretPattern(
      id: "x", name: "x", category: .scale, tuning: .guitarStandard,
      tones: [.init(string: 6, offset: 0), .init(string: 5, offset: 1)])
    XCTAssertEqual(plain.intervals.map(\.degreeName), ["1", "b5"])
  }

  func testPositionsSlideWithTheTonic() {
    let atA = minorPentatonic.positions(tonicFret: 5)
    XCTAssertEqual(atA.first, FretPosition(string: 6, fret: 5))
    XCTAssertEqual(atA.last, FretPosition(string: 1, fret: 8))
    XCTAssertEqual(minorPentatonic.lowestTonicFret, 0)
    let reaching = FretPattern(
      id: "x", name: "x", category: .scale, tuning: .guitarStandard,
      tones: [.init(string: 5, offset: 0), .init(string: 6, offset: -2)])
    XCTAssertEqual(reaching.lowestTonicFret, 2)
  }
}
