import DSP
import XCTest

final class PitchSegmentationTests: XCTestCase {
  private let sampleRate = 48_000
  /// The detector's spacing, for the hand-made estimate streams.
  private let hop = 240

  // MARK: The segmenter on hand-made estimates

  func testARunOfEstimatesIsOneNoteAtItsMedian() {
    let notes = segment(
      silence(10) + voiced([220, 221, 219, 220.5, 220].repeated(8)) + silence(20))
    XCTAssertEqual(notes, [NoteEvent(start: time(10), end: time(49), frequency: 220)])
  }

  /// Longer than a note may be, but an octave away: the detector slipping, not a new note.
  func testAnOctaveSlipDoesNotSplitTheNote() {
    let notes = segment(
      voiced([110].repeated(30)) + voiced([220].repeated(16)) + voiced([110].repeated(30))
        + silence(30))
    XCTAssertEqual(notes, [NoteEvent(start: time(0), end: time(75), frequency: 110)])
  }

  /// A low note sung by a section, read for 55 ms at its formant, two octaves and a third up.
  func testAStretchFarAboveTheNoteDoesNotSplitIt() {
    let formant = 110 * pow(2, 27.0 / 12)
    let notes = segment(
      voiced([110].repeated(40)) + voiced([formant].repeated(11)) + voiced([110].repeated(40))
        + silence(30))
    XCTAssertEqual(notes, [NoteEvent(start: time(0), end: time(90), frequency: 110)])
  }

  func testALeapFurtherThanATwelfthIsTwoNotesOnceItLasts() {
    let high = 110 * pow(2, 27.0 / 12)
    let notes = segment(voiced([110].repeated(40)) + voiced([high].repeated(40)) + silence(30))
    XCTAssertEqual(notes.map(\.frequency), [110, high])
    XCTAssertEqual(notes.map(\.start), [time(0), time(40)])
  }

  /// A click over a note leaves a stretch of unvoiced and scattered estimates.
  func testANoteSurvivesABreak() {
    let notes = segment(
      voiced([330].repeated(30)) + silence(8) + voiced([1_400, 700, 1_520, 90].repeated(2))
        + voiced([330].repeated(30)) + silence(30))
    XCTAssertEqual(notes, [NoteEvent(start: time(0), end: time(75), frequency: 330)])
  }

  /// A fifth of a second too blurred to be voiced, but still most like the note's pitch and
  /// about as loud: the note going on, as a choir's low notes do. Most like another pitch, or
  /// 20 dB down, it is a break that ends the note.
  func testANoteLivesThroughEstimatesBlurredAtItsPitch() {
    let note = voiced([110].repeated(30))
    XCTAssertEqual(segment(note + blurred(110.5, count: 40) + note + silence(30)).count, 1)
    XCTAssertEqual(segment(note + blurred(165, count: 40) + note + silence(30)).count, 2)
    XCTAssertEqual(
      segment(note + blurred(110.5, count: 40, power: 1e-4) + note + silence(30)).count, 2)
  }

  func testABlipIsNoNote() {
    XCTAssertEqual(segment(silence(10) + voiced([1_500].repeated(4)) + silence(20)), [])
  }

  func testAChangeOfPitchStartsTheNextNote() {
    let notes = segment(voiced([330].repeated(40)) + voiced([349.2].repeated(40)) + silence(30))
    XCTAssertEqual(
      notes,
      [
        NoteEvent(start: time(0), end: time(39), frequency: 330),
        NoteEvent(start: time(40), end: time(79), frequency: 349.2),
      ])
  }

  func testAQuickNoteBetweenTwoOthersIsKept() {
    let notes = segment(
      voiced([440].repeated(20)) + voiced([493.9].repeated(12)) + voiced([440].repeated(20))
        + silence(30))
    XCTAssertEqual(notes.map(\.frequency), [440, 493.9, 440])
    XCTAssertEqual(notes.map(\.start), [time(0), time(20), time(32)])
  }

