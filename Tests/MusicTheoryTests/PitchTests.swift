import MusicTheory
import XCTest

final class PitchTests: XCTestCase {
  func testFrequencies() {
    let table: [(midi: Int, a4: Double, hertz: Double)] = [
      (69, 440, 440), (69, 442, 442), (69, 415, 415), (60, 440, 261.6256), (21, 440, 27.5),
      (81, 440, 880), (57, 440, 220), (0, 440, 8.1758), (127, 440, 12543.8540),
      (70, 440, 466.1638), (60, 442, 262.8148),
    ]
    for (midi, a4, hertz) in table {
      guard let reference = ConcertPitch(a4: a4) else {
        XCTFail("\(a4) Hz should be a valid reference")
        continue
      }
      XCTAssertEqual(
        Pitch(midiNumber: midi).frequency(reference: reference), hertz, accuracy: 0.0001,
        "frequency of MIDI \(midi) with A4 = \(a4) Hz")
    }
  }

  func testOctaveDoublesFrequency() {
    for midi in stride(from: 0, through: 115, by: 5) {
      let pitch = Pitch(midiNumber: midi)
      XCTAssertEqual(
        (pitch + 12).frequency() / pitch.frequency(), 2, accuracy: 1e-12,
        "octave above MIDI \(midi)")
    }
  }

  func testNearestPitchAndCents() {
    let table: [(hertz: Double, a4: Double, midi: Int, cents: Double)] = [
      (440, 440, 69, 0), (445, 440, 69, 19.5622), (435, 440, 69, -19.7857),
      (466.1638, 440, 70, 0), (261.63, 440, 60, 0.0293), (27.5, 440, 21, 0),
      (453, 440, 70, -49.591), (452, 440, 69, 46.5831), (442, 442, 69, 0), (440, 442, 69, -7.8514),
      (8.1758, 440, 0, 0), (20000, 440, 135, 7.6232),
    ]
    for (hertz, a4, midi, cents) in table {
      guard let reference = ConcertPitch(a4: a4),
        let pitch = Pitch(nearestTo: hertz, reference: reference)
      else {
        XCTFail("no pitch for \(hertz) Hz with A4 = \(a4) Hz")
        continue
      }
      XCTAssertEqual(pitch.midiNumber, midi, "nearest pitch to \(hertz) Hz with A4 = \(a4) Hz")
      XCTAssertEqual(
        pitch.centsOffset(of: hertz, reference: reference), cents, accuracy: 0.001,
        "cents of \(hertz) Hz above MIDI \(midi) with A4 = \(a4) Hz")
    }
  }

  func testNoPitchForMeaninglessFrequencies() {
    let hertzValues: [Double] = [0, -440, .nan, .infinity, -.infinity]
    for hertz in hertzValues {
      XCTAssertNil(Pitch(nearestTo: hertz), "pitch for \(hertz) Hz")
    }
  }

  func testSpelling() {
    let table: [(midi: Int, sharps: String, flats: String)] = [
      (60, "C4", "C4"), (61, "C#4", "Db4"), (63, "D#4", "Eb4"), (66, "F#4", "Gb4"),
      (68, "G#4", "Ab4"), (70, "A#4", "Bb4"), (59, "B3", "B3"), (64, "E4", "E4"),
      (0, "C-1", "C-1"), (-1, "B-2", "B-2"), (127, "G9", "G9"), (22, "A#0", "Bb0"),
    ]
    for (midi, sharps, flats) in table {
      let pitch = Pitch(midiNumber: midi)
      XCTAssertEqual(pitch.spelling(preferSharps: true).description, sharps, "MIDI \(midi) ♯")
      XCTAssertEqual(pitch.spelling(preferSharps: false).description, flats, "MIDI \(midi) ♭")
      XCTAssertEqual(pitch.spelling(preferSharps: true).pitch, pitch, "MIDI \(midi) ♯ round trip")
      XCTAssertEqual(pitch.spelling(preferSharps: false).pitch, pitch, "MIDI \(midi) ♭ round trip")
    }
  }

  func testPitchClass() {
    let table: [(midi: Int, pitchClass: Int)] = [(60, 0), (61, 1), (71, 11), (0, 0), (-1, 11)]
    for (midi, pitchClass) in table {
      XCTAssertEqual(Pitch(midiNumber: midi).pitchClass, pitchClass, "pitch class of \(midi)")
    }
  }

  func testArithmeticAndOrder() {
    let middleC = Pitch(midiNumber: 60)
    XCTAssertEqual(middleC + 7, Pitch(midiNumber: 67))
    XCTAssertEqual(middleC - 13, Pitch(midiNumber: 47))
    XCTAssertEqual(Pitch(midiNumber: 67) - middleC, 7)
    XCTAssertLessThan(middleC, middleC + 1)
    XCTAssertEqual(
      [middleC + 2, middleC, middleC - 5].sorted(), [middleC - 5, middleC, middleC + 2])
  }

  func testMIDIRange() {
    let table: [(midi: Int, isValid: Bool)] = [(-1, false), (0, true), (127, true), (128, false)]
    for (midi, isValid) in table {
      XCTAssertEqual(Pitch(midiNumber: midi).isValidMIDI, isValid, "MIDI \(midi) validity")
    }
  }
}
