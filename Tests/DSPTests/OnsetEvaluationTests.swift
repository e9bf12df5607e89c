import DSP
import XCTest

@testable import ListeningEval

/// The evaluation set's own promises, and the detector on the share of it that every machine
/// can make: one synthesized performance per category, clean, with a click schedule but no
/// clicks, with the app's click in the room, and in room noise. The full set, with recorded
/// sounds and the held-out part, is measured by `make bench`.
///
/// The detector's thresholds are what it reaches now, less a small margin, so that a change
/// making it worse fails. The targets, for the bench's held-out part, are higher: F ≥ 0.90
/// on the whole set and ≥ 0.97 on percussive and plucked sounds, median timing error ≤ 3 ms,
/// nothing lost to a click schedule without clicks, and the app's own click at −24 to −6 dB
/// costing no more than a few hundredths of F.
final class OnsetEvaluationTests: XCTestCase {
  private static let conditions: [OnsetCondition] = [
    .clean, .scheduleWithoutClicks, .ownClick(decibels: -12), .ownClick(decibels: -6),
    .noise(snr: 10),
  ]
  private static let clips = OnsetEvaluationSet.synthesized(
    conditions: conditions, takes: 1, playing: 4)
  private static let detected = clips.map(OnsetRun.woodshed)
  private static let scores = zip(clips, detected).map { OnsetRun.score($0, detected: $1) }

  private func score(where filter: (EvaluationClip) -> Bool) -> OnsetScore {
    OnsetScore(merging: zip(Self.clips, Self.scores).filter { filter($0.0) }.map(\.1))
  }

  // MARK: The detector

  func testPercussiveAndPluckedSoundsAreFoundAlmostAlways() {
    XCTAssertGreaterThanOrEqual(score { $0.category.isPercussiveOrPlucked }.fMeasure, 0.97)
  }

  func testPianoAndSoftAttacksAreFoundMostly() {
    XCTAssertGreaterThanOrEqual(score { $0.category == .piano }.fMeasure, 0.75)
    XCTAssertGreaterThanOrEqual(score { $0.category == .softAttack }.fMeasure, 0.97)
  }

  func testCleanPlayingIsFoundAlmostPerfectly() {
    XCTAssertGreaterThanOrEqual(score { $0.condition == .clean }.fMeasure, 0.93)
  }

  func testAClickScheduleWithoutClicksCostsLittle() {
    let clean = score { $0.condition == .clean }.fMeasure
    let scheduled = score { $0.condition == .scheduleWithoutClicks }.fMeasure
    XCTAssertGreaterThanOrEqual(scheduled, clean - 0.03)
  }

  func testTheAppsOwnClickInTheRoomIsMostlyKeptOut() {
    for decibels in [-12.0, -6] {
      XCTAssertGreaterThanOrEqual(
        score { $0.condition == .ownClick(decibels: decibels) }.fMeasure, 0.81, "\(decibels) dB")
    }
  }

  func testRoomNoiseAt10DecibelsCostsLittle() {
    XCTAssertGreaterThanOrEqual(score { $0.condition == .noise(snr: 10) }.fMeasure, 0.90)
  }

  func testTheWholeShareReachesItsThreshold() {
    XCTAssertGreaterThanOrEqual(score { _ in true }.fMeasure, 0.94)
  }

  func testOnsetsAreTimedWithinAMillisecond() {
    XCTAssertLessThanOrEqual(score { _ in true }.medianAbsoluteError, 0.001)
  }

  /// The onset is placed on the waveform, so no constant delay of the spectral frames remains:
  /// a struck or plucked sound's start is found to the sample, give or take a quarter
  /// millisecond.
  func testNoDelayIsLeftOnStruckSounds() {
    let errors = score { $0.condition == .clean && $0.category.isPercussiveOrPlucked }.timingErrors
      .sorted()
    XCTAssertEqual(errors[errors.count / 2], 0, accuracy: 0.00025)
  }

  func testGradingByDetectedOnsetsAgreesWithGradingByTheTruth() {
    let agreement = GradingAgreement(
      merging: zip(Self.clips, Self.detected).filter { $0.0.condition.hasSchedule }.map {
        GradingAgreement(clip: $0.0, detected: $0.1)
      })
    XCTAssertGreaterThanOrEqual(agreement.agreement, 0.92)
    XCTAssertGreaterThanOrEqual(agreement.closeOffsetShare, 0.94)
  }

