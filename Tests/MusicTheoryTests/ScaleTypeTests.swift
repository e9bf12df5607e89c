import MusicTheory
import XCTest

final class ScaleTypeTests: XCTestCase {
  func testTableLists() {
    XCTAssertEqual(
      ScaleType.all.map(\.name),
      [
        "major", "dorian", "phrygian", "lydian", "mixolydian", "natural minor", "locrian",
        "harmonic minor", "melodic minor", "phrygian dominant", "lydian dominant",
        "major pentatonic", "minor pentatonic", "blues", "major blues",
      ])
  }

  func testIntervals() {
    let table: [(ScaleType, String)] = [
      (.major, "P1 M2 M3 P4 P5 M6 M7"), (.dorian, "P1 M2 m3 P4 P5 M6 m7"),
      (.phrygian, "P1 m2 m3 P4 P5 m6 m7"), (.lydian, "P1 M2 M3 A4 P5 M6 M7"),
      (.mixolydian, "P1 M2 M3 P4 P5 M6 m7"), (.naturalMinor, "P1 M2 m3 P4 P5 m6 m7"),
      (.locrian, "P1 m2 m3 P4 d5 m6 m7"), (.harmonicMinor, "P1 M2 m3 P4 P5 m6 M7"),
      (.melodicMinor, "P1 M2 m3 P4 P5 M6 M7"), (.phrygianDominant, "P1 m2 M3 P4 P5 m6 m7"),
      (.lydianDominant, "P1 M2 M3 A4 P5 M6 m7"), (.majorPentatonic, "P1 M2 M3 P5 M6"),
      (.minorPentatonic, "P1 m3 P4 P5 m7"), (.blues, "P1 m3 P4 d5 P5 m7"),
      (.majorBlues, "P1 M2 m3 M3 P5 M6"),
    ]
    XCTAssertEqual(table.map(\.0.name), ScaleType.all.map(\.name), "every scale type is listed")
    for (type, intervals) in table {
      XCTAssertEqual(
        type.intervals.map(\.shortName).joined(separator: " "), intervals, "\(type) intervals")
    }
  }

  /// Within one octave, each tone above the one before, so scales read upwards.
  func testIntervalsAscendWithinAnOctave() {
    for type in ScaleType.all {
      XCTAssertEqual(type.intervals.first, .unison, "\(type) starts on the tonic")
      let semitones = type.intervals.map(\.semitones)
      XCTAssertEqual(semitones, semitones.sorted(), "\(type) ascends")
      XCTAssertEqual(Set(semitones).count, semitones.count, "\(type) repeats no pitch")
      XCTAssertLessThan(semitones.last ?? 12, 12, "\(type) stays within the octave")
    }
  }

  func testEveryNameAndAliasFindsItsType() {
    for type in ScaleType.all {
      for name in [type.name] + type.aliases {
        XCTAssertEqual(ScaleType(named: name), type, "\"\(name)\"")
      }
    }
  }

  func testNamesAreUnique() {
    let names = ScaleType.all.flatMap { [$0.name] + $0.aliases }.map {
      $0.lowercased().filter(\.isLetter)
    }
    XCTAssertEqual(Set(names).count, names.count, "a name would find two scale types")
  }

  func testLookupToleratesCaseSpacesAndHyphens() {
    let table: [(String, ScaleType)] = [
      ("natural minor", .naturalMinor), ("Natural-Minor", .naturalMinor),
      ("NATURAL_MINOR", .naturalMinor), ("naturalminor", .naturalMinor), ("aeolian", .naturalMinor),
      ("minor", .naturalMinor), ("Ionian", .major), ("minor pentatonic", .minorPentatonic),
      ("pentatonic minor", .minorPentatonic), ("Minor-Pentatonic", .minorPentatonic),
      ("pentatonic", .majorPentatonic), ("jazz minor", .melodicMinor),
      ("  harmonic   minor ", .harmonicMinor), ("Blues", .blues), ("major blues", .majorBlues),
    ]
    for (name, type) in table {
      XCTAssertEqual(ScaleType(named: name), type, "\"\(name)\"")
    }
  }

  func testUnknownNamesAreRejected() {
    for name in ["", "dorain", "harmonic", "minor minor", "bebop", "major7", "ionian mode"] {
      XCTAssertNil(ScaleType(named: name), "\"\(name)\"")
    }
  }

  func testDescriptionIsTheName() {
    XCTAssertEqual(ScaleType.naturalMinor.description, "natural minor")
    XCTAssertEqual(ScaleType.blues.description, "blues")
  }
}
