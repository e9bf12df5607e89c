import DSP
import MusicTheory
import XCTest

@testable import Practice

/// The dictation exercise: melodies in every key, each note on the letter of its degree and
/// at the semitones of the key's scale (counted from letters and semitones, not through
/// `Scale`), within the staff's range, moving as the style allows; the quiz seeded.
final class EarDictationQuizTests: XCTestCase {
  private static let majorSemitones = [0, 2, 4, 5, 7, 9, 11]
  private static let minorSemitones = [0, 2, 3, 5, 7, 8, 10]

  /// Five levels, one style each, easiest first; `--items` names them.
  func testTheLevelsAreTheStylesEasiestFirst() {
    XCTAssertEqual(
      EarExercise.dictation.levels,
      [
        [.melody(.steps)], [.melody(.thirds)], [.melody(.leaps)], [.melody(.minor)],
        [.melody(.chromatic)],
      ])
    XCTAssertEqual(EarItem(shortName: "leaps", exercise: .dictation), .melody(.leaps))
    XCTAssertNil(EarItem(shortName: "m3", exercise: .dictation))
    XCTAssertEqual(EarItem.note(Note(.E, .flat, octave: 4)).shortName, "Eb4")
  }

  /// Every style in every key it is asked in: the tonic first, then notes of the key (one
  /// chromatic neighbour in the last style, going by a semitone to a note of the key on the
  /// next letter), each on the letter of its degree and at its scale's semitones, never twice
  /// in a row, moving no more than the style allows, within C4–A5, never with a double
  /// accidental.
  func testEveryMelodyIsSpelledInItsKeyInEveryKey() {
    var random = SplitMix64(seed: 3)
    for style in DictationStyle.allCases {
      let keys: [EarKey] =
        switch style {
        case .minor: EarKey.minors
        case .chromatic: EarKey.majors + EarKey.minors
        default: EarKey.majors
        }
      for key in keys {
        for _ in 0..<8 {
          let question = Dictation.question(style: style, key: key, using: &random)
          check(question, style: style, key: key)
        }
      }
    }
  }

  private func check(_ question: EarQuestion, style: DictationStyle, key: EarKey) {
    let notes = question.notes
    let name = "\(style) in \(key): \(notes)"
    XCTAssertEqual(question.item, .melody(style), name)
    XCTAssertEqual(question.key, key, name)
    XCTAssertEqual(question.answer, notes.map(EarItem.note), name)
    XCTAssertEqual(question.prelude.count, 4, name)
    XCTAssertTrue(style.noteCounts.contains(notes.count), name)
    XCTAssertEqual(notes[0].noteClass, key.tonic, name)
    let semitones = key.isMinor ? Self.minorSemitones : Self.majorSemitones
    let tonicPosition = Clef.treble.position(of: notes[0])
    var chromatic = 0
    for (index, note) in notes.enumerated() {
      let position = Clef.treble.position(of: note)
      XCTAssertTrue(Dictation.positions.contains(position), "\(name): \(note)")
      let degree = ((position - tonicPosition) % 7 + 7) % 7
      XCTAssertEqual(note.letter, key.tonic.letter.advanced(by: degree), name)
      let heard = ((note.pitch.midiNumber - notes[0].pitch.midiNumber) % 12 + 12) % 12
      let offScale = ((heard - semitones[degree]) % 12 + 12) % 12
      if offScale != 0 {
        chromatic += 1
        // A neighbour a semitone off the key's own note on its letter, which it leaves by a
        // semitone to the next letter's note of the key.
        XCTAssertTrue(offScale == 1 || offScale == 11, name)
        XCTAssertTrue(notes.indices.contains(index + 1), name)
        if notes.indices.contains(index + 1) {
          let next = notes[index + 1]
          XCTAssertEqual(abs(next.pitch.midiNumber - note.pitch.midiNumber), 1, name)
          XCTAssertEqual(abs(Clef.treble.position(of: next) - position), 1, name)
        }
      }
      XCTAssertLessThan(abs(note.accidental.semitones), 2, "\(name): no double accidental")
      if index > 0 {
        // A chromatic note may stand on its neighbour's line (G G♯ A); the key's own never
        // repeat.
        let move = abs(position - Clef.treble.position(of: notes[index - 1]))
        XCTAssertTrue(move > 0 || offScale != 0, name)
        XCTAssertNotEqual(note.pitch, notes[index - 1].pitch, name)
        XCTAssertLessThanOrEqual(move, style.widestMove, name)
      }
    }
    XCTAssertEqual(chromatic, style == .chromatic ? 1 : 0, name)
  }

