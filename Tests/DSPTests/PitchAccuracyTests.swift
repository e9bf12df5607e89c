import DSP
import XCTest

/// The figures: every chromatic note from E2 to E6, plucked and piano-like, named right
/// (≥ 98 %) and in tune (median error ≤ 5 cents), and the octave-error guards.
final class PitchAccuracyTests: XCTestCase {
  private let lowestMIDI = 40  // E2
  private let highestMIDI = 88  // E6

  func testChromaticPluckedAndPianoNotesAt48kHz() {
    assertChromaticNotesNamed(sampleRate: 48_000)
  }

  func testChromaticPluckedAndPianoNotesAt44100Hz() {
    assertChromaticNotesNamed(sampleRate: 44_100)
  }

  func testOtherCommonRates() {
    for sampleRate in [22_050, 96_000] {
      for midi in [40, 57, 69, 88] {
        let frequency = PitchMaterial.frequency(midi: midi)
        let notes = PitchAnalysis.notes(
          in: PitchMaterial.pluck(frequency, duration: 0.5, sampleRate: sampleRate, seed: 3),
          sampleRate: sampleRate)
        XCTAssertEqual(notes.count, 1, "MIDI \(midi) at \(sampleRate) Hz: \(notes)")
        if let note = notes.first {
          XCTAssertEqual(
            PitchMaterial.cents(note.frequency, from: frequency), 0, accuracy: 5,
            "MIDI \(midi) at \(sampleRate) Hz")
        }
      }
    }
  }

  /// Bass low E (E1, 41.2 Hz), plucked and as a pure sine, is just inside the range.
  func testLowE1IsFound() {
    let frequency = PitchMaterial.frequency(midi: 28)
    for samples in [
      PitchMaterial.pluck(frequency, duration: 1, sampleRate: 48_000, seed: 9),
      PitchMaterial.harmonics([1], of: frequency, duration: 1, sampleRate: 48_000),
    ] {
      let notes = PitchAnalysis.notes(in: samples, sampleRate: 48_000)
      XCTAssertEqual(notes.count, 1, "\(notes)")
      XCTAssertEqual(
        PitchMaterial.cents(notes.first?.frequency ?? 0, from: frequency), 0, accuracy: 5)
    }
  }

  func testTopOfTheRangeIsFound() {
    let notes = PitchAnalysis.notes(
      in: PitchMaterial.harmonics([1, 0.5], of: 1_975.5, duration: 0.5, sampleRate: 44_100),
      sampleRate: 44_100)
    XCTAssertEqual(notes.count, 1, "\(notes)")
    XCTAssertEqual(PitchMaterial.cents(notes.first?.frequency ?? 0, from: 1_975.5), 0, accuracy: 5)
  }

  /// A second harmonic louder than the fundamental makes the half period look like a period;
  /// the detector must still take the full one, not the octave above.
  func testStrongSecondHarmonicDoesNotJumpAnOctaveUp() {
    for frequency in [82.41, 146.8, 261.6, 440, 698.5] {
      for amplitudes in [[0.5, 1, 0.3], [0.35, 1, 0.2, 0.3]] {
        assertOneNote(
          at: frequency,
          in: PitchMaterial.harmonics(amplitudes, of: frequency, duration: 0.5, sampleRate: 48_000),
          "\(frequency) Hz \(amplitudes)")
      }
    }
  }

  /// Harmonics 2 to 6 without the fundamental are heard at the fundamental, and the period of
  /// the sum is still the fundamental's.
  func testMissingFundamentalIsFound() {
    for frequency in [98.0, 196, 330, 523.3] {
      assertOneNote(
        at: frequency,
        in: PitchMaterial.harmonics(
          [0, 1, 0.8, 0.6, 0.5, 0.4], of: frequency, duration: 0.5, sampleRate: 48_000),
        "\(frequency) Hz")
    }
  }

  /// Exactly one note is found in `samples` (48 kHz), within 5 cents of `frequency`.
  private func assertOneNote(
    at frequency: Double, in samples: [Float], _ label: String, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let notes = PitchAnalysis.notes(in: samples, sampleRate: 48_000)
    XCTAssertEqual(notes.count, 1, "\(label): \(notes)", file: file, line: line)
    XCTAssertEqual(
      PitchMaterial.cents(notes.first?.frequency ?? 0, from: frequency), 0, accuracy: 5, label,
      file: file, line: line)
  }

  /// White noise 20 dB under the note (by RMS over the note) still leaves it named and in tune.
  func testNotesAreNamedThroughNoiseAt20dBSNR() {
    var generator = SplitMix64(seed: 20)
    for instrument in PitchMaterial.Instrument.allCases {
      var errors: [Double] = []
      for midi in stride(from: lowestMIDI, through: highestMIDI, by: 3) {
        let frequency = PitchMaterial.frequency(midi: midi)
        let note = instrument.note(
          frequency, duration: 0.6, sampleRate: 48_000, seed: UInt64(midi))
        let noise = PitchMaterial.whiteNoise(
          count: note.count, rms: PitchMaterial.rms(note) / 10, using: &generator)
        let notes = PitchAnalysis.notes(in: zip(note, noise).map(+), sampleRate: 48_000)
        XCTAssertEqual(notes.count, 1, "\(instrument) MIDI \(midi): \(notes)")
        XCTAssertEqual(
          notes.first.map { PitchMaterial.nearestMIDI($0.frequency) }, midi, "\(instrument)")
        if let found = notes.first {
          errors.append(abs(PitchMaterial.cents(found.frequency, from: frequency)))
        }
      }
      XCTAssertLessThanOrEqual(PitchMaterial.median(errors), 5, "\(instrument)")
    }
  }

