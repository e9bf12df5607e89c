import DSP
import Foundation
import ListeningEval
import XCTest

/// The pitch evaluation's parts stay apart: nothing tuned on is a recording a held-out
/// soundfont plays.
final class PitchEvaluationSetTests: XCTestCase {
  func testNoTuningSoundFontPlaysAnInstrumentWhoseRecordingsAHeldOutOnePlays() {
    for tuning in SoundFont.tuning {
      for heldOut in SoundFont.heldOut {
        let both = Set(PitchEvaluationSet.played(from: tuning).map(\.program))
          .intersection(PitchEvaluationSet.played(from: heldOut).map(\.program))
        XCTAssertEqual(
          both.filter { tuning.sharesRecordings(of: $0, with: heldOut) }, [],
          "\(tuning.name) and \(heldOut.name)")
      }
    }
  }

  func testFluidR3GivesOnlyThePianoMuseScoreDoesNotShare() {
    let fluidR3 = SoundFont.tuning.first { $0.name == "FluidR3 GM" }
    XCTAssertEqual(fluidR3.map { PitchEvaluationSet.played(from: $0).map(\.name) }, ["piano"])
  }

  func testTimGM6mbAndMuseScorePlayEveryInstrumentAndFreepatsAllButTheChoir() {
    let all = PitchEvaluationSet.instruments.map(\.name)
    let timGM = SoundFont.tuning.first { $0.name == "TimGM6mb" }
    XCTAssertEqual(timGM.map { PitchEvaluationSet.played(from: $0).map(\.name) }, all)
    let played = Dictionary(
      uniqueKeysWithValues: SoundFont.heldOut.map {
        ($0.name, PitchEvaluationSet.played(from: $0).map(\.name))
      })
    XCTAssertEqual(played["MuseScore General"], all)
    XCTAssertEqual(played["freepats"], all.filter { $0 != "voice aahs" })
  }

  /// The tie between the recordings and the lists above: MuseScore General plays FluidR3's
  /// recordings for every instrument but the piano.
  func testMuseScoreSharesFluidR3sRecordingsForAllButThePiano() {
    let fluidR3 = SoundFont.tuning.first { $0.name == "FluidR3 GM" }!
    let museScore = SoundFont.heldOut.first { $0.name == "MuseScore General" }!
    XCTAssertEqual(
      PitchEvaluationSet.instruments.filter {
        fluidR3.sharesRecordings(of: $0.program, with: museScore)
      }
      .map(\.name),
      PitchEvaluationSet.instruments.map(\.name).filter { $0 != "piano" })
  }

  /// LMMS's recordings stand for the violin, the flute and the choir, each resampled no more than
  /// an octave from the pitch it was recorded at.
  func testLMMSPlaysItsThreeRecordingsWithinAnOctaveOfTheirPitch() throws {
    let lmms = try XCTUnwrap(SoundFont.tuning.first { $0.name == "LMMS" })
    let played = PitchEvaluationSet.played(from: lmms)
    XCTAssertEqual(played.map(\.name), ["violin", "flute", "voice aahs"])
    let keys = played.map { lmms.keys(of: $0.range, on: $0.program) }
    XCTAssertEqual(keys, [55...79, 69...93, 45...69])
  }

  /// The sampler sounds the key asked, not the recording's own: one note of each recording, an
  /// octave or less from its pitch, is named by the pitch detector.
  func testLMMSSamplerSoundsTheKeyAsked() throws {
    let lmms = try XCTUnwrap(SoundFont.tuning.first { $0.name == "LMMS" })
    for (program, key) in [(40, 74), (73, 70), (52, 50)] {
      let note = MIDIFile.Note(millisecond: 100, length: 800, key: key, velocity: 100)
      let samples = try XCTUnwrap(
        lmms.render([note], program: program, length: 1.2, sampleRate: 48_000))
      let found = PitchAnalysis.notes(in: samples, sampleRate: 48_000)
      XCTAssertEqual(
        found.map { Int((69 + 12 * log2($0.frequency / 440)).rounded()) }, [key],
        "program \(program)")
    }
  }
}

/// The sections of the tuning part: a choir made of its own voices, never a held-out one's.
final class PitchSectionTests: XCTestCase {
  func testTheSectionsSingTheTuningVoicesOnly() {
    let sections = SoundFont.tuning.filter { $0.treatment == .ensemble }
    XCTAssertEqual(sections.map(\.name), ["TimGM6mb section", "LMMS section"])
    XCTAssertEqual(
      sections.map { PitchEvaluationSet.played(from: $0).map(\.name) },
      [["voice aahs", "voice oohs"], ["voice aahs"]])
  }

  /// Five copies of a steady A3, each a few cents off and late: as long as the sound, its
  /// level beating by more than 6 dB within two seconds, its pitch within 15 cents of A3.
  func testAnEnsembleBeatsAroundThePitchItWasGiven() {
    let rate = 48_000
    let sine = (0..<(5 * rate / 2)).map {
      Float(0.3 * sin(2 * Double.pi * 220 * Double($0) / 48_000))
    }
    let section = Treatment.ensemble.applied(to: sine, sampleRate: rate, seed: 1)
    XCTAssertEqual(section.count, sine.count)
    let steady = section[(rate / 2)...]
    let levels = stride(from: steady.startIndex, to: steady.endIndex - 2_400, by: 2_400).map {
      steady[$0..<($0 + 2_400)].map { Double($0 * $0) }.reduce(0, +)
    }
    XCTAssertGreaterThan(10 * log10(levels.max()! / levels.min()!), 6)
    // The strongest frequency near A3, on a 0.5 Hz grid (4 cents).
    let strongest = stride(from: 210.0, through: 230, by: 0.5).max { lower, higher in
      Self.magnitude(of: steady, at: lower, rate: rate)
        < Self.magnitude(of: steady, at: higher, rate: rate)
    }!
    XCTAssertEqual(1200 * log2(strongest / 220), 0, accuracy: 15)
  }

  private static func magnitude(of samples: ArraySlice<Float>, at frequency: Double, rate: Int)
    -> Double
  {
    var (re, im) = (0.0, 0.0)
    for (offset, sample) in samples.enumerated() {
      let phase = 2 * Double.pi * frequency * Double(offset) / Double(rate)
      re += Double(sample) * cos(phase)
      im += Double(sample) * sin(phase)
    }
    return re * re + im * im
  }
}
