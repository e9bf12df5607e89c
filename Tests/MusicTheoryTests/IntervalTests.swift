import Foundation
import MusicTheory
import XCTest

final class IntervalTests: XCTestCase {
  func testNamedIntervals() {
    let table: [(Interval, shortName: String, semitones: Int)] = [
      (.unison, "P1", 0), (.minorSecond, "m2", 1), (.majorSecond, "M2", 2),
      (.minorThird, "m3", 3), (.majorThird, "M3", 4), (.perfectFourth, "P4", 5),
      (.augmentedFourth, "A4", 6), (.diminishedFifth, "d5", 6), (.perfectFifth, "P5", 7),
      (.augmentedFifth, "A5", 8), (.minorSixth, "m6", 8), (.majorSixth, "M6", 9),
      (.diminishedSeventh, "d7", 9), (.minorSeventh, "m7", 10), (.majorSeventh, "M7", 11),
      (.octave, "P8", 12), (.minorNinth, "m9", 13), (.majorNinth, "M9", 14),
      (.augmentedNinth, "A9", 15), (.perfectEleventh, "P11", 17), (.augmentedEleventh, "A11", 18),
      (.minorThirteenth, "m13", 20), (.majorThirteenth, "M13", 21), (.doubleOctave, "P15", 24),
    ]
    for (interval, shortName, semitones) in table {
      XCTAssertEqual(interval.shortName, shortName, "short name of \(interval)")
      XCTAssertEqual(interval.semitones, semitones, "semitones of \(shortName)")
      XCTAssertEqual(Interval(shortName: shortName), interval, "parsing \"\(shortName)\"")
    }
  }

  func testShortAliases() {
    let table: [(alias: Interval, name: Interval)] = [
      (.P1, .unison), (.m2, .minorSecond), (.M2, .majorSecond), (.m3, .minorThird),
      (.M3, .majorThird), (.P4, .perfectFourth), (.A4, .augmentedFourth),
      (.d5, .diminishedFifth), (.P5, .perfectFifth), (.A5, .augmentedFifth),
      (.m6, .minorSixth), (.M6, .majorSixth), (.d7, .diminishedSeventh),
      (.m7, .minorSeventh), (.M7, .majorSeventh), (.P8, .octave), (.m9, .minorNinth),
      (.M9, .majorNinth), (.A9, .augmentedNinth), (.P11, .perfectEleventh),
      (.A11, .augmentedEleventh), (.m13, .minorThirteenth), (.M13, .majorThirteenth),
      (.P15, .doubleOctave),
    ]
    for (alias, name) in table {
      XCTAssertEqual(alias, name, "\(alias.shortName) alias")
    }
  }

  func testSemitonesOfEveryQualityAndNumber() {
    // Semitones of the perfect or major form of numbers 1...15.
    let plain = [0, 2, 4, 5, 7, 9, 11, 12, 14, 16, 17, 19, 21, 23, 24]
    let perfectNumbers: Set = [1, 4, 5, 8, 11, 12, 15]
    let perfectOffsets: [IntervalQuality: Int] = [
      .doublyDiminished: -2, .diminished: -1, .perfect: 0, .augmented: 1, .doublyAugmented: 2,
    ]
    let majorOffsets: [IntervalQuality: Int] = [
      .doublyDiminished: -3, .diminished: -2, .minor: -1, .major: 0, .augmented: 1,
      .doublyAugmented: 2,
    ]
    for number in 1...15 {
      let offsets = perfectNumbers.contains(number) ? perfectOffsets : majorOffsets
      for quality in IntervalQuality.allCases {
        let name = "\(quality.symbol)\(number)"
        let interval = Interval(quality: quality, number: number)
        guard let offset = offsets[quality], plain[number - 1] + offset >= 0 else {
          XCTAssertNil(interval, "\(name) should be invalid")
          XCTAssertFalse(Interval.isValid(quality: quality, number: number), name)
          continue
        }
        XCTAssertTrue(Interval.isValid(quality: quality, number: number), name)
        XCTAssertEqual(interval?.semitones, plain[number - 1] + offset, "semitones of \(name)")
        XCTAssertEqual(interval?.shortName, name, "short name of \(name)")
        XCTAssertEqual(Interval(shortName: name), interval, "parsing \"\(name)\"")
      }
    }
  }

  func testInvalidIntervalsRejected() {
    let table: [(IntervalQuality, number: Int)] = [
      (.perfect, 3), (.major, 4), (.minor, 5), (.perfect, 2), (.major, 1), (.minor, 8),
      (.diminished, 1), (.doublyDiminished, 1), (.perfect, 0), (.major, 0), (.perfect, -1),
      (.major, 11), (.minor, 12), (.perfect, 9),
    ]
    for (quality, number) in table {
      XCTAssertNil(Interval(quality: quality, number: number), "\(quality) \(number)")
    }
  }

  func testShortNameParsingRejects() {
    let rejected = [
      "P3", "M4", "m5", "d1", "p5", "X3", "3", "M", "", "M03", "A-4", "P 5", "P5 ", "MM3", "ddd5",
    ]
    for text in rejected {
      XCTAssertNil(Interval(shortName: text), "\"\(text)\" should not parse")
    }
  }

