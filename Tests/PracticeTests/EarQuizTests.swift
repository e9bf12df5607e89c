import DSP
import MusicTheory
import XCTest

@testable import Practice

final class EarQuizTests: XCTestCase {
  private let allPitchClasses = (60..<72).map { Pitch(midiNumber: $0) }

  /// Every interval on every root, in both spellings and every sounding: the notes span
  /// the interval as spelled, and sound in the order asked.
  func testEveryIntervalIsSpelledRightOnEveryRoot() throws {
    for item in EarExercise.intervals.allItems {
      guard case .interval(let interval) = item else { return XCTFail("\(item) in intervals") }
      for pitch in allPitchClasses {
        for sounding in EarQuestion.Sounding.allCases {
          for preferSharps in [true, false] {
            let question = EarQuiz.question(
              item: item, on: pitch, sounding: sounding, preferSharps: preferSharps)
            let (lower, upper) =
              sounding == .down
              ? (question.notes[1], question.notes[0]) : (question.notes[0], question.notes[1])
            XCTAssertEqual(question.notes.count, 2)
            XCTAssertEqual(lower.pitch, pitch, "\(item) on \(pitch)")
            XCTAssertEqual(Interval(from: lower, to: upper), interval, "\(question.notes)")
            XCTAssertEqual(question.sounding, sounding)
          }
        }
      }
    }
  }

  /// Every chord on every root: the notes are the chord's tones from its root, and each lies
  /// at the quality's interval above it.
  func testEveryChordIsSpelledRightOnEveryRoot() throws {
    for item in EarExercise.chords.allItems {
      guard case .chord(let quality) = item else { return XCTFail("\(item) in chords") }
      for pitch in allPitchClasses {
        for preferSharps in [true, false] {
          let question = EarQuiz.question(
            item: item, on: pitch, sounding: .harmonic, preferSharps: preferSharps)
          let root = question.notes[0]
          XCTAssertEqual(root.pitch, pitch)
          XCTAssertEqual(
            question.notes.map { Interval(from: root, to: $0) }, quality.intervals,
            "\(question.notes)")
          XCTAssertEqual(
            question.notes.map(\.noteClass),
            Chord(root: root.noteClass, quality: quality)?.noteClasses)
        }
      }
    }
  }

  /// A black key is spelled the way that needs no double accidental where one does:
  /// A♭ augmented is A♭ C E, never G♯ B♯ D𝄪.
  func testTheSpellingAvoidsDoubleAccidentals() {
    let question = EarQuiz.question(
      item: .chord(.augmented), on: Pitch(midiNumber: 56), sounding: .harmonic,
      preferSharps: true)
    XCTAssertEqual(question.notes.map(\.description), ["Ab3", "C4", "E4"])
    let down = EarQuiz.question(
      item: .interval(.m3), on: Pitch(midiNumber: 61), sounding: .down, preferSharps: false)
    XCTAssertEqual(down.notes.map(\.description), ["Fb4", "Db4"])
  }

  /// Each inversion takes one more of the chord's tones up an octave: C major in first
  /// inversion is E G C, a C7 in third inversion B♭ C E G.
  func testInversionsRaiseTheLowestTones() {
    for quality in [ChordQuality.major, .dominantSeventh, .diminishedSeventh] {
      for pitch in allPitchClasses {
        let root = EarQuiz.question(
          item: .chord(quality), on: pitch, sounding: .harmonic, preferSharps: true)
        for inversion in 0..<root.notes.count {
          let inverted = EarQuiz.question(
            item: .chord(quality), on: pitch, sounding: .harmonic, inversion: inversion,
            preferSharps: true)
          XCTAssertEqual(inverted.inversion, inversion)
          XCTAssertEqual(inverted.notes.map(\.noteClass), rotated(root.notes, by: inversion))
          XCTAssertEqual(inverted.notes.first?.noteClass, root.notes[inversion].noteClass)
          XCTAssertEqual(inverted.notes.map(\.pitch), inverted.notes.map(\.pitch).sorted())
          XCTAssertLessThan(inverted.notes.last!.pitch - inverted.notes.first!.pitch, 12)
        }
      }
    }
    let c7 = EarQuiz.question(
      item: .chord(.dominantSeventh), on: Pitch(midiNumber: 60), sounding: .harmonic,
      inversion: 3, preferSharps: true)
    XCTAssertEqual(c7.notes.map(\.description), ["Bb4", "C5", "E5", "G5"])
  }