  /// A note the player left out, the one before held on through it, is seldom called hit by
  /// the onsets found: a struck sound's ringing and a bowed note's swell are no notes.
  func testANoteLeftOutIsSeldomCalledHit() {
    let clips = OnsetEvaluationSet.synthesized(
      conditions: [.scheduleWithoutClicks, .ownClick(decibels: -6)], takes: 2, playing: 6,
      leavingNotesOut: true)
    func agreement(where filter: (EvaluationClip) -> Bool) -> GradingAgreement {
      GradingAgreement(
        merging: clips.filter(filter).map {
          GradingAgreement(clip: $0, detected: OnsetRun.woodshed($0))
        })
    }
    let struck = agreement { $0.category.isPercussiveOrPlucked }
    let soft = agreement { $0.category == .softAttack }
    XCTAssertGreaterThan(struck.leftOut, 40)
    XCTAssertGreaterThan(soft.leftOut, 10)
    // None now, of 66 and 20: a rule that finds notes in what rings or swells fails here.
    XCTAssertLessThanOrEqual(struck.leftOutCalledHitShare, 0.03)
    XCTAssertLessThanOrEqual(soft.leftOutCalledHitShare, 0.15)
  }

  // MARK: The evaluation set

  func testGradingAgreementComparesHitsAndOffsets() throws {
    let clip = try XCTUnwrap(Self.clips.first { $0.condition.hasSchedule })
    let same = GradingAgreement(clip: clip, detected: clip.truthSeconds)
    XCTAssertEqual(same.agreement, 1)
    XCTAssertEqual(same.closeOffsetShare, 1)
    let late = GradingAgreement(clip: clip, detected: clip.truthSeconds.map { $0 + 0.015 })
    XCTAssertGreaterThan(late.bothHit, 0)
    XCTAssertEqual(late.closeOffsetShare, 0)
    let nothing = GradingAgreement(clip: clip, detected: [])
    XCTAssertLessThan(nothing.agreement, 0.5)
  }

  func testANoteLeftOutIsHeldOverByTheNoteBefore() throws {
    var leftOut = 0
    for seed in UInt64(0)..<50 {
      let played = Performance.humanised(seed: seed, playing: 6, pitches: 40...60)
      let performance = played.leavingOut(every: 5)
      XCTAssertEqual(performance.written.map(\.gridTime), played.notes.map(\.gridTime))
      XCTAssertEqual(performance.notes.count + performance.leftOut.count, played.notes.count)
      leftOut += performance.leftOut.count
      for note in performance.leftOut {
        let index = try XCTUnwrap(played.notes.firstIndex(of: note))
        XCTAssertEqual(index % 5, 2)
        let before = try XCTUnwrap(performance.notes.last { $0.gridTime < note.gridTime })
        XCTAssertEqual(before.gridTime + before.writtenLength, note.gridTime, accuracy: 1e-9)
        XCTAssertEqual(before.time + before.duration, note.time + note.duration, accuracy: 1e-9)
      }
    }
    // Most notes follow the one before without a rest.
    XCTAssertGreaterThan(leftOut, 50 * 20 / 5 / 2)
  }

  func testGradingCountsCreditForANoteLeftOut() throws {
    let performance = Performance.humanised(seed: 7, playing: 6, pitches: 40...60)
      .leavingOut(every: 5)
    XCTAssertFalse(performance.leftOut.isEmpty)
    let rate = 48_000
    let clip = EvaluationClip(
      name: "left out", category: .clap, source: .synthesized, condition: .scheduleWithoutClicks,
      performance: performance, sampleRate: rate, samples: [],
      truth: performance.notes.map { Int(($0.time * Double(rate)).rounded()) })
    let played = GradingAgreement(clip: clip, detected: clip.truthSeconds)
    XCTAssertEqual(played.leftOut, performance.leftOut.count)
    XCTAssertEqual(played.notes, performance.written.count)
    XCTAssertEqual(played.leftOutCalledHit, 0)
    XCTAssertEqual(played.agreement, 1)
    let credited = GradingAgreement(
      clip: clip, detected: clip.truthSeconds + performance.leftOut.map(\.time))
    XCTAssertEqual(credited.leftOutCalledHitShare, 1)
    XCTAssertEqual(
      credited.agreement,
      Double(performance.written.count - performance.leftOut.count)
        / Double(performance.written.count), accuracy: 1e-12)
  }

