import DSP
import MusicTheory
import XCTest

@testable import Practice

/// The scales exercise: a scale's run from its root to the octave, spelled in every key as
/// musicians write it, checked from letters and semitones rather than through `Note`
/// transposition (as `SpellingOracle` does for `Scale`), so a spelling bug cannot hide in both.
final class EarScaleQuizTests: XCTestCase {
  private let allPitchClasses = (60..<72).map { Pitch(midiNumber: $0) }

  /// Every scale on every root, both ways and in both spellings of a black key: the run goes up
  /// (or down) from the root to its octave, each note on the letter its degree calls for and at
  /// its interval's semitones above the root; a seven-note scale takes each letter once, in
  /// order; no note needs a double accidental.
  func testEveryScaleIsSpelledRightInEveryKey() throws {
    for item in EarExercise.scales.allItems {
      guard case .scale(let type) = item else { return XCTFail("\(item) in scales") }
      for pitch in allPitchClasses {
        for sounding in EarExercise.scales.soundings {
          for preferSharps in [true, false] {
            let question = EarQuiz.question(
              item: item, on: pitch, sounding: sounding, preferSharps: preferSharps)
            let name = "\(item) on \(pitch.midiNumber) \(sounding), \(question.notes)"
            let run = sounding == .down ? question.notes.reversed() : question.notes
            XCTAssertEqual(run.count, type.intervals.count + 1, name)
            let root = run[0]
            XCTAssertEqual(root.pitch, pitch, name)
            XCTAssertEqual(run.last, Note(root.noteClass, octave: root.octave + 1), name)
            for (note, interval) in zip(run, type.intervals) {
              XCTAssertEqual(
                note.noteClass.letter, root.noteClass.letter.advanced(by: interval.number - 1),
                "\(name): the letter of \(interval)")
              XCTAssertEqual(
                note.pitch.midiNumber - root.pitch.midiNumber, interval.semitones,
                "\(name): the pitch of \(interval)")
            }
            XCTAssertEqual(
              run.map(\.pitch.midiNumber), run.map(\.pitch.midiNumber).sorted(), name)
            XCTAssertEqual(Set(run.map(\.pitch)).count, run.count, name)
            if type.intervals.count == 7 {
              XCTAssertEqual(
                run.prefix(7).map(\.noteClass.letter),
                (0..<7).map { root.noteClass.letter.advanced(by: $0) }, "\(name): one per degree")
            }
            XCTAssertTrue(run.allSatisfy { abs($0.accidental.semitones) < 2 }, name)
            XCTAssertEqual(
              run.dropLast().map(\.noteClass),
              Scale(tonic: root.noteClass, type: type)?.noteClasses, name)
          }
        }
      }
    }
  }

  /// Scales sound one note after another: up or down, never together.
  func testScalesSoundUpOrDown() {
    XCTAssertEqual(EarExercise.scales.soundings, [.up, .down])
    let down = EarQuiz.question(
      item: .scale(.major), on: Pitch(midiNumber: 62), sounding: .down, preferSharps: true)
    XCTAssertEqual(
      down.notes.map(\.description), ["D5", "C#5", "B4", "A4", "G4", "F#4", "E4", "D4"])
  }

  /// A black key takes the spelling with no double accidental: the harmonic minor on G♯/A♭ is
  /// A♭'s (its leading tone G), not G♯'s (F𝄪).
  func testTheSpellingAvoidsDoubleAccidentals() {
    let question = EarQuiz.question(
      item: .scale(.harmonicMinor), on: Pitch(midiNumber: 56), sounding: .up, preferSharps: true)
    XCTAssertEqual(
      question.notes.map(\.description), ["Ab3", "Bb3", "Cb4", "Db4", "Eb4", "Fb4", "G4", "Ab4"])
  }

  func testLevels() {
    XCTAssertEqual(
      EarExercise.scales.levels.map { $0.map(\.shortName) },
      [
        ["major", "natural-minor"], ["harmonic-minor", "melodic-minor"],
        ["major-pentatonic", "minor-pentatonic", "blues"],
        ["dorian", "mixolydian", "lydian", "phrygian"],
        ["locrian", "phrygian-dominant", "lydian-dominant", "major-blues"],
      ])
    // The scales, each once: major, the three minors, the seven modes, the
    // pentatonics and the blues scales, with phrygian and lydian dominant; the scales of other
    // traditions the fretboard knows are not asked by ear.
    let items = EarExercise.scales.allItems
    XCTAssertEqual(Set(items).count, items.count)
    XCTAssertTrue(items.allSatisfy { item in ScaleType.all.contains { .scale($0) == item } })
    XCTAssertFalse(items.contains(.scale(.wholeTone)))
  }

  /// A scale is read by its short name and by what `ScaleType` reads; a scale type is no
  /// interval or chord.
  func testShortNames() {
    XCTAssertEqual(
      EarItem(shortName: "natural-minor", exercise: .scales), .scale(.naturalMinor))
    XCTAssertEqual(EarItem(shortName: "aeolian", exercise: .scales), .scale(.naturalMinor))
    XCTAssertEqual(
      EarItem(shortName: "Minor Pentatonic", exercise: .scales), .scale(.minorPentatonic))
    XCTAssertNil(EarItem(shortName: "m3", exercise: .scales))
    XCTAssertNil(EarItem(shortName: "dorian", exercise: .chords))
    XCTAssertNil(EarItem(shortName: "", exercise: .scales))
  }

  /// A scale's root lies from middle C to the G above unless a placement says otherwise, and
  /// every one of them comes up; the other exercises keep C3 to C5.
  func testScaleRootsLieFromMiddleCToG() {
    var random = SplitMix64(seed: 9)
    let quiz = EarQuiz(
      exercise: .scales, items: EarExercise.scales.allItems, soundings: [.up], count: 300,
      using: &random)
    XCTAssertEqual(Set(quiz.questions.map(\.notes[0].pitch.midiNumber)), Set(60...67))
    XCTAssertEqual(EarQuiz.defaultRoots(of: .chords), EarQuiz.defaultRoots)
  }

  func testTheSameSeedGivesTheSameScales() {
    for seed in UInt64(0)..<100 {
      var first = SplitMix64(seed: seed)
      var second = SplitMix64(seed: seed)
      let items = EarExercise.scales.allItems
      XCTAssertEqual(
        EarQuiz(
          exercise: .scales, items: items, soundings: [.up, .down], count: 20, using: &first),
        EarQuiz(
          exercise: .scales, items: items, soundings: [.up, .down], count: 20, using: &second),
        "seed \(seed)")
    }
  }

  /// The questions of one seed, written down, as the headless quiz's seeds promise the same
  /// questions on any machine.
  func testSeedSevenAsksTheseScales() {
    var random = SplitMix64(seed: 7)
    let quiz = EarQuiz(
      exercise: .scales, items: [.scale(.major), .scale(.dorian)], soundings: [.up, .down],
      count: 6, using: &random)
    XCTAssertEqual(
      quiz.questions.map { "\($0.item) \($0.notes.map(\.description).joined(separator: " "))" },
      [
        "major G4 A4 B4 C5 D5 E5 F#5 G5", "major Eb4 F4 G4 Ab4 Bb4 C5 D5 Eb5",
        "major C4 D4 E4 F4 G4 A4 B4 C5", "dorian F#5 E5 D#5 C#5 B4 A4 G#4 F#4",
        "dorian E4 F#4 G4 A4 B4 C#5 D5 E5", "dorian D4 E4 F4 G4 A4 B4 C5 D5",
      ])
  }
}
