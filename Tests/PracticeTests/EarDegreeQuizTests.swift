import DSP
import MusicTheory
import XCTest

@testable import Practice

/// The degrees and cadences exercises: every degree on its letter and its semitones in all
/// thirty keys, counted from letters and semitones rather than through `Scale` (so a spelling
/// bug cannot hide in both); the way home; the cadences' chords against `DiatonicChord`, voice-led;
/// and the seeded quiz.
final class EarDegreeQuizTests: XCTestCase {
  private static let majorSemitones = [0, 2, 4, 5, 7, 9, 11]
  private static let minorSemitones = [0, 2, 3, 5, 7, 8, 10]

  private func degrees(_ names: String) -> [ScaleDegree] {
    names.split(separator: " ").map { ScaleDegree(name: String($0))! }
  }

  /// Every degree of the exercise in all 15 major keys, and the key's own in all 15 minor
  /// keys: the letter `number - 1` steps above the tonic's, the semitones of its scale moved by
  /// its sign, in the octave from the tonic up, never a double accidental but where the sign
  /// moves the key's own accidental further (C♯ major's #4 is F𝄪, C♭ major's b3 E𝄫).
  func testEveryDegreeIsItsKeysNoteInAllThirtyKeys() throws {
    XCTAssertEqual(EarKey.majors.count, 15)
    XCTAssertEqual(EarKey.minors.count, 15)
    XCTAssertEqual(Set(EarKey.majors.map(\.tonic)).count, 15)
    for key in EarKey.majors + EarKey.minors {
      let tonic = VoiceLeading.note(key.tonic, atOrAbove: EarQuiz.lowestTonic.midiNumber)
      XCTAssertTrue((58...69).contains(tonic.pitch.midiNumber), "\(key): \(tonic)")
      let semitones = key.isMinor ? Self.minorSemitones : Self.majorSemitones
      for item in EarExercise.degrees.allItems {
        guard case .degree(let degree) = item else { return XCTFail("\(item) in degrees") }
        if key.isMinor && degree.isChromatic { continue }
        let question = try XCTUnwrap(
          EarQuestion(degrees: [degree], key: key, tonic: tonic), "\(degree) in \(key)")
        let note = question.notes[0]
        let name = "\(degree) in \(key): \(note)"
        XCTAssertEqual(note.letter, tonic.letter.advanced(by: degree.number - 1), name)
        XCTAssertEqual(
          note.pitch.midiNumber - tonic.pitch.midiNumber,
          semitones[degree.number - 1] + degree.alteration, name)
        XCTAssertEqual(question.answer, [item], name)
        XCTAssertEqual(question.key, key, name)
        // A flat on a flat key's own flat (b3 of C♭ is E𝄫), or a sharp on a sharp, is the one
        // double accidental: the letter stays the degree's.
        let own = key.scale.noteClasses[degree.number - 1].accidental.semitones
        XCTAssertTrue(abs(note.accidental.semitones) < 2 || own * degree.alteration > 0, name)
      }
    }
  }

  /// Degrees go home by step along the scale to the nearer tonic; a note between two first
  /// moves a semitone to the one with the shorter way.
  func testADegreeResolvesByStepToTheNearerTonic() {
    let ways = [
      "1": [], "2": [1], "3": [2, 1], "4": [3, 2, 1], "5": [6, 7, 8], "6": [7, 8], "7": [8],
      "b2": [1], "b3": [2, 1], "#4": [5, 6, 7, 8], "b6": [6, 7, 8], "b7": [7, 8],
    ]
    for (name, way) in ways {
      XCTAssertEqual(ScaleDegree(name: name)?.resolution, way, name)
    }
    let key = EarKey(tonic: NoteClass(.E, .flat), isMinor: false)
    let tonic = Note(.E, .flat, octave: 4)
    let question = EarQuestion(degrees: degrees("3 4"), key: key, tonic: tonic)!
    XCTAssertEqual(question.notes, [Note(.G, octave: 4), Note(.A, .flat, octave: 4)])
    XCTAssertEqual(
      question.resolution, [Note(.G, octave: 4), Note(.F, octave: 4), Note(.E, .flat, octave: 4)],
      "the last degree, 4, goes home down")
    let up = EarQuestion(degrees: degrees("6"), key: key, tonic: tonic)!
    XCTAssertEqual(up.resolution, [Note(.D, octave: 5), Note(.E, .flat, octave: 5)])
  }

