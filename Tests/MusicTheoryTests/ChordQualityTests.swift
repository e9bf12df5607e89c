import MusicTheory
import XCTest

final class ChordQualityTests: XCTestCase {
  func testIntervalsInChordToneOrder() {
    let table: [(ChordQuality, symbol: String, intervals: String)] = [
      (.major, "", "P1 M3 P5"), (.minor, "m", "P1 m3 P5"), (.diminished, "dim", "P1 m3 d5"),
      (.augmented, "aug", "P1 M3 A5"), (.suspendedSecond, "sus2", "P1 M2 P5"),
      (.suspendedFourth, "sus4", "P1 P4 P5"), (.dominantSeventh, "7", "P1 M3 P5 m7"),
      (.majorSeventh, "maj7", "P1 M3 P5 M7"), (.minorSeventh, "m7", "P1 m3 P5 m7"),
      (.halfDiminishedSeventh, "m7b5", "P1 m3 d5 m7"), (.diminishedSeventh, "dim7", "P1 m3 d5 d7"),
      (.minorMajorSeventh, "m(maj7)", "P1 m3 P5 M7"),
      (.dominantSeventhSuspendedFourth, "7sus4", "P1 P4 P5 m7"),
      (.majorSixth, "6", "P1 M3 P5 M6"), (.minorSixth, "m6", "P1 m3 P5 M6"),
      (.dominantNinth, "9", "P1 M3 P5 m7 M9"), (.majorNinth, "maj9", "P1 M3 P5 M7 M9"),
      (.minorNinth, "m9", "P1 m3 P5 m7 M9"), (.addNine, "add9", "P1 M3 P5 M9"),
    ]
    XCTAssertEqual(table.map(\.symbol), ChordQuality.all.map(\.symbol), "every quality is listed")
    for (quality, symbol, intervals) in table {
      XCTAssertEqual(quality.symbol, symbol, "\(quality) symbol")
      XCTAssertEqual(
        quality.intervals.map(\.shortName).joined(separator: " "), intervals, "\(quality)")
    }
  }

  /// Chord tones are stacked upwards from the root with no repeated pitch.
  func testIntervalsAscendFromTheRoot() {
    for quality in ChordQuality.all {
      XCTAssertEqual(quality.intervals.first, .unison, "\(quality) starts on the root")
      let semitones = quality.intervals.map(\.semitones)
      XCTAssertEqual(semitones, semitones.sorted(), "\(quality) ascends")
      XCTAssertEqual(
        Set(semitones.map { $0 % 12 }).count, semitones.count, "\(quality) repeats a pitch class")
    }
  }

  func testEverySymbolAndAliasFindsItsQuality() {
    for quality in ChordQuality.all {
      for symbol in [quality.symbol] + quality.aliases {
        XCTAssertEqual(ChordQuality(symbol: symbol), quality, "\"\(symbol)\"")
      }
    }
  }

  func testSymbolsAreUnique() {
    let symbols = ChordQuality.all.flatMap { [$0.symbol] + $0.aliases }
    XCTAssertEqual(Set(symbols).count, symbols.count, "a symbol would find two qualities")
    let names = ChordQuality.all.map(\.name)
    XCTAssertEqual(Set(names).count, names.count, "two qualities share a name")
  }

  /// Case tells major from minor, so symbols are not folded.
  func testCaseMatters() {
    XCTAssertEqual(ChordQuality(symbol: "M7"), .majorSeventh)
    XCTAssertEqual(ChordQuality(symbol: "m7"), .minorSeventh)
    XCTAssertEqual(ChordQuality(symbol: "M"), .major)
    XCTAssertEqual(ChordQuality(symbol: "m"), .minor)
    XCTAssertNil(ChordQuality(symbol: "MAJ7"))
    XCTAssertNil(ChordQuality(symbol: "DIM"))
  }

  func testDescriptionIsTheName() {
    XCTAssertEqual(ChordQuality.halfDiminishedSeventh.description, "half-diminished seventh")
    XCTAssertEqual(ChordQuality.dominantNinth.description, "dominant ninth")
  }
}
