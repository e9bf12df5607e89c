import MusicTheory
import XCTest

final class ScaleTypeTests: XCTestCase {
  func testTableLists() {
    XCTAssertEqual(
      ScaleType.all.map(\.name),
      [
        "major", "dorian", "phrygian", "lydian", "mixolydian", "natural minor", "locrian",
        "harmonic minor", "melodic minor", "phrygian dominant", "lydian dominant",
        "major pentatonic", "minor pentatonic", "blues", "major blues", "hungarian minor",
        "double harmonic", "todi", "purvi", "marwa", "hirajoshi", "in", "yo", "kumoi",
        "whole tone", "diminished half-whole", "diminished whole-half", "bebop dominant",
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
      (.majorBlues, "P1 M2 m3 M3 P5 M6"), (.hungarianMinor, "P1 M2 m3 A4 P5 m6 M7"),
      (.doubleHarmonic, "P1 m2 M3 P4 P5 m6 M7"), (.todi, "P1 m2 m3 A4 P5 m6 M7"),
      (.purvi, "P1 m2 M3 A4 P5 m6 M7"), (.marwa, "P1 m2 M3 A4 P5 M6 M7"),
      (.hirajoshi, "P1 M2 m3 P5 m6"), (.in, "P1 m2 P4 P5 m6"), (.yo, "P1 M2 P4 P5 M6"),
      (.kumoi, "P1 M2 m3 P5 M6"), (.wholeTone, "P1 M2 M3 A4 m6 m7"),
      (.diminishedHalfWhole, "P1 m2 m3 M3 A4 P5 M6 m7"),
      (.diminishedWholeHalf, "P1 M2 m3 P4 d5 m6 M6 M7"),
      (.bebopDominant, "P1 M2 M3 P4 P5 M6 m7 M7"),
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
      ("Whole-Tone", .wholeTone), ("hira joshi", .hirajoshi),
      (
        "half-whole diminished",
        .diminishedHalfWhole
      ), ("diminished", .diminishedWholeHalf), ("In", .in),
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

  /// The thaats and maqamat that are an older type, rounded to twelve notes where they are
  /// maqamat, find it rather than a copy of it.
  func testOtherTraditionsNamesAreAliases() {
    let table: [(String, ScaleType)] = [
      ("bilawal", .major), ("kalyan", .lydian), ("khamaj", .mixolydian), ("kafi", .dorian),
      ("asavari", .naturalMinor), ("bhairavi", .phrygian), ("bhairav", .doubleHarmonic),
      ("hijaz", .phrygianDominant), ("bayati", .phrygian),
    ]
    for (name, type) in table {
      XCTAssertEqual(ScaleType(named: name), type, "\"\(name)\"")
    }
    let sets = ScaleType.all.map { Set($0.intervals.map { $0.semitones % 12 }) }
    XCTAssertEqual(Set(sets).count, sets.count, "two scale types hold the same notes")
  }

  func testEachTypeHasItsOwnSummaryKey() {
    XCTAssertEqual(ScaleType.harmonicMinor.summaryKey, "scale.summary.harmonic-minor")
    XCTAssertEqual(ScaleType.diminishedHalfWhole.summaryKey, "scale.summary.diminished-half-whole")
    let keys = ScaleType.all.map(\.summaryKey)
    XCTAssertEqual(Set(keys).count, keys.count)
  }

  func testEachTypeHasItsOwnUsageKey() {
    XCTAssertEqual(ScaleType.harmonicMinor.usageKey, "scale.use.harmonic-minor")
    let keys = ScaleType.all.map(\.usageKey)
    XCTAssertEqual(Set(keys).count, keys.count)
  }

  func testTheWrittenNameCapitalizesProperNouns() {
    XCTAssertEqual(ScaleType.hungarianMinor.writtenName, "Hungarian minor")
    XCTAssertEqual(ScaleType.todi.writtenName, "Todi")
    XCTAssertEqual(ScaleType.naturalMinor.writtenName, "natural minor")
    XCTAssertEqual(ScaleType.hirajoshi.writtenName, "hirajoshi")
  }

  func testDescriptionIsTheName() {
    XCTAssertEqual(ScaleType.naturalMinor.description, "natural minor")
    XCTAssertEqual(ScaleType.blues.description, "blues")
  }
}
