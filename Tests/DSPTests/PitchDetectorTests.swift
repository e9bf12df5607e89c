import DSP
import XCTest

final class PitchDetectorTests: XCTestCase {
  private let sampleRate = 44_100

  func testEstimatesComeEveryHopCentredOnTheirFrames() {
    let detector = PitchDetector(sampleRate: sampleRate)
    XCTAssertEqual(Double(detector.hop) / Double(sampleRate), 0.005, accuracy: 0.0005)
    // Twice the period of 40 Hz, plus a little.
    XCTAssertEqual(Double(detector.frameLength) / Double(sampleRate), 0.05, accuracy: 0.002)
    let estimates = estimatesInBlocks(of: 4096, [Float](repeating: 0, count: sampleRate), detector)
    XCTAssertEqual(estimates.count, (sampleRate - detector.frameLength) / detector.hop + 1)
    for (index, estimate) in estimates.enumerated() {
      XCTAssertEqual(estimate.frame, index * detector.hop + detector.frameLength / 2)
    }
  }

  func testFinishAnalysesTheEndOfTheStream() {
    let detector = PitchDetector(sampleRate: sampleRate)
    let samples = PitchMaterial.harmonics([1], of: 220, duration: 0.3, sampleRate: sampleRate)
    let estimates = estimatesInBlocks(of: 4096, samples, detector) + detector.finish()
    XCTAssertGreaterThanOrEqual(estimates.last!.frame, samples.count)
    XCTAssertTrue(
      estimates.contains { $0.isVoiced && $0.frame > samples.count - detector.frameLength / 2 })
  }

  func testASteadyToneIsVoicedWithHighConfidence() {
    let detector = PitchDetector(sampleRate: sampleRate)
    let samples = PitchMaterial.harmonics(
      [1, 0.5, 0.25], of: 220, duration: 0.5, sampleRate: sampleRate)
    let estimates = estimatesInBlocks(of: 4096, samples, detector)
    let middle = estimates.filter { $0.frame > sampleRate / 10 && $0.frame < 4 * sampleRate / 10 }
    XCTAssertFalse(middle.isEmpty)
    for estimate in middle {
      XCTAssertEqual(PitchMaterial.cents(estimate.frequency, from: 220), 0, accuracy: 1)
      XCTAssertGreaterThan(estimate.confidence, 0.95)
    }
  }

  /// A pure sine, with no harmonic at all, has a pitch: A4 and E2 at −20 dBFS, and A4 at
  /// −50 dBFS, as a tuner's test tone or a quiet microphone gives. Every estimate after the
  /// first tenth of a second (where the high-pass filter still rings from the tone's abrupt
  /// start) is voiced, confident enough for the Listen screen to show it, and within a cent;
  /// the whole tone is one note.
  func testAPureSineHasAPitchLoudOrQuiet() {
    for (frequency, decibels) in [(440.0, -20.0), (82.41, -20), (440, -50)] {
      let amplitude = pow(10, decibels / 20)
      let samples = (0..<sampleRate).map {
        Float(amplitude * sin(2 * .pi * frequency * Double($0) / Double(sampleRate)))
      }
      let detector = PitchDetector(sampleRate: sampleRate)
      let estimates = estimatesInBlocks(of: 4096, samples, detector).filter {
        $0.frame >= sampleRate / 10
      }
      let label = "\(frequency) Hz at \(decibels) dBFS"
      XCTAssertGreaterThan(estimates.count, 150, label)
      for estimate in estimates {
        XCTAssertEqual(
          PitchMaterial.cents(estimate.frequency, from: frequency), 0, accuracy: 1, label)
        XCTAssertGreaterThan(estimate.confidence, 0.95, label)
      }
      let notes = PitchAnalysis.notes(in: samples, sampleRate: sampleRate)
      XCTAssertEqual(notes.count, 1, label)
      XCTAssertEqual(
        PitchMaterial.cents(notes.first?.frequency ?? 0, from: frequency), 0, accuracy: 1, label)
    }
  }

  /// C4 sounds alone for half a second; then F4, a fourth up, comes in over it, as loud. The
  /// two repeat together every three periods of C4 (four of F4): alone, that is F2, and it was
  /// what the detector heard. With C4 taken out of the frame, what is left is F4. The same for
  /// G♯4 over E3, which share two periods of E3 (E2) and five of G♯4.
  func testANoteOverAnotherStillSoundingIsHeardAtItsOwnPitch() {
    for (below, above) in [(261.63, 349.23), (164.81, 415.30)] {
      let lower = PitchMaterial.harmonics(
        [1, 1, 0.3, 0.3], of: below, duration: 1, sampleRate: sampleRate)
      let upper = PitchMaterial.harmonics(
        [1, 0.3, 0.1], of: above, duration: 0.5, sampleRate: sampleRate)
      var samples = lower
      for (index, sample) in upper.enumerated() { samples[sampleRate / 2 + index] += sample }
      let estimates = estimatesInBlocks(of: 4096, samples, PitchDetector(sampleRate: sampleRate))
      let together = estimates.filter {
        $0.frame > 6 * sampleRate / 10 && $0.frame < 9 * sampleRate / 10
      }
      XCTAssertFalse(together.isEmpty)
      for estimate in together {
        XCTAssertEqual(
          PitchMaterial.cents(estimate.frequency, from: above), 0, accuracy: 5, "\(above) Hz")
      }
    }
  }

