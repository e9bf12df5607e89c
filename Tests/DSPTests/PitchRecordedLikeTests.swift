import DSP
import ListeningEval
import XCTest

/// What went wrong on recorded instrument samples (`PitchEvaluationSet`), reproduced with
/// synthesized takes so that CI, which has no soundfonts, checks it: every note played is found
/// once, at its pitch, with a median error of at most 5 cents.
final class PitchRecordedLikeTests: XCTestCase {
  /// Separate pure tones from E2 to B5.
  func testPureSines() {
    var take = RecordedLikeTake(seconds: 12)
    for (index, midi) in stride(from: 40, through: 83, by: 3).enumerated() {
      take.play(
        midi, at: 0.2 + 0.8 * Double(index), for: 0.5, peak: 0.3,
        partials: [.init(number: 1, amplitude: 1, held: 100, released: 0.005)])
    }
    assertEveryNoteNamed(take)
  }

  /// A steel string: a strong second and third harmonic, a strong sixth, stretched
  /// partials, and a thump an octave or a twelfth below the note that dies within a few tens of
  /// milliseconds, as in the steel-string samples (their body's resonance, transposed with
  /// them). In those milliseconds the notes used to start an octave or a twelfth low.
  func testSteelStringPlucksWithAThumpBelow() {
    let amplitudes = [1, 0.55, 0.55, 0.3, 0.1, 0.4, 0.1, 0.05]
    let partials = amplitudes.enumerated().map { index, amplitude in
      RecordedLikeTake.Partial(
        number: Double(index + 1), amplitude: amplitude,
        held: 1.2 / Double(index + 1).squareRoot(), released: 0.08)
    }
    let fundamental = 0.3 / amplitudes.reduce(0, +)
    var take = RecordedLikeTake(seconds: 32)
    for (index, midi) in (45...72).enumerated() {
      let start = 0.2 + 1.1 * Double(index)
      take.play(midi, at: start, for: 0.7, peak: 0.3, partials: partials, inharmonicity: 1e-4)
      take.ring(
        RecordedLikeTake.frequency(midi: midi) / Double(2 + index % 2), at: start,
        amplitude: fundamental, timeConstant: 0.03)
    }
    assertEveryNoteNamed(take)
  }

  /// A plucked note dies away while held; when the key comes up its fundamental is damped at
  /// once but its octave rings on, through the body, for most of a second, and the fading note
  /// reads an octave up. That tail was a note of its own.
  func testAReleaseThatRingsOnAnOctaveUp() {
    let partials: [RecordedLikeTake.Partial] = [
      .init(number: 1, amplitude: 1, held: 0.3, released: 0.03),
      .init(number: 2, amplitude: 0.9, held: 0.3, released: 0.25),
      .init(number: 3, amplitude: 0.3, held: 0.3, released: 0.04),
      .init(number: 4, amplitude: 0.2, held: 0.3, released: 0.03),
    ]
    var take = RecordedLikeTake(seconds: 13)
    for (index, midi) in [45, 52, 57, 60, 64, 69, 76].enumerated() {
      take.play(midi, at: 0.2 + 1.8 * Double(index), for: 0.8, peak: 0.3, partials: partials)
    }
    assertEveryNoteNamed(take)
  }

  /// A steel string held for a second and a half: its fundamental is weak, and it and the
  /// other odd partials die away fast at first and then slowly, as a string's partials do,
  /// while the octave and the double octave ring on. A third of a second in, the frame repeats
  /// almost as exactly every half period as every period, and the detector hears the octave,
  /// with the note's own lower partials still sounding under it and no fresh attack. That
  /// octave was a note of its own.
  func testAHeldPluckWhoseOddPartialsDieFirst() {
    let partials: [RecordedLikeTake.Partial] = [
      .init(number: 1, amplitude: 0.1, held: 0.3, released: 0.05),
      .init(number: 1, amplitude: 0.02, held: 2, released: 0.05),
      .init(number: 2, amplitude: 1, held: 0.8, released: 0.3),
      .init(number: 3, amplitude: 0.5, held: 0.2, released: 0.05),
      .init(number: 3, amplitude: 0.08, held: 1.5, released: 0.05),
      .init(number: 4, amplitude: 0.3, held: 1, released: 0.3),
      .init(number: 5, amplitude: 0.2, held: 0.2, released: 0.05),
      .init(number: 5, amplitude: 0.04, held: 1.5, released: 0.05),
      .init(number: 6, amplitude: 0.1, held: 0.6, released: 0.1),
    ]
    var take = RecordedLikeTake(seconds: 16)
    for (index, midi) in [40, 42, 45, 47, 50, 52].enumerated() {
      take.play(midi, at: 0.2 + 2.5 * Double(index), for: 1.5, peak: 0.3, partials: partials)
    }
    assertEveryNoteNamed(take)
  }