  func testALegatoOctaveLeapIsTwoNotesOnceItLasts() {
    let notes = segment(voiced([110].repeated(40)) + voiced([220].repeated(40)) + silence(30))
    XCTAssertEqual(notes.map(\.frequency), [110, 220])
    XCTAssertEqual(notes.map(\.start), [time(0), time(40)])
  }

  /// A break of more than a tenth of a second, unlike a click's, separates notes of one pitch.
  func testABreakSeparatesRepeatedNotes() {
    let notes = segment(voiced([440].repeated(40)) + silence(24) + voiced([440].repeated(40)))
    XCTAssertEqual(notes.map(\.start), [time(0), time(64)])
    XCTAssertEqual(
      segment(voiced([440].repeated(40)) + silence(16) + voiced([440].repeated(40))).count, 1)
  }

  /// So does a fresh attack: the power jumping back up within a few estimates. A swell as
  /// large, over a fifth of a second, does not.
  func testANoteStruckAgainIsTwoNotesAndASwellIsNot() {
    let decay = (0..<40).map { 0.01 * pow(0.9, Double($0)) }
    let struck = segment(voiced(440, powers: decay) + voiced(440, powers: decay) + silence(30))
    XCTAssertEqual(struck.map(\.start), [time(0), time(40)])
    let swell = decay.reversed().map { $0 }
    XCTAssertEqual(
      segment(voiced(440, powers: decay) + voiced(440, powers: swell) + silence(30)).count, 1)
  }

  /// A note sung again after a quarter-second rest that it rang through: its power falls 17 dB
  /// over the rest and comes back over a tenth of a second, too slowly to count as struck
  /// again. It is two notes, the second starting at the bottom of the dip. A tremolo of 10 dB
  /// does not dip that deep, and a release that swells 9 dB on its way down does not come back
  /// that far: each is one note.
  func testANoteSungAgainAfterARestItRangThroughIsTwoNotes() {
    let held = [Double](repeating: 0.01, count: 80)
    let release = (0..<50).map { 0.01 * pow(10, -1.7 * Double($0) / 49) }
    let rise = (1...20).map { release.last! * pow(10, 1.7 * Double($0) / 20) }
    let sungAgain = segment(voiced(440, powers: held + release + rise + held) + silence(30))
    XCTAssertEqual(sungAgain.map(\.start), [time(0), time(129)])
    let tremolo = (0..<200).map { 0.01 * pow(10, -0.5 * (1 - cos(2 * .pi * Double($0) / 40))) }
    XCTAssertEqual(segment(voiced(440, powers: tremolo) + silence(30)).count, 1)
    let deeper = (0..<60).map { 0.01 * pow(10, -2 * Double($0) / 59) }
    let bump = (1...20).map { deeper.last! * pow(10, 0.9 * Double($0) / 20) }
    let fading = (1...60).map { bump.last! * pow(10, -2 * Double($0) / 60) }
    XCTAssertEqual(
      segment(voiced(440, powers: held + deeper + bump + fading) + silence(30)).count, 1)
  }

  /// A section holding a note: two of its voices a few cents apart beat, and their sum dips 19
  /// dB every 0.4 s, then comes back as fast as a voice sung again, as far and as high. But it
  /// was as loud as it comes back to only 50 ms before the bottom of each dip, where a note
  /// let go rings down for longer: one note.
  func testASectionBeatingIsOneNote() {
    let beating = (0..<300).map { index in
      let phase = 2 * Double.pi * Double(index) / 80
      return 0.01 * (1 + 0.64 + 1.6 * cos(phase)) / 3.24
    }
    XCTAssertEqual(segment(voiced(440, powers: beating) + silence(30)).count, 1)
  }