  func testPerformancesCountInAndCentreOnTheClick() {
    var onBeat = 0
    var exactlyOnBeat = 0
    var errors: [Double] = []
    for seed in UInt64(0)..<200 {
      let performance = Performance.humanised(seed: seed, playing: 6, pitches: 40...60)
      XCTAssertEqual(performance, Performance.humanised(seed: seed, playing: 6, pitches: 40...60))
      XCTAssertTrue((60...160).contains(performance.tempo))
      XCTAssertTrue((0.003...0.025).contains(performance.timingSpread))
      let lineStart = performance.beats[Performance.countInBeats]
      let beat = 60 / performance.tempo
      for note in performance.notes {
        XCTAssertGreaterThanOrEqual(note.gridTime, lineStart - 1e-9)
        let error = note.time - note.gridTime
        XCTAssertLessThanOrEqual(abs(error), 2.5 * performance.timingSpread + 1e-9)
        errors.append(error)
        let beats = (note.gridTime - performance.beats[0]) / beat
        if abs(beats - beats.rounded()) < 1e-6 {
          onBeat += 1
          if error == 0 { exactlyOnBeat += 1 }
        }
      }
    }
    XCTAssertEqual(Double(exactlyOnBeat) / Double(onBeat), 0.3, accuracy: 0.05)
    XCTAssertEqual(errors.reduce(0, +) / Double(errors.count), 0, accuracy: 0.001)
  }

  func testClicksAloneAreTheCountInAndRestsFarFromAnyNote() {
    var alone = 0
    for clip in Self.clips {
      guard clip.condition.hasSchedule else {
        XCTAssertTrue(clip.clicks.isEmpty && clip.clicksAlone.isEmpty, clip.name)
        continue
      }
      XCTAssertTrue(clip.clicksAlone.isSubset(of: clip.clicks), clip.name)
      XCTAssertTrue(
        Set(clip.clicks.prefix(Performance.countInBeats)).isSubset(of: clip.clicksAlone), clip.name)
      let distance = EvaluationClip.aloneDistance * Double(clip.sampleRate)
      for click in clip.clicksAlone {
        XCTAssertFalse(clip.truth.contains { Double(abs($0 - click)) <= distance }, clip.name)
      }
      alone += clip.clicksAlone.count - Performance.countInBeats
    }
    XCTAssertGreaterThan(alone, 0, "some clicks fall on rests")
  }

  /// The legato lines are the tuning part's hard bowed, blown and sung notes: most start while
  /// the note before still sounds, and each start is where its own sound comes within 30 dB of
  /// its peak, a little after the note's time.
  func testLegatoLinesStartNotesUnderTheOnesBefore() throws {
    let plan = OnsetEvaluationSet.plan(of: .tuning).filter { $0.name.hasPrefix("synth legato") }
    XCTAssertEqual(plan.count, 2 * LegatoInstrument.allCases.count)
    let clip = try XCTUnwrap(OnsetEvaluationSet.clips(of: [plan[0]], in: [.clean]).first)
    XCTAssertEqual(clip.category, .softAttack)
    XCTAssertEqual(clip.part, .tuning)
    for instrument in LegatoInstrument.allCases {
      let performance = Performance.humanised(seed: 7, playing: 4, pitches: 55...76)
      var generator = SplitMix64(seed: 7)
      let rendered = LegatoInstrument.render(
        instrument, performance, sampleRate: 48_000, using: &generator)
      var underneath = 0
      for (index, start) in rendered.starts.enumerated() {
        let time = performance.notes[index].time
        XCTAssertGreaterThanOrEqual(Double(start) / 48_000, time - 0.001, "\(instrument)")
        XCTAssertLessThanOrEqual(Double(start) / 48_000, time + 0.08, "\(instrument)")
        guard index > 0 else { continue }
        let before = rendered.samples[(start - 480)..<start]
        let level = (before.reduce(0) { $0 + $1 * $1 } / 480).squareRoot()
        if level > 0.05 * rendered.peaks[index - 1] { underneath += 1 }
      }
      XCTAssertGreaterThanOrEqual(
        Double(underneath), 0.8 * Double(rendered.starts.count - 1), "\(instrument)")
    }
  }

