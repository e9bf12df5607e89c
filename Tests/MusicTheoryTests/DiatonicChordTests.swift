import XCTest

@testable import MusicTheory

/// The chords of a seven-note scale, stacked from its own thirds and named by Roman numeral.
final class DiatonicChordTests: XCTestCase {
  private func line(_ scale: String, sevenths: Bool) throws -> String {
    let chords = try XCTUnwrap(Scale(parsing: scale)?.diatonicChords(sevenths: sevenths))
    return chords.map { "\($0.numeral) \($0.symbol)" }.joined(separator: ", ")
  }

  func testMajorTriadsAndSevenths() throws {
    XCTAssertEqual(
      try line("C major", sevenths: false), "I C, ii Dm, iii Em, IV F, V G, vi Am, vii° Bdim")
    XCTAssertEqual(
      try line("Bb major", sevenths: true),
      "Imaj7 Bbmaj7, ii7 Cm7, iii7 Dm7, IVmaj7 Ebmaj7, V7 F7, vi7 Gm7, viiø7 Am7b5")
  }

  /// Harmonic minor has an augmented triad, a diminished seventh, a minor major seventh, and a
  /// stack no chord symbol names (III: augmented with a major seventh), shown by its notes.
  func testHarmonicMinorKeepsItsSpellingAndItsOddChords() throws {
    XCTAssertEqual(
      try line("A harmonic minor", sevenths: false),
      "i Am, ii° Bdim, III+ Caug, iv Dm, V E, VI F, vii° G#dim")
    XCTAssertEqual(
      try line("A harmonic minor", sevenths: true),
      "i(maj7) Am(maj7), iiø7 Bm7b5, III C-E-G#-B, iv7 Dm7, V7 E7, VImaj7 Fmaj7, vii°7 G#dim7")
  }

  func testEveryMajorKeyGivesTheSameNumerals() throws {
    let expected = ["Imaj7", "ii7", "iii7", "IVmaj7", "V7", "vi7", "viiø7"]
    for tonic in [
      "C", "G", "D", "A", "E", "B", "F#", "C#", "F", "Bb", "Eb", "Ab", "Db", "Gb", "Cb",
    ] {
      let chords = try XCTUnwrap(Scale(parsing: "\(tonic) major")?.diatonicChords(sevenths: true))
      XCTAssertEqual(chords.map(\.numeral), expected, tonic)
      XCTAssertTrue(chords.allSatisfy { $0.quality != nil }, tonic)
    }
  }

  func testOnlySevenNoteScalesHaveThem() throws {
    XCTAssertNil(
      try XCTUnwrap(Scale(parsing: "A minor pentatonic")).diatonicChords(sevenths: false))
    XCTAssertNil(try XCTUnwrap(Scale(parsing: "A blues")).diatonicChords(sevenths: true))
  }
}