  /// From one note to the next a tone up, the estimates glide twenty cents at a time; each is
  /// close to the one before, but the second note is not the first.
  func testAGlideToTheNextNoteEndsTheFirst() {
    let glide = stride(from: 20.0, to: 200, by: 20).map { 330 * pow(2, $0 / 1200) }
    let notes = segment(
      voiced([330].repeated(40)) + voiced(glide) + voiced([370.4].repeated(40)) + silence(30))
    XCTAssertEqual(notes.map(\.frequency), [330, 370.4])
  }

  /// A voice scooping up into a note: a tenth of a second gliding from 90 cents below to 20
  /// below, then the note. One note, at its pitch, from the start of the scoop.
  func testAScoopIntoANoteIsItsBeginning() {
    let scoop = stride(from: -90.0, through: -20, by: 7).map { 220 * pow(2, $0 / 1200) }
    let notes = segment(silence(10) + voiced(scoop) + voiced([220].repeated(40)) + silence(30))
    XCTAssertEqual(
      notes, [NoteEvent(start: time(10), end: time(10 + scoop.count + 39), frequency: 220)])
  }

  /// The first moments of a low plucked note: estimates a few at a time between unvoiced
  /// frames. None of them is a note.
  func testScatteredEstimatesMakeNoNote() {
    XCTAssertEqual(
      segment((silence(3) + voiced([41.5, 41.6, 41.4, 41.5])).repeated(10) + silence(30)), [])
  }

  /// A stretch a twelfth below in the attack, where a thump can outweigh the note, is the
  /// note's beginning.
  func testASlipInTheAttackIsTheNotesBeginning() {
    let notes = segment(
      silence(10) + voiced([110].repeated(12)) + voiced([330].repeated(40)) + silence(30))
    XCTAssertEqual(notes, [NoteEvent(start: time(10), end: time(61), frequency: 330)])
  }

  /// An octave up and 30 dB down: the note fading, heard an octave off.
  func testAQuietSlipAfterANoteIsItsFading() {
    let notes = segment(
      voiced([220].repeated(40)) + voiced([440].repeated(40), power: 1e-5) + silence(30))
    XCTAssertEqual(notes, [NoteEvent(start: time(0), end: time(79), frequency: 220)])
  }

  /// A held note heard an octave up, as loud as it was and without a break, while the frames
  /// still repeat more exactly over its own period than over the octave's: its fundamental has
  /// died away before its octave, and it is one note. The same octave with no partials below
  /// it is a legato leap, and so is one that comes in louder.
  func testANoteHeardAnOctaveUpOverItsOwnPartialsIsOneNote() {
    let note = voiced(110, powers: (0..<60).map { 0.01 * pow(0.99, Double($0)) })
    let octave = (60..<120).map { 0.01 * pow(0.99, Double($0)) }
    let undertoned = octave.map {
      PitchEstimate(frame: 0, frequency: 220, confidence: 0.93, power: $0, highestClarity: 0.99)
    }
    XCTAssertEqual(segment(note + undertoned + silence(30)).map(\.frequency), [110])
    XCTAssertEqual(segment(note + voiced(220, powers: octave) + silence(30)).count, 2)
    let louder = octave.map {
      PitchEstimate(
        frame: 0, frequency: 220, confidence: 0.93, power: 3 * $0, highestClarity: 0.99)
    }
    XCTAssertEqual(segment(note + louder + silence(30)).count, 2)
  }

  /// A high piano note, released while the one before, a tone up, still rings in the room: as
  /// it dies away its estimates glide up to the other, 25 dB below its loudest and never
  /// louder than it was. That is the note fading, not a note of its own. A note a tone up
  /// that comes in louder than the fading one is.
  func testAFadingNotePulledTowardsAnotherIsStillFading() {
    let held = voiced(1670, powers: (0..<60).map { 0.01 * pow(10, -2.5 * Double($0) / 59) })
    let glide = (0..<40).map { 1670 * pow(2, Double($0) / 39 / 6) }
    let fading = (0..<40).map { 3e-5 * pow(10, -1.5 * Double($0) / 39) }
    let pulled = zip(glide, fading).map {
      PitchEstimate(frame: 0, frequency: $0, confidence: 0.99, power: $1)
    }
    XCTAssertEqual(segment(held + pulled + silence(30)).map(\.frequency), [1670])
    let louder = voiced(1875, powers: [Double](repeating: 2e-3, count: 40))
    XCTAssertEqual(segment(held + louder + silence(30)).map(\.frequency), [1670, 1875])
  }