  /// The tuning part's recorded bowed, blown and sung instruments (FluidR3 GM) leave out the
  /// violin, flute and choir whose recordings MuseScore's General plays for the held-out part,
  /// and are each played detached and slurred: a slurred note sounds until the next one has
  /// begun, one followed by the same pitch is played again, and none is held over a rest.
  func testSlurredTakesHoldEachNoteIntoTheNext() {
    let names = OnsetEvaluationSet.plan(of: .tuning).filter { $0.source == .fluidR3GM }.map(\.name)
    XCTAssertFalse(names.isEmpty)
    XCTAssertEqual(2 * names.filter { $0.hasSuffix(", slurred") }.count, names.count)
    for shared in ["violin", "flute", "choir"] {
      XCTAssertFalse(names.contains { $0.contains(shared) }, shared)
    }
    var kinds = (slurred: 0, again: 0, rests: 0)
    for seed in UInt64(0)..<20 {
      let performance = Performance.humanised(seed: seed, playing: 6, pitches: 60...63)
      let played = performance.notes.map {
        MIDIFile.Note(
          millisecond: Int($0.time * 1000), length: Int($0.duration * 1000), key: $0.pitch,
          velocity: 80)
      }
      let slurred = performance.slurred(played)
      for index in played.indices.dropLast() {
        let (note, next) = (slurred[index], slurred[index + 1])
        let written = performance.notes[index]
        let end = note.millisecond + note.length
        if performance.notes[index + 1].gridTime > written.gridTime + written.writtenLength + 1e-6 {
          XCTAssertEqual(note.length, played[index].length)
          kinds.rests += 1
        } else if note.key == next.key {
          XCTAssertEqual(end, next.millisecond)
          kinds.again += 1
        } else {
          XCTAssertEqual(end, next.millisecond + 30)
          kinds.slurred += 1
        }
      }
    }
    XCTAssertGreaterThan(kinds.slurred, 0)
    XCTAssertGreaterThan(kinds.again, 0)
    XCTAssertGreaterThan(kinds.rests, 0)
  }

  /// LMMS's recorded notes, played as a sampler: each note at its own pitch, starting where
  /// its recording starts, detached and slurred.
  func testSampledRecordingsPlayEachNoteAtItsPitchFromItsStart() throws {
    let plan = OnsetEvaluationSet.plan(of: .tuning).filter { $0.source == .lmms }
    XCTAssertEqual(plan.count, 2 * 5)
    XCTAssertEqual(plan.filter { $0.name.hasSuffix(", slurred") }.count, 5)
    let trumpet = try XCTUnwrap(plan.first { $0.name == "LMMS trumpet" })
    let clip = try XCTUnwrap(OnsetEvaluationSet.clips(of: [trumpet], in: [.clean]).first)
    XCTAssertEqual(clip.category, .softAttack)
    XCTAssertEqual(clip.part, .tuning)
    let found = PitchAnalysis.notes(in: clip.samples, sampleRate: clip.sampleRate)
    var named = 0
    for (note, start) in zip(clip.performance.notes, clip.truthSeconds) {
      // The trumpet's recording reaches 30 dB under its peak within its first 15 ms.
      XCTAssertGreaterThanOrEqual(start, note.time - 0.001)
      XCTAssertLessThanOrEqual(start, note.time + 0.015)
      let expected = 440 * pow(2, Double(note.pitch - 69) / 12)
      if found.contains(where: {
        abs($0.start - start) < 0.1 && abs(1200 * log2($0.frequency / expected)) < 50
      }) {
        named += 1
      }
    }
    XCTAssertGreaterThan(
      Double(named), 0.8 * Double(clip.performance.notes.count), "each note at its own pitch")
  }

  /// The tuning part's section sings TimGM6mb's voices through the ensemble, detached and
  /// slurred; none of it is a held-out recording.
  func testTheTuningSectionSingsTimGM6mbsVoicesAsAnEnsemble() {
    let sections = OnsetEvaluationSet.plan(of: .tuning).filter { $0.source == .sections }
    XCTAssertEqual(
      sections.map(\.name),
      [
        "TimGM6mb section choir aahs", "TimGM6mb section voice oohs",
        "TimGM6mb section choir aahs, slurred", "TimGM6mb section voice oohs, slurred",
      ])
    for instrument in SoundFontInstrument.sections {
      XCTAssertEqual(instrument.soundFont.treatment, .ensemble)
      XCTAssertEqual(instrument.soundFont.part, .tuning)
      XCTAssertFalse(
        SoundFont.heldOut.contains {
          instrument.soundFont.sharesRecordings(of: instrument.program, with: $0)
        })
    }
  }

  func testTheHeldOutPartSharesNoSourceOrPerformanceWithTheTuningPart() {
    let tuning = OnsetEvaluationSet.plan(of: .tuning)
    let heldOut = OnsetEvaluationSet.plan(of: .heldOut)
    XCTAssertFalse(heldOut.isEmpty)
    XCTAssertTrue(tuning.allSatisfy { $0.source.part == .tuning })
    XCTAssertTrue(heldOut.allSatisfy { $0.source.part == .heldOut })
    XCTAssertTrue(Set(tuning.map(\.source)).isDisjoint(with: heldOut.map(\.source)))
    for take in heldOut {
      XCTAssertFalse(tuning.contains { $0.performance == take.performance }, take.name)
    }
  }
}