  /// Before degrees, I–IV–V–I of the key (i–iv–V–i in minor, the dominant major as harmonic
  /// minor has it): each chord the triad `DiatonicChord` names, in close position over its root.
  func testTheCadenceBeforeDegreesIsTheKeysIIVVI() {
    for key in EarKey.majors + EarKey.minors {
      let tonic = VoiceLeading.note(key.tonic, atOrAbove: EarQuiz.lowestTonic.midiNumber)
      let question = EarQuestion(degrees: degrees("1"), key: key, tonic: tonic)!
      let harmony = Scale(tonic: key.tonic, type: key.isMinor ? .harmonicMinor : .major)!
      let chords = harmony.diatonicChords(sevenths: false)!
      XCTAssertEqual(
        [1, 4, 5, 1].map { chords[$0 - 1].numeral },
        key.isMinor ? ["i", "iv", "V", "i"] : ["I", "IV", "V", "I"])
      XCTAssertEqual(question.prelude.count, 4)
      for (chord, degree) in zip(question.prelude, [1, 4, 5, 1]) {
        assertVoiced(chord, is: chords[degree - 1], "\(key) \(degree)")
      }
    }
  }

  /// Every cadence and progression in all 15 major keys: a tonic chord, then the chords of
  /// one of its ways, each the Roman numeral `DiatonicChord` gives that degree; the names of the
  /// progressions are those numerals.
  func testCadenceChordsAreTheirRomanNumeralsInEveryKey() {
    XCTAssertEqual(
      EarExercise.cadences.allItems.map(\.shortName),
      [
        "perfect", "plagal", "imperfect", "deceptive", "I-IV-V-I", "I-vi-IV-V", "ii-V-I",
        "I-V-vi-IV", "vi-IV-I-V", "I-vi-ii-V", "I-IV-vi-V",
      ])
    let ends = ["perfect": ["V", "I"], "plagal": ["IV", "I"], "deceptive": ["V", "vi"]]
    for key in EarKey.majors {
      let chords = key.scale.diatonicChords(sevenths: false)!
      for item in EarExercise.cadences.allItems {
        guard case .cadence(let cadence) = item else { return XCTFail("\(item) in cadences") }
        for way in cadence.ways {
          let question = EarQuestion(cadence: cadence, way: way, key: key)
          let name = "\(cadence) \(way) in \(key)"
          XCTAssertEqual(question.prelude.count, 1, name)
          assertVoiced(question.prelude[0], is: chords[0], name)
          XCTAssertEqual(question.chords.count, way.count, name)
          for (chord, degree) in zip(question.chords, way) {
            assertVoiced(chord, is: chords[degree - 1], "\(name) \(degree)")
          }
          XCTAssertEqual(question.notes, question.chords.flatMap { $0 }, name)
          let numerals = way.map { chords[$0 - 1].numeral }
          if let end = ends[cadence.name] {
            XCTAssertEqual(numerals, end, name)
          } else if cadence.name == "imperfect" {
            XCTAssertEqual(numerals.last, "V", name)
          } else {
            XCTAssertEqual(numerals.joined(separator: "-"), cadence.name, name)
          }
        }
      }
    }
  }