  func testIntervalBetweenNotes() {
    let table: [(from: String, to: String, expected: String?)] = [
      ("C4", "E4", "M3"), ("C4", "Fb4", "d4"), ("E4", "C5", "m6"), ("C4", "C4", "P1"),
      ("C4", "C#4", "A1"), ("C4", "G4", "P5"), ("C4", "Gb4", "d5"), ("C4", "F#4", "A4"),
      ("B3", "C4", "m2"), ("B#3", "C4", "d2"), ("C4", "C5", "P8"), ("C4", "D5", "M9"),
      ("C4", "Eb5", "m10"), ("C4", "A5", "M13"), ("E4", "Bb4", "d5"), ("F4", "B4", "A4"),
      ("D4", "C5", "m7"), ("C4", "Bbb4", "d7"), ("C4", "G#4", "A5"), ("C4", "Fbb4", "dd4"),
      ("Ab3", "Cb4", "m3"), ("C4", "C6", "P15"),
      ("C4", "Cb4", nil), ("C4", "B3", nil), ("E4", "C4", nil), ("Cbb4", "Fx4", nil),
    ]
    for (from, to, expected) in table {
      guard let lower = Note(parsing: from), let upper = Note(parsing: to) else {
        XCTFail("could not parse \(from) or \(to)")
        continue
      }
      XCTAssertEqual(
        Interval(from: lower, to: upper)?.shortName, expected, "interval from \(from) to \(to)")
    }
  }

  func testIntervalBetweenNotesUndoesTransposition() {
    let start = Note(.E, .flat, octave: 3)
    for interval in [Interval.m2, .M3, .A4, .d5, .A5, .d7, .M7, .P8, .m9, .A11, .M13] {
      guard let end = start + interval else {
        XCTFail("\(start) + \(interval) has no spelling")
        continue
      }
      XCTAssertEqual(Interval(from: start, to: end), interval, "\(start) to \(end)")
    }
  }

  func testInversion() {
    let table: [(interval: String, inverted: String?)] = [
      ("P1", "P8"), ("m2", "M7"), ("M2", "m7"), ("m3", "M6"), ("M3", "m6"), ("P4", "P5"),
      ("A4", "d5"), ("d5", "A4"), ("P5", "P4"), ("m6", "M3"), ("M6", "m3"), ("m7", "M2"),
      ("M7", "m2"), ("P8", "P1"), ("A5", "d4"), ("d7", "A2"), ("AA3", "dd6"), ("A1", "d8"),
      ("M9", "m7"), ("M10", "m6"), ("A11", "d5"), ("P15", "P1"), ("A8", nil), ("A15", nil),
    ]
    for (text, expected) in table {
      guard let interval = Interval(shortName: text) else {
        XCTFail("could not parse \"\(text)\"")
        continue
      }
      XCTAssertEqual(interval.inverted?.shortName, expected, "inversion of \(text)")
    }
  }

  func testEnharmonicIntervals() {
    XCTAssertTrue(Interval.A4.isEnharmonic(with: .d5))
    XCTAssertTrue(Interval.A5.isEnharmonic(with: .m6))
    XCTAssertTrue(Interval.d7.isEnharmonic(with: .M6))
    XCTAssertFalse(Interval.M3.isEnharmonic(with: .P4))
    XCTAssertNotEqual(Interval.A4, Interval.d5, "spelling is part of identity")
  }

  func testGuitarLabelsBySemitones() {
    let expected = ["1", "b2", "2", "b3", "3", "4", "#4/b5", "5", "b6", "6", "b7", "7"]
    XCTAssertEqual((0...11).map(Interval.guitarLabel(semitones:)), expected)
    let wrapping: [(semitones: Int, label: String)] = [(12, "1"), (19, "5"), (-1, "7"), (-12, "1")]
    for (semitones, label) in wrapping {
      XCTAssertEqual(Interval.guitarLabel(semitones: semitones), label, "label for \(semitones)")
    }
  }

  func testGuitarLabelsOfSpelledIntervals() {
    let table: [(interval: String, label: String)] = [
      ("P1", "1"), ("m2", "b2"), ("M2", "2"), ("m3", "b3"), ("M3", "3"), ("P4", "4"),
      ("A4", "#4"), ("d5", "b5"), ("P5", "5"), ("A5", "#5"), ("m6", "b6"), ("M6", "6"),
      ("d7", "bb7"), ("m7", "b7"), ("M7", "7"), ("P8", "1"), ("A2", "#2"), ("d4", "b4"),
      ("AA4", "##4"), ("m9", "b9"), ("M9", "9"), ("A9", "#9"), ("P11", "11"), ("A11", "#11"),
      ("m13", "b13"), ("M13", "13"), ("M10", "3"), ("P12", "5"), ("P15", "1"),
    ]
    for (text, label) in table {
      XCTAssertEqual(Interval(shortName: text)?.guitarLabel, label, "guitar label of \(text)")
    }
  }

  func testCodableAsShortName() throws {
    let data = try JSONEncoder().encode([Interval.M3, .d5])
    XCTAssertEqual(String(decoding: data, as: UTF8.self), #"["M3","d5"]"#)
    XCTAssertEqual(try JSONDecoder().decode([Interval].self, from: data), [.M3, .d5])
    XCTAssertThrowsError(try JSONDecoder().decode([Interval].self, from: Data(#"["P3"]"#.utf8)))
  }
}