  /// A note played is written as the key spells it (its own notes, else with the key's side
  /// of accidentals), in the octave within C4–A5 nearest the note before.
  func testANotePlayedIsSpelledInTheKeyNearTheNoteBefore() {
    let eFlat = EarKey(tonic: NoteClass(parsing: "Eb")!, isMinor: false)
    let e = EarKey(tonic: NoteClass(parsing: "E")!, isMinor: false)
    let d4 = Note(.D, octave: 4)
    let b4 = Note(.B, octave: 4)
    let played = { (midi: Int, key: EarKey, previous: Note) in
      Dictation.note(playing: Pitch(midiNumber: midi), in: key, after: previous)
    }
    XCTAssertEqual(played(63, eFlat, d4), Note(.E, .flat, octave: 4))
    XCTAssertEqual(played(51, eFlat, d4), Note(.E, .flat, octave: 4), "two octaves down")
    XCTAssertEqual(played(63, e, d4), Note(.D, .sharp, octave: 4), "E major's own D#")
    XCTAssertEqual(played(61, eFlat, d4), Note(.D, .flat, octave: 4), "a flat key's side")
    XCTAssertEqual(played(61, e, d4), Note(.C, .sharp, octave: 4))
    XCTAssertEqual(played(66, e, b4), Note(.F, .sharp, octave: 4), "F#4 is nearer B4 than F#5")
    XCTAssertEqual(played(78, e, Note(.D, .sharp, octave: 5)), Note(.F, .sharp, octave: 5))
    XCTAssertEqual(played(59, e, d4), Note(.B, octave: 4), "B3 is below the staff's range")
  }

  /// A note's degree in a key is its letter's number from the tonic's, flat or sharp against
  /// the key's own note on it, in any octave.
  func testANotesDegreeInAKey() {
    let eFlat = EarKey(tonic: NoteClass(parsing: "Eb")!, isMinor: false)
    let cMinor = EarKey(tonic: NoteClass(parsing: "C")!, isMinor: true)
    let degree = { (note: String, key: EarKey) in
      Dictation.degree(of: Note(parsing: note)!, in: key)?.description
    }
    XCTAssertEqual(degree("Eb4", eFlat), "1")
    XCTAssertEqual(degree("D5", eFlat), "7")
    XCTAssertEqual(degree("Db4", eFlat), "b7")
    XCTAssertEqual(degree("A4", eFlat), "#4")
    XCTAssertEqual(degree("Eb5", cMinor), "3", "the minor key's own third")
    XCTAssertEqual(degree("E4", cMinor), "#3")
    XCTAssertNil(degree("Ebb4", EarKey(tonic: NoteClass(parsing: "E")!, isMinor: false)))
  }

  /// The same seed gives the same melodies; another seed others; every style of the level
  /// chosen is drawn, and its keys.
  func testMelodiesAreReproducibleFromTheSeed() {
    func quiz(_ seed: UInt64) -> EarQuiz {
      var random = SplitMix64(seed: seed)
      return EarQuiz(
        exercise: .dictation, items: EarExercise.dictation.items(upToLevel: 5)!,
        soundings: [.up], count: 60, using: &random)
    }
    XCTAssertEqual(quiz(5), quiz(5))
    XCTAssertNotEqual(quiz(5).questions.map(\.notes), quiz(6).questions.map(\.notes))
    let questions = quiz(5).questions
    XCTAssertEqual(Set(questions.map(\.item)).count, 5)
    XCTAssertTrue(questions.contains { $0.key?.isMinor == true })
    XCTAssertGreaterThan(Set(questions.compactMap(\.key)).count, 15)
  }

  /// With weights, each note goes to a degree with its chance among those it may reach: the
  /// fourth weighted 16 to the others' 1 comes far more often than without weights, and every
  /// melody still keeps the style's rules (its length, its moves, its tonic first).
  func testWeightsFavourTheirDegrees() {
    func fourths(weight: ((ScaleDegree) -> Double)?) -> Double {
      var random = SplitMix64(seed: 3)
      var fourths = 0
      var notes = 0
      for _ in 0..<200 {
        let question = Dictation.question(style: .thirds, weight: weight, using: &random)
        let key = question.key!
        XCTAssertTrue(DictationStyle.thirds.noteCounts.contains(question.notes.count))
        XCTAssertEqual(Dictation.degree(of: question.notes[0], in: key)?.description, "1")
        let degrees = question.notes.dropFirst().map { Dictation.degree(of: $0, in: key)! }
        fourths += degrees.count(where: { $0.description == "4" })
        notes += degrees.count
      }
      return Double(fourths) / Double(notes)
    }
    let even = fourths(weight: nil)
    let favoured = fourths(weight: { $0.description == "4" ? 16 : 1 })
    XCTAssertGreaterThan(favoured, 2 * even, "\(favoured) against \(even)")
  }
}
