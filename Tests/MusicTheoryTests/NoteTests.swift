import MusicTheory
import XCTest

final class NoteTests: XCTestCase {
  func testMIDINumbers() {
    let table: [(note: String, midi: Int)] = [
      ("C4", 60), ("A4", 69), ("C-1", 0), ("G9", 127), ("A0", 21), ("C8", 108), ("E2", 40),
      ("B#3", 60), ("Cb4", 59), ("B3", 59), ("C#4", 61), ("Db4", 61), ("E#4", 65), ("Fb4", 64),
      ("Fbb2", 39), ("Ex5", 78), ("Bbb3", 57), ("Cbb4", 58), ("Bx3", 61), ("A#0", 22),
      ("Gb-1", 6),
    ]
    for (text, midi) in table {
      guard let note = Note(parsing: text) else {
        XCTFail("could not parse \"\(text)\"")
        continue
      }
      XCTAssertEqual(note.pitch.midiNumber, midi, "MIDI number of \(text)")
    }
  }

  func testInitializersAgree() {
    let note = Note(.F, .sharp, octave: 3)
    XCTAssertEqual(note, Note(NoteClass(.F, .sharp), octave: 3))
    XCTAssertEqual(note.letter, .F)
    XCTAssertEqual(note.accidental, .sharp)
    XCTAssertEqual(note.octave, 3)
    XCTAssertEqual(Note(.C, octave: 4).accidental, .natural)
  }

  func testDescriptionRoundTrips() {
    for text in ["C4", "C#4", "Bb3", "Ebb2", "Fx5", "C-1", "G9", "Ab10", "B#3", "Cb4", "E-2"] {
      XCTAssertEqual(Note(parsing: text)?.description, text, "round trip of \"\(text)\"")
    }
  }

  func testParsingNormalizesAccidentals() {
    let table: [(text: String, description: String)] = [
      ("C##4", "Cx4"), ("C♯4", "C#4"), ("B♭3", "Bb3"), ("B𝄫3", "Bbb3"), ("E𝄪5", "Ex5"),
    ]
    for (text, description) in table {
      XCTAssertEqual(Note(parsing: text)?.description, description, "parsing \"\(text)\"")
    }
  }

  func testParsingRejects() {
    let rejected = [
      "H4", "C#", "Q4", "", "4", "c4", "C#b4", "Cbbb4", "C4.5", "C 4", "C+4", "C04", "C--1",
      "Cx", "Do4", "C#4 ", "-1",
    ]
    for text in rejected {
      XCTAssertNil(Note(parsing: text), "\"\(text)\" should not parse")
    }
  }

  func testEnharmonicEquivalence() {
    let table: [(String, String, expected: Bool)] = [
      ("B#3", "C4", true), ("Cb4", "B3", true), ("F#4", "Gb4", true), ("Ex5", "F#5", true),
      ("Fbb2", "D#2", true), ("C4", "C5", false), ("Cb4", "B4", false), ("E4", "F4", false),
    ]
    for (first, second, expected) in table {
      guard let a = Note(parsing: first), let b = Note(parsing: second) else {
        XCTFail("could not parse \(first) or \(second)")
        continue
      }
      XCTAssertEqual(a.isEnharmonic(with: b), expected, "\(first) ~ \(second)")
    }
  }

  func testTransposition() {
    let table: [(start: String, Interval, Interval.Direction, expected: String?)] = [
      ("C4", .majorThird, .up, "E4"),
      ("E4", .minorThird, .up, "G4"),
      ("F#4", .majorThird, .up, "A#4"),
      ("Bb3", .augmentedFourth, .up, "E4"),
      ("Eb4", .diminishedFifth, .up, "Bbb4"),
      ("C4", .diminishedSeventh, .up, "Bbb4"),
      ("Db4", .minorThird, .up, "Fb4"),
      ("G#4", .majorSeventh, .up, "Fx5"),
      ("B#3", .majorSecond, .up, "Cx4"),
      ("Ab4", Interval(quality: .augmented, number: 2)!, .up, "B4"),
      ("E4", .unison, .up, "E4"),
      ("B3", .minorSecond, .up, "C4"),
      ("A4", .majorThird, .up, "C#5"),
      ("G4", .perfectFifth, .up, "D5"),
      ("Bb4", .perfectFourth, .up, "Eb5"),
      ("C4", .octave, .up, "C5"),
      ("C4", .majorNinth, .up, "D5"),
      ("C4", .majorThirteenth, .up, "A5"),
      ("E4", .augmentedEleventh, .up, "A#5"),
      ("C4", .doubleOctave, .up, "C6"),
      ("E4", .majorThird, .down, "C4"),
      ("C4", .minorSecond, .down, "B3"),
      ("C4", .majorSecond, .down, "Bb3"),
      ("F4", .augmentedFourth, .down, "Cb4"),
      ("Gb4", .augmentedFourth, .down, "Dbb4"),
      ("Cbb4", .minorSecond, .down, "Bbb3"),
      ("C4", .octave, .down, "C3"),
      ("D4", .majorNinth, .down, "C3"),
      ("C0", .minorSecond, .down, "B-1"),
      ("Bx4", Interval(quality: .augmented, number: 1)!, .up, nil),
      ("Fx4", Interval(quality: .augmented, number: 1)!, .up, nil),
      ("Cb4", .diminishedSeventh, .up, nil),
      ("Ex5", .majorSecond, .up, nil),
      ("Cbb4", .majorSecond, .down, nil),
      ("Fbb4", .augmentedFourth, .down, nil),
    ]
    for (start, interval, direction, expected) in table {
      guard let note = Note(parsing: start) else {
        XCTFail("could not parse \"\(start)\"")
        continue
      }
      let result = note.transposed(by: interval, direction: direction)
      XCTAssertEqual(result?.description, expected, "\(start) \(direction) \(interval)")
      if let result {
        let sign = direction == .up ? 1 : -1
        XCTAssertEqual(
          result.pitch - note.pitch, sign * interval.semitones,
          "\(start) \(direction) \(interval) keeps the interval's semitones")
      }
    }
  }

  func testOperatorsMatchTransposition() {
    let note = Note(.E, .flat, octave: 4)
    XCTAssertEqual(note + .majorThird, Note(.G, octave: 4))
    XCTAssertEqual(note - .majorThird, Note(.C, .flat, octave: 4))
    XCTAssertEqual(note + .d5, note.transposed(by: .d5))
    XCTAssertNil(Note(.B, .doubleSharp, octave: 4) + Interval(quality: .augmented, number: 1)!)
  }
}