  /// The close chords move as little as any voicing could: no other inversion or octave of
  /// each chord moves the voices less. In G, I–vi–IV–V keeps G and B, then G, and the V
  /// (nothing in common with IV) moves each voice up a whole step: G–B–D, G–B–E, G–C–E, A–D–F♯.
  func testChordsAreVoiceLedWithTheSmallestMotion() {
    let key = EarKey(tonic: NoteClass(.G), isMinor: false)
    let question = EarQuestion(cadence: .progression([1, 6, 4, 5]), way: [1, 6, 4, 5], key: key)
    let played = [question.prelude[0]] + question.chords
    for (before, after) in zip(played, played.dropFirst()) {
      let moved = VoiceLeading.motion(Array(before.dropFirst()), Array(after.dropFirst()))
      let classes = key.scale.diatonicChords(sevenths: false)!.first {
        Set($0.notes) == Set(after.dropFirst().map(\.noteClass))
      }!.notes
      for other in VoiceLeading.voicings(of: classes) {
        XCTAssertLessThanOrEqual(
          moved, VoiceLeading.motion(Array(before.dropFirst()), other), "\(after) vs \(other)")
      }
      XCTAssertLessThanOrEqual(moved, 6, "\(before) to \(after)")
    }
    XCTAssertEqual(
      played.map { $0.map(\.description) },
      [
        ["G2", "G3", "B3", "D4"], ["G2", "G3", "B3", "D4"], ["E2", "G3", "B3", "E4"],
        ["C3", "G3", "C4", "E4"], ["D3", "A3", "D4", "F#4"],
      ])
  }

  /// The same seed asks the same questions; degrees come in major keys until minor keys are
  /// asked for, and a chromatic degree always in a major key.
  func testTheSeededQuizAndItsKeys() {
    func quiz(_ exercise: EarExercise, level: Int, notes: Int = 1, seed: UInt64) -> EarQuiz {
      var random = SplitMix64(seed: seed)
      return EarQuiz(
        exercise: exercise, items: exercise.items(upToLevel: level)!,
        soundings: exercise.soundings, count: 200, minorKeys: exercise.hasMinorKeys(atLevel: level),
        notesPerQuestion: notes, using: &random)
    }
    XCTAssertEqual(quiz(.degrees, level: 5, seed: 7), quiz(.degrees, level: 5, seed: 7))
    XCTAssertNotEqual(quiz(.degrees, level: 5, seed: 7), quiz(.degrees, level: 5, seed: 8))
    XCTAssertEqual(quiz(.cadences, level: 3, seed: 7), quiz(.cadences, level: 3, seed: 7))
    XCTAssertFalse(quiz(.degrees, level: 3, seed: 7).questions.contains { $0.key!.isMinor })
    let minor = quiz(.degrees, level: 5, seed: 7).questions
    XCTAssertTrue(minor.contains { $0.key!.isMinor })
    XCTAssertTrue(minor.contains { !$0.key!.isMinor })
    for question in minor where question.key!.isMinor {
      XCTAssertFalse(
        question.answer.contains { item in
          if case .degree(let degree) = item { return degree.isChromatic }
          return true
        })
    }
    let three = quiz(.degrees, level: 3, notes: 3, seed: 7).questions
    XCTAssertTrue(three.allSatisfy { $0.notes.count == 3 && $0.answer.count == 3 })
    XCTAssertEqual(Set(quiz(.cadences, level: 1, seed: 7).questions.map(\.item)).count, 2)
  }

  private func assertVoiced(
    _ chord: [Note], is triad: DiatonicChord, _ name: String, line: UInt = #line
  ) {
    XCTAssertEqual(
      chord.first?.noteClass, triad.notes[0], "\(name): the root in the bass", line: line)
    XCTAssertEqual(Set(chord.dropFirst().map(\.noteClass)), Set(triad.notes), name, line: line)
    XCTAssertEqual(chord.count, 4, name, line: line)
    let upper = chord.dropFirst().map(\.pitch.midiNumber)
    XCTAssertLessThan(upper.last! - upper.first!, 12, "\(name): close position", line: line)
    XCTAssertTrue(VoiceLeading.lowestNotes.contains(upper.first!), name, line: line)
    XCTAssertTrue(VoiceLeading.bassNotes.contains(chord[0].pitch.midiNumber), name, line: line)
    XCTAssertEqual(upper, upper.sorted(), name, line: line)
  }
}