  /// The power is the frame's mean square: an eighth for a sine at half full scale, nothing
  /// for silence.
  func testEstimatesCarryTheirFramesPower() {
    let detector = PitchDetector(sampleRate: sampleRate)
    let samples =
      [Float](repeating: 0, count: sampleRate / 10)
      + PitchMaterial.harmonics([1], of: 220, duration: 0.5, sampleRate: sampleRate)
    let estimates = estimatesInBlocks(of: 4096, samples, detector)
    XCTAssertEqual(estimates.first?.power, 0)
    let middle = estimates.filter { $0.frame > sampleRate / 5 && $0.frame < sampleRate / 2 }
    XCTAssertFalse(middle.isEmpty)
    for estimate in middle { XCTAssertEqual(estimate.power, 0.125, accuracy: 0.002) }
  }

  /// A note that dies away is followed below −70 dBFS, where a sound must be to begin, down to
  /// about −90 dBFS; a sound that never reaches −70 dBFS is not followed at all.
  func testAFadingNoteIsFollowedBelowWhereASoundMustBegin() {
    // A sine from −23 dBFS in power, losing 100 dB a second.
    let fading = fadingSine(from: 0.1)
    let followed = estimatesInBlocks(of: 4096, fading, PitchDetector(sampleRate: sampleRate))
      .drop { !$0.isVoiced }.prefix(while: \.isVoiced)
    let quietest = 10 * log10(followed.last!.power)
    XCTAssertLessThan(quietest, -85)
    XCTAssertGreaterThan(quietest, -95)
    let faint = fadingSine(from: 0.0003)
    XCTAssertFalse(
      estimatesInBlocks(of: 4096, faint, PitchDetector(sampleRate: sampleRate))
        .contains(where: \.isVoiced))
  }

  private func fadingSine(from amplitude: Double) -> [Float] {
    (0..<sampleRate).map { index in
      let time = Double(index) / Double(sampleRate)
      return Float(amplitude * pow(10, -5 * time) * sin(2 * .pi * 440 * time))
    }
  }

  /// A1 under a rumble at 22 Hz as loud, as a room or a bass's thump may add: what lies
  /// below the lowest pitch sought does not hide the note (though it pulls it by up to a fifth
  /// of a semitone).
  func testRumbleBelowTheRangeDoesNotHideALowNote() {
    let note = PitchMaterial.harmonics([1], of: 55, duration: 1, sampleRate: sampleRate)
    let rumble = PitchMaterial.harmonics([1], of: 22, duration: 1, sampleRate: sampleRate)
    let estimates = estimatesInBlocks(
      of: 4096, zip(note, rumble).map { ($0 + $1) / 2 },
      PitchDetector(sampleRate: sampleRate))
    let middle = estimates.filter { $0.frame > sampleRate / 5 && $0.frame < 4 * sampleRate / 5 }
    XCTAssertFalse(middle.isEmpty)
    for estimate in middle {
      XCTAssertEqual(estimate.isVoiced ? PitchMaterial.nearestMIDI(estimate.frequency) : nil, 33)
    }
  }

  func testSilenceIsUnvoicedWithNoConfidence() {
    let detector = PitchDetector(sampleRate: sampleRate)
    let estimates = estimatesInBlocks(of: 4096, [Float](repeating: 0, count: sampleRate), detector)
    XCTAssertTrue(estimates.allSatisfy { $0.frequency == 0 && $0.confidence == 0 })
  }

  /// White noise and noise with its power piled up at low frequencies (like rumble in a room)
  /// are not pitched; a stray frame may pass, a note may not.
  func testNoiseMakesNoNotes() {
    var generator = SplitMix64(seed: 11)
    let white = PitchMaterial.whiteNoise(count: 3 * sampleRate, rms: 0.1, using: &generator)
    for (name, noise) in [("white", white), ("rumble", PitchMaterial.rumble(white))] {
      let detector = PitchDetector(sampleRate: sampleRate)
      let estimates = estimatesInBlocks(of: 4096, noise, detector)
      let voiced = estimates.filter(\.isVoiced).count
      XCTAssertLessThan(Double(voiced) / Double(estimates.count), 0.02, name)
      XCTAssertEqual(PitchAnalysis.notes(in: noise, sampleRate: sampleRate), [], name)
    }
  }

  func testBlocksOfAnySizeGiveTheSameEstimatesAsTheWholeSignal() {
    let melody = PitchMaterial.Melody(
      [(nil, 0.1), (45, 0.3), (nil, 0.1), (69, 0.2), (76, 0.25)], instrument: .plucked,
      sampleRate: sampleRate)
    let whole = estimatesInBlocks(
      of: melody.samples.count, melody.samples, PitchDetector(sampleRate: sampleRate))
    XCTAssertGreaterThan(whole.filter(\.isVoiced).count, 100)
    for size in [1, 100, 4096] {
      XCTAssertEqual(
        estimatesInBlocks(of: size, melody.samples, PitchDetector(sampleRate: sampleRate)), whole,
        "blocks of \(size)")
    }
  }

  private func estimatesInBlocks(
    of size: Int, _ samples: [Float], _ detector: PitchDetector
  ) -> [PitchEstimate] {
    samples.withUnsafeBufferPointer { samples in
      stride(from: 0, to: samples.count, by: size).flatMap { start in
        detector.process(
          UnsafeBufferPointer(rebasing: samples[start..<min(start + size, samples.count)]))
      }
    }
  }
}