  private func assertChromaticNotesNamed(
    sampleRate: Int, file: StaticString = #filePath, line: UInt = #line
  ) {
    for instrument in PitchMaterial.Instrument.allCases {
      var misnamed: [String] = []
      var errors: [Double] = []
      for midi in lowestMIDI...highestMIDI {
        let frequency = PitchMaterial.frequency(midi: midi)
        let samples = instrument.note(
          frequency, duration: 0.6, sampleRate: sampleRate, seed: UInt64(midi))
        let notes = PitchAnalysis.notes(in: samples, sampleRate: sampleRate)
        guard notes.count == 1, PitchMaterial.nearestMIDI(notes[0].frequency) == midi else {
          misnamed.append("\(midi): \(notes.map(\.frequency))")
          continue
        }
        errors.append(abs(PitchMaterial.cents(notes[0].frequency, from: frequency)))
      }
      let total = highestMIDI - lowestMIDI + 1
      XCTAssertGreaterThanOrEqual(
        Double(total - misnamed.count) / Double(total), 0.98,
        "\(instrument) at \(sampleRate) Hz misnamed \(misnamed)", file: file, line: line)
      XCTAssertLessThanOrEqual(
        PitchMaterial.median(errors), 5, "\(instrument) at \(sampleRate) Hz", file: file, line: line
      )
    }
  }
}

/// Test signals with known pitches, and the arithmetic to judge the answers.
enum PitchMaterial {
  enum Instrument: CaseIterable {
    case plucked, piano

    func note(_ frequency: Double, duration: Double, sampleRate: Int, seed: UInt64) -> [Float] {
      switch self {
      case .plucked: pluck(frequency, duration: duration, sampleRate: sampleRate, seed: seed)
      case .piano: Synth.softPiano(frequency: frequency, duration: duration, sampleRate: sampleRate)
      }
    }

    /// How long the synthesiser takes to fade a note of `duration` out at its end.
    func fadeOut(duration: Double) -> Double {
      switch self {
      case .plucked: 0.01
      case .piano: min(0.05, duration / 4)
      }
    }
  }

  static func frequency(midi: Int) -> Double { 440 * pow(2, Double(midi - 69) / 12) }

  static func nearestMIDI(_ frequency: Double) -> Int {
    Int((69 + 12 * log2(frequency / 440)).rounded())
  }

  static func cents(_ frequency: Double, from reference: Double) -> Double {
    1200 * log2(frequency / reference)
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .infinity : sorted[sorted.count / 2]
  }

  static func rms(_ samples: [Float]) -> Float {
    (samples.reduce(0) { $0 + $1 * $1 } / Float(samples.count)).squareRoot()
  }

  static func pluck(_ frequency: Double, duration: Double, sampleRate: Int, seed: UInt64) -> [Float]
  {
    var generator = SplitMix64(seed: seed)
    return Synth.pluckedString(
      frequency: frequency, duration: duration, sampleRate: sampleRate, using: &generator)
  }

  /// A steady tone with the given amplitudes for harmonics 1, 2, 3…, peaking near 0.5, with
  /// 10 ms ramps at both ends.
  static func harmonics(
    _ amplitudes: [Double], of frequency: Double, duration: Double, sampleRate: Int
  ) -> [Float] {
    let count = Int(duration * Double(sampleRate))
    let ramp = sampleRate / 100
    let scale = 0.5 / amplitudes.reduce(0, +)
    return (0..<count).map { index in
      let time = Double(index) / Double(sampleRate)
      let sum = amplitudes.enumerated().reduce(0.0) { sum, harmonic in
        sum + harmonic.element * sin(2 * .pi * frequency * Double(harmonic.offset + 1) * time)
      }
      let envelope = min(1, Double(min(index, count - 1 - index)) / Double(ramp))
      return Float(scale * sum * envelope)
    }
  }

  static func whiteNoise(
    count: Int, rms: Float, using generator: inout some RandomNumberGenerator
  ) -> [Float] {
    // Uniform noise on −a…a has an RMS of a/√3.
    let amplitude = rms * Float(3).squareRoot()
    return (0..<count).map { _ in Float.random(in: -amplitude...amplitude, using: &generator) }
  }

  /// `noise` through a leaky integrator: most of its power below 100 Hz, like the rumble of a
  /// room, at the same RMS.
  static func rumble(_ noise: [Float]) -> [Float] {
    var level: Float = 0
    let integrated = noise.map { sample in
      level = 0.995 * level + sample
      return level
    }
    let scale = rms(noise) / rms(integrated)
    return integrated.map { $0 * scale }
  }

  /// Notes and rests played one after the other, and where each note lies; a note is taken to
  /// end halfway through its fade-out.
  struct Melody {
    let instrument: Instrument
    let samples: [Float]
    let notes: [(midi: Int, start: Double, end: Double)]

    init(_ tune: [(midi: Int?, duration: Double)], instrument: Instrument, sampleRate: Int) {
      self.instrument = instrument
      var samples: [Float] = []
      var notes: [(midi: Int, start: Double, end: Double)] = []
      for (index, (midi, duration)) in tune.enumerated() {
        let start = Double(samples.count) / Double(sampleRate)
        guard let midi else {
          samples += [Float](repeating: 0, count: Int(duration * Double(sampleRate)))
          continue
        }
        samples += instrument.note(
          frequency(midi: midi), duration: duration, sampleRate: sampleRate, seed: UInt64(index))
        let end = Double(samples.count) / Double(sampleRate)
        notes.append((midi, start, end - instrument.fadeOut(duration: duration) / 2))
      }
      self.samples = samples
      self.notes = notes
    }
  }
}