  /// A note played over a lower one still ringing dies away faster than it, and the lower one
  /// is heard again, 9 dB or more below the new note's loudest and no louder than it was last:
  /// the lower note ringing on, not a note. Struck again, it comes in louder; a note higher
  /// than the one sounding, or not among the last three, is a note.
  func testALowerNoteRingingOnUnderTheNextIsNoNote() {
    let before = voiced(220, powers: [Double](repeating: 0.004, count: 40))
    let fading = (0..<40).map { 0.01 * pow(10, -1.2 * Double($0) / 39) }
    let next = voiced(587.3, powers: fading)
    let underneath = voiced(220, powers: [Double](repeating: 0.0006, count: 40))
    XCTAssertEqual(
      segment(before + next + underneath + silence(30)).map(\.frequency), [220, 587.3])
    let struck = voiced(220, powers: [0.01] + [Double](repeating: 0.004, count: 39))
    XCTAssertEqual(
      segment(before + next + struck + silence(30)).map(\.frequency), [220, 587.3, 220])
    let higher = voiced(880, powers: [Double](repeating: 0.0006, count: 40))
    XCTAssertEqual(
      segment(voiced(587.3, powers: fading) + voiced(440, powers: fading) + higher + silence(30))
        .map(\.frequency), [587.3, 440, 880])
    let others = [330.0, 392, 494, 523.3].flatMap { voiced($0, powers: fading) }
    XCTAssertEqual(
      segment(before + others + underneath + silence(30)).map(\.frequency),
      [220, 330, 392, 494, 523.3, 220])
  }

  /// From a note to the next a fifth up, while the first rings on, the frames are periodic at
  /// their common subharmonic, an octave below the first: that passage is no note.
  func testAPassageBelowTwoNotesIsNoNote() {
    let notes = segment(
      voiced([220].repeated(40)) + voiced([110].repeated(30)) + voiced([330].repeated(40))
        + silence(30))
    XCTAssertEqual(notes.map(\.frequency), [220, 330])
    XCTAssertEqual(notes.map(\.start), [time(0), time(70)])
  }

  func testFinishReturnsTheNoteStillSounding() {
    var segmenter = NoteSegmenter(sampleRate: sampleRate)
    for (index, frequency) in [196.0].repeated(30).enumerated() {
      let estimate = PitchEstimate(
        frame: index * hop, frequency: frequency, confidence: 0.99, power: 0.01)
      XCTAssertEqual(segmenter.add(estimate), [])
    }
    XCTAssertEqual(segmenter.finish(), [NoteEvent(start: time(0), end: time(29), frequency: 196)])
    XCTAssertEqual(segmenter.finish(), [])
  }

  // MARK: Synthesised melodies through the detector

  /// Rests, repeated notes after gaps, legato steps and leaps, plucked and piano-like.
  func testAMelodyIsSegmentedIntoItsNotes() {
    for instrument in PitchMaterial.Instrument.allCases {
      let melody = PitchMaterial.Melody(tune, instrument: instrument, sampleRate: sampleRate)
      assertFound(melody, in: PitchAnalysis.notes(in: melody.samples, sampleRate: sampleRate))
    }
  }