  func testInversionsComeOnlyWhenAsked() {
    var random = SplitMix64(seed: 5)
    let asked = EarQuiz(
      exercise: .chords, items: EarExercise.chords.allItems, soundings: [.harmonic], count: 200,
      inversions: true, using: &random)
    XCTAssertEqual(Set(asked.questions.map(\.inversion)), [0, 1, 2, 3])
    XCTAssertTrue(asked.questions.allSatisfy { $0.inversion < $0.notes.count })
    random = SplitMix64(seed: 5)
    let plain = EarQuiz(
      exercise: .chords, items: EarExercise.chords.allItems, soundings: [.harmonic], count: 200,
      using: &random)
    XCTAssertEqual(Set(plain.questions.map(\.inversion)), [0])
  }

  private func rotated(_ notes: [Note], by count: Int) -> [NoteClass] {
    (notes.dropFirst(count) + notes.prefix(count)).map(\.noteClass)
  }

  func testTheSameSeedGivesTheSameQuestions() {
    for seed in UInt64(0)..<200 {
      var first = SplitMix64(seed: seed)
      var second = SplitMix64(seed: seed)
      let items = EarExercise.intervals.allItems
      XCTAssertEqual(
        EarQuiz(
          exercise: .intervals, items: items, soundings: [.up, .down, .harmonic], count: 20,
          using: &first),
        EarQuiz(
          exercise: .intervals, items: items, soundings: [.up, .down, .harmonic], count: 20,
          using: &second), "seed \(seed)")
    }
  }

  /// The questions of one seed, written down: the stdlib's random choices on a seeded
  /// generator are the same on every machine, and this holds them to it.
  func testSeedSevenAsksTheseQuestions() {
    var random = SplitMix64(seed: 7)
    let quiz = EarQuiz(
      exercise: .chords, items: EarExercise.chords.allItems, soundings: [.harmonic], count: 3,
      using: &random)
    XCTAssertEqual(
      quiz.questions.map { "\($0.item) \($0.notes.map(\.description).joined(separator: " "))" },
      ["sus2 Bb4 C5 F5", "sus4 B3 E4 F#4", "m D3 F3 A3"])
  }

  func testDifferentSeedsGiveDifferentQuestions() {
    var first = SplitMix64(seed: 1)
    var second = SplitMix64(seed: 2)
    let items = EarExercise.chords.allItems
    XCTAssertNotEqual(
      EarQuiz(exercise: .chords, items: items, soundings: [.harmonic], count: 20, using: &first),
      EarQuiz(exercise: .chords, items: items, soundings: [.harmonic], count: 20, using: &second))
  }

  func testTheLowestNoteStaysInTheRangeAndEveryItemComesUp() {
    var random = SplitMix64(seed: 3)
    let range = Pitch(midiNumber: 50)...Pitch(midiNumber: 55)
    let quiz = EarQuiz(
      exercise: .intervals, items: [.interval(.m3), .interval(.P5)], soundings: [.down],
      count: 200, placement: .lowestNote(in: range), using: &random)
    XCTAssertTrue(quiz.questions.allSatisfy { range.contains($0.notes[1].pitch) })
    XCTAssertEqual(Set(quiz.questions.map(\.item)), [.interval(.m3), .interval(.P5)])
    XCTAssertEqual(Set(quiz.questions.map(\.notes[1].pitch)).count, 6)
  }