  /// Steel strings let ring, as FluidR3's are: each note is played 0.4 s after the one before
  /// was let go, while that one still rings about as loud with a strong octave, and dies away
  /// faster than it. The two together repeat at the period they share, three or four of the
  /// lower note's periods long (a twelfth to two octaves below it), and that was the note
  /// found; as the new note fades the one before is heard again under it, and that was a note
  /// of its own.
  func testANoteOverTheOneBeforeRingingOn() {
    func partials(_ amplitudes: [Double], held: Double, released: Double)
      -> [RecordedLikeTake.Partial]
    {
      amplitudes.enumerated().map { index, amplitude in
        RecordedLikeTake.Partial(
          number: Double(index + 1), amplitude: amplitude,
          held: held / Double(index + 1).squareRoot(), released: released)
      }
    }
    let ringing = partials([1, 1, 0.3, 0.3, 0.1, 0.1], held: 4, released: 1.5)
    let dying = partials([1, 0.3, 0.1, 0.2, 0.05], held: 0.5, released: 0.1)
    var take = RecordedLikeTake(seconds: 30)
    // Up a fourth, a major sixth, a major ninth and an octave and a fourth.
    for (index, (before, next)) in [(48, 53), (52, 61), (57, 71), (55, 72), (60, 74), (60, 77)]
      .enumerated()
    {
      let start = 0.2 + 5 * Double(index)
      take.play(before, at: start, for: 0.8, peak: 0.3, partials: ringing)
      take.play(next, at: start + 1.2, for: 0.7, peak: 0.3, partials: dying)
    }
    assertEveryNoteNamed(take)
  }

  /// The same note three times with a quarter of a second between, while the one before still
  /// rings: there is no silence between them, only the fresh attack. They were one note.
  func testRepeatedNotesThroughARingingRelease() {
    let partials: [RecordedLikeTake.Partial] = [
      .init(number: 1, amplitude: 1, held: 2, released: 0.06),
      .init(number: 2, amplitude: 0.6, held: 1.5, released: 0.05),
      .init(number: 3, amplitude: 0.3, held: 1, released: 0.04),
    ]
    var take = RecordedLikeTake(seconds: 7)
    for (group, midi) in [45, 57, 69].enumerated() {
      for time in 0..<3 {
        take.play(
          midi, at: 0.2 + 2.2 * Double(group) + 0.65 * Double(time), for: 0.4, peak: 0.3,
          partials: partials)
      }
    }
    assertEveryNoteNamed(take)
  }

  /// A choir on "ah": each note swells in over 60 ms, holds, and after its release rings on
  /// through the quarter-second rest before the same note is sung again, falling only about
  /// 17 dB. The fresh start rises too slowly to count as struck again: the three were one
  /// note.
  func testASungNoteRepeatedAfterARestItRangThrough() {
    let partials: [RecordedLikeTake.Partial] = [
      .init(number: 1, amplitude: 1, held: 20, released: 0.12),
      .init(number: 2, amplitude: 0.5, held: 20, released: 0.1),
      .init(number: 3, amplitude: 0.3, held: 20, released: 0.08),
    ]
    var take = RecordedLikeTake(seconds: 7)
    for (group, midi) in [45, 61, 77].enumerated() {
      for time in 0..<3 {
        take.play(
          midi, at: 0.2 + 2.3 * Double(group) + 0.65 * Double(time), for: 0.4, peak: 0.3,
          partials: partials, attack: 0.06)
      }
    }
    assertEveryNoteNamed(take)
  }