  /// Clicks alone make no notes, and clicks over a melody, between and during its notes,
  /// change none of them. Some land within 20 ms of a note's start or end and disturb every
  /// frame that holds both, so the times may be a little further out than without them.
  func testMetronomeClicksMakeNoNotes() {
    let clicks = clickTrack(seconds: 3.4)
    XCTAssertEqual(PitchAnalysis.notes(in: clicks, sampleRate: sampleRate), [])
    for instrument in PitchMaterial.Instrument.allCases {
      let melody = PitchMaterial.Melody(tune, instrument: instrument, sampleRate: sampleRate)
      let mixed = zip(melody.samples, clicks + [Float](repeating: 0, count: melody.samples.count))
        .map(+)
      assertFound(
        melody, in: PitchAnalysis.notes(in: mixed, sampleRate: sampleRate), start: 0.03, end: 0.05)
    }
  }

  private let tune: [(midi: Int?, duration: Double)] = [
    (nil, 0.2), (52, 0.3), (nil, 0.12), (52, 0.3), (nil, 0.1), (55, 0.2), (57, 0.2), (59, 0.15),
    (nil, 0.2), (76, 0.4), (nil, 0.12), (76, 0.25), (40, 0.5), (88, 0.3), (nil, 0.3),
  ]

  /// The right notes, each starting and ending within the tolerances given (in seconds).
  private func assertFound(
    _ melody: PitchMaterial.Melody, in notes: [NoteEvent], start: Double = 0.02,
    end: Double = 0.03, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(
      notes.count, melody.notes.count, "\(melody.instrument): \(notes)", file: file, line: line)
    for (found, expected) in zip(notes, melody.notes) {
      let context = "\(melody.instrument) \(expected)"
      XCTAssertEqual(
        PitchMaterial.nearestMIDI(found.frequency), expected.midi, context, file: file, line: line)
      XCTAssertEqual(found.start, expected.start, accuracy: start, context, file: file, line: line)
      XCTAssertEqual(found.end, expected.end, accuracy: end, context, file: file, line: line)
    }
  }

  /// A click every half second from 0.05 s, the first accented.
  private func clickTrack(seconds: Double) -> [Float] {
    var track = [Float](repeating: 0, count: Int(seconds * Double(sampleRate)))
    for (beat, time) in stride(from: 0.05, to: seconds - 0.05, by: 0.5).enumerated() {
      let voice: MetronomeVoice = beat == 0 ? .accentClick : .click
      for (offset, sample) in voice.samples(sampleRate: sampleRate).enumerated() {
        track[Int(time * Double(sampleRate)) + offset] += sample
      }
    }
    return track
  }

  private func segment(_ estimates: [PitchEstimate]) -> [NoteEvent] {
    var segmenter = NoteSegmenter(sampleRate: sampleRate)
    var notes: [NoteEvent] = []
    for (index, estimate) in estimates.enumerated() {
      var placed = estimate
      placed.frame = index * hop
      notes += segmenter.add(placed)
    }
    return notes + segmenter.finish()
  }

  private func voiced(_ frequencies: [Double], power: Double = 0.01) -> [PitchEstimate] {
    frequencies.map { PitchEstimate(frame: 0, frequency: $0, confidence: 0.99, power: power) }
  }

  private func voiced(_ frequency: Double, powers: [Double]) -> [PitchEstimate] {
    powers.map { PitchEstimate(frame: 0, frequency: frequency, confidence: 0.99, power: $0) }
  }

  /// Unvoiced, but still fairly periodic, and most like `frequency`.
  private func blurred(
    _ frequency: Double, count: Int, power: Double = 0.01
  ) -> [PitchEstimate] {
    [PitchEstimate](
      repeating: PitchEstimate(
        frame: 0, frequency: 0, confidence: 0.6, power: power, likeliestFrequency: frequency),
      count: count)
  }

  private func silence(_ count: Int) -> [PitchEstimate] {
    [PitchEstimate](
      repeating: PitchEstimate(frame: 0, frequency: 0, confidence: 0, power: 0), count: count)
  }

  private func time(_ index: Int) -> Double { Double(index * hop) / Double(sampleRate) }
}

extension Array {
  fileprivate func repeated(_ times: Int) -> [Element] {
    Array((0..<times).map { _ in self }.joined())
  }
}
