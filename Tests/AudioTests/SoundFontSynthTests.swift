import DSP
import Foundation
import XCTest

@testable import Audio

/// The SoundFont piano through FluidSynth (Debian's libfluidsynth3 and timgm6mb-soundfont, which
/// `make test` installs): the note asked for, where it was asked for, and one-line reasons when
/// it cannot sound.
final class SoundFontSynthTests: XCTestCase {
  private let rate = 48_000

  private func synth() throws -> SoundFontSynth {
    try SoundFontSynth.load(sampleRate: rate).get()
  }

  func testAPianoNoteSoundsItsPitchFromTheBlockItWasAskedFor() throws {
    let synth = try synth()
    let start = 750 * SoundFontSynth.blockFrames
    let samples = synth.render(
      [SoundFontSynth.Note(key: 60, start: start, end: start + rate)], frames: 3 * rate)
    XCTAssertEqual(samples.count, 3 * rate)
    XCTAssertEqual(samples[..<start].map(abs).max(), 0, "silence before the note")
    // A recording starts from zero: its first sample after the silence is the second.
    XCTAssertEqual(samples.firstIndex { $0 != 0 }, start + 1, "the sound starts on the block")
    let found = PitchAnalysis.notes(in: samples, sampleRate: rate)
    XCTAssertEqual(found.count, 1)
    let midi = found.map { 69 + 12 * log2($0.frequency / 440) }
    XCTAssertEqual(midi.first ?? 0, 60, accuracy: 0.3)
  }

  func testAChordsNotesStartOnTheSameSampleAndDoNotClip() throws {
    let synth = try synth()
    let start = 100 * SoundFontSynth.blockFrames
    let chord = [60, 64, 67, 71].map {
      SoundFontSynth.Note(key: $0, velocity: 110, start: start, end: start + rate)
    }
    let together = synth.render(chord, frames: 2 * rate)
    let alone = synth.render([chord[0]], frames: 2 * rate)
    XCTAssertEqual(together.firstIndex { $0 != 0 }, start + 1)
    XCTAssertEqual(alone.firstIndex { $0 != 0 }, start + 1)
    XCTAssertLessThan(together.map(abs).max() ?? 1, 1, "a chord of four stays under full scale")
  }

  /// A detuned note sounds its cents off the key while a note in tune beside it, on the same
  /// key at once, stays in tune; the next render, on the same synthesizer, is in tune again.
  func testADetunedNoteBendsAloneAndTheNextRenderIsInTuneAgain() throws {
    let synth = try synth()
    let frequency = { (samples: [Float]) -> Double in
      let found = PitchAnalysis.notes(in: samples, sampleRate: self.rate)
      XCTAssertEqual(found.count, 1)
      return found.first?.frequency ?? 0
    }
    let inTune = frequency(
      synth.render([SoundFontSynth.Note(key: 69, start: 0, end: rate)], frames: rate))
    let detuned = synth.render(
      [SoundFontSynth.Note(key: 69, start: 0, end: rate, cents: -30)], frames: rate)
    XCTAssertEqual(1200 * log2(frequency(detuned) / inTune), -30, accuracy: 2)
    let mixed = synth.render(
      [
        SoundFontSynth.Note(key: 69, start: 0, end: rate / 2, cents: 25),
        SoundFontSynth.Note(key: 69, start: rate / 2, end: rate),
      ], frames: rate)
    XCTAssertEqual(
      1200 * log2(frequency(Array(mixed[..<(rate / 2)])) / inTune), 25, accuracy: 2)
    XCTAssertEqual(
      1200 * log2(frequency(Array(mixed[(rate / 2)...])) / inTune), 0, accuracy: 2)
    let again = frequency(
      synth.render([SoundFontSynth.Note(key: 69, start: 0, end: rate)], frames: rate))
    XCTAssertEqual(1200 * log2(again / inTune), 0, accuracy: 0.5, "the wheel is centred again")
  }

  func testEachRenderStartsFromSilence() throws {
    let synth = try synth()
    _ = synth.render([SoundFontSynth.Note(key: 48, start: 0, end: 2 * rate)], frames: rate / 2)
    let next = synth.render([], frames: rate / 10)
    XCTAssertEqual(next.map(abs).max(), 0, "the last render's note does not ring on")
  }

  func testWithoutTheLibraryOrTheSoundFontItSaysWhyInOneLine() {
    XCTAssertThrowsError(
      try SoundFontSynth(
        soundFont: SoundFontSynth.searchPaths[0], sampleRate: rate,
        libraryName: "libfluidsynth-missing.so.9")
    ) { error in
      XCTAssertEqual(
        "\(error)",
        "FluidSynth (libfluidsynth-missing.so.9) is not installed (Debian: libfluidsynth3)")
    }
    let missing = SoundFontSynth.load(sampleRate: rate, paths: ["/nonexistent/piano.sf2"])
    XCTAssertEqual(missing.failure, .soundFontMissing("/nonexistent/piano.sf2"))
    let notASoundFont = FileManager.default.temporaryDirectory
      .appendingPathComponent("not-a-soundfont-\(UUID().uuidString).sf2")
    XCTAssertNoThrow(try Data("RIFF nonsense".utf8).write(to: notASoundFont))
    defer { try? FileManager.default.removeItem(at: notASoundFont) }
    XCTAssertThrowsError(try SoundFontSynth(soundFont: notASoundFont.path, sampleRate: rate)) {
      XCTAssertEqual($0 as? SoundFontError, .soundFontUnreadable(notASoundFont.path))
    }
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