  /// A blown line, each note rising over 40 ms while the one before dies away over 30: between
  /// them the estimates glide, each only cents from the one before. The whole line was one note.
  func testLegatoStepsThatGlide() {
    let partials: [RecordedLikeTake.Partial] = [
      .init(number: 1, amplitude: 1, held: 20, released: 0.03),
      .init(number: 2, amplitude: 0.5, held: 20, released: 0.03),
      .init(number: 3, amplitude: 0.3, held: 20, released: 0.03),
    ]
    var take = RecordedLikeTake(seconds: 8)
    var start = 0.2
    for line in [[60, 62, 64, 65, 67, 65, 64, 62, 60], [72, 74, 76, 77, 79, 77, 76, 74, 72]] {
      for midi in line {
        take.play(midi, at: start, for: 0.35, peak: 0.3, partials: partials, attack: 0.04)
        start += 0.35
      }
      start += 0.6
    }
    assertEveryNoteNamed(take)
  }

  /// Leaps of a fourth and a fifth without a rest while the note before rings on: a frame that
  /// holds both is periodic at their common subharmonic, an octave or a twelfth below. That
  /// passage was a note of its own.
  func testLegatoLeapsOverARingingNote() {
    let partials: [RecordedLikeTake.Partial] = [
      .init(number: 1, amplitude: 1, held: 3, released: 0.06),
      .init(number: 2, amplitude: 0.5, held: 2, released: 0.05),
      .init(number: 3, amplitude: 0.3, held: 1, released: 0.04),
    ]
    var take = RecordedLikeTake(seconds: 7)
    var start = 0.2
    for line in [[55, 60, 67, 62, 55], [67, 72, 79, 74, 67]] {
      for midi in line {
        take.play(midi, at: start, for: 0.35, peak: 0.3, partials: partials, attack: 0.02)
        start += 0.35
      }
      start += 1
    }
    assertEveryNoteNamed(take)
  }

  /// Bass notes from E1 up, each with a thump below 30 Hz as loud as the note at first: the
  /// low notes were missed, or started with a note the thump made.
  func testLowBassNotesWithAThump() {
    var generator = SplitMix64(seed: 28)
    let partials: [RecordedLikeTake.Partial] = [
      .init(number: 1, amplitude: 1, held: 1.5, released: 0.1),
      .init(number: 2, amplitude: 0.7, held: 1, released: 0.08),
      .init(number: 3, amplitude: 0.4, held: 0.8, released: 0.06),
      .init(number: 4, amplitude: 0.2, held: 0.6, released: 0.05),
    ]
    var take = RecordedLikeTake(seconds: 15)
    for (index, midi) in (28...40).enumerated() {
      let start = 0.2 + 1.1 * Double(index)
      take.play(midi, at: start, for: 0.6, peak: 0.3, partials: partials)
      take.rumble(at: start, amplitude: 0.15, timeConstant: 0.15, using: &generator)
    }
    assertEveryNoteNamed(take)
  }

  /// Low notes sung on "ah", each swelling in over a seventh of a second, with vibrato and
  /// tremolo, and breath that blurs its period for a fifth of a second in the middle, as the
  /// voices of a choir do: the estimates there are not periodic enough to be voiced. Each note
  /// was split in two there.
  func testLowSungNotesThroughABreath() {
    var generator = SplitMix64(seed: 55)
    var take = RecordedLikeTake(seconds: 7)
    for (index, midi) in [40, 45, 50, 55].enumerated() {
      let start = 0.2 + 1.7 * Double(index)
      take.sing(midi, at: start, for: 1.4, peak: 0.2, vibratoCents: 40, tremolo: 0.3, attack: 0.15)
      take.breathe(at: start + 0.6, for: 0.25, amplitude: 0.13, using: &generator)
    }
    assertEveryNoteNamed(take)
  }

  private func assertEveryNoteNamed(
    _ take: RecordedLikeTake, file: StaticString = #filePath, line: UInt = #line
  ) {
    let score = take.score()
    XCTAssertEqual(
      score.namedRight, score.played,
      "missing \(score.missing), split \(score.split), wrong pitch \(score.wrongPitch)",
      file: file, line: line)
    XCTAssertLessThanOrEqual(score.medianError ?? .infinity, 5, file: file, line: line)
  }
}