  /// With a range for every note (a singer's), each chord in each inversion lies inside it,
  /// and the roots still cover what fits.
  func testEveryNoteStaysInTheRangeInEveryInversion() {
    let range = Note(.A, octave: 2).pitch...Note(.E, octave: 4).pitch
    for seed in 0..<20 {
      var random = SplitMix64(seed: UInt64(seed))
      let quiz = EarQuiz(
        exercise: .chords, items: EarExercise.chords.allItems, soundings: [.harmonic],
        count: 50, inversions: true, placement: .everyNote(in: range), using: &random)
      for question in quiz.questions {
        XCTAssertTrue(question.notes.allSatisfy { range.contains($0.pitch) }, "\(question)")
      }
    }
    XCTAssertEqual(
      EarQuiz.roots(of: .interval(.P8), inversions: false, within: range),
      range.lowerBound...Note(.E, octave: 3).pitch)
    let narrow = Note(.E, octave: 4).pitch...Note(.G, octave: 4).pitch
    XCTAssertNil(EarQuiz.roots(of: .interval(.P8), inversions: false, within: narrow))
    XCTAssertNotNil(EarQuiz.roots(of: .interval(.m3), inversions: false, within: narrow))
  }

  /// A fixed root is kept as written: G♭ stays G♭ (its minor third B𝄫 and all), every question
  /// on it.
  func testAFixedRootIsEveryQuestionsRootAsWritten() throws {
    var random = SplitMix64(seed: 5)
    let root = try XCTUnwrap(Note(parsing: "Gb3"))
    let quiz = EarQuiz(
      exercise: .intervals, items: [.interval(.M3), .interval(.P5)], soundings: [.up],
      count: 30, placement: .fixedRoot(root), using: &random)
    XCTAssertTrue(quiz.questions.allSatisfy { $0.notes[0] == root })
    XCTAssertEqual(
      Set(quiz.questions.map { $0.notes[1].description }), ["Bb3", "Db4"])
  }

  func testLevels() {
    XCTAssertEqual(
      EarExercise.intervals.items(upToLevel: 1)?.map(\.shortName), ["M2", "M3", "P4", "P5", "P8"])
    XCTAssertEqual(EarExercise.chords.items(upToLevel: 1)?.map(\.shortName), ["maj", "m"])
    XCTAssertEqual(
      EarExercise.chords.allItems.map(\.shortName),
      ["maj", "m", "dim", "aug", "sus2", "sus4", "maj7", "7", "m7", "m7b5", "dim7", "mMaj7"])
    XCTAssertEqual(EarExercise.intervals.allItems.count, 24, "every interval, m2 to P15")
    XCTAssertEqual(
      Set(
        EarExercise.intervals.allItems.compactMap {
          if case .interval(let interval) = $0 { interval.semitones } else { nil }
        }), Set(1...24))
    XCTAssertNil(EarExercise.chords.items(upToLevel: 0))
    XCTAssertNil(EarExercise.chords.items(upToLevel: 6))
  }

  func testShortNamesReadBack() {
    for exercise in EarExercise.allCases {
      for item in exercise.allItems {
        XCTAssertEqual(EarItem(shortName: item.shortName, exercise: exercise), item)
      }
    }
    XCTAssertEqual(EarItem(shortName: "d5", exercise: .intervals), .interval(.d5))
    XCTAssertEqual(EarItem(shortName: "ø", exercise: .chords), .chord(.halfDiminishedSeventh))
    XCTAssertNil(EarItem(shortName: "P1", exercise: .intervals), "a unison is not heard as two")
    XCTAssertNil(EarItem(shortName: "P22", exercise: .intervals))
    XCTAssertNil(EarItem(shortName: "m3", exercise: .chords))
    XCTAssertNil(EarItem(shortName: "add9", exercise: .chords))
    XCTAssertNil(EarItem(shortName: "", exercise: .chords), "no answer is not a major triad")
  }
}
