import Foundation
import ListeningEval
import XCTest

/// The held-out freepats part renders through timidity (installed by `make test`): a note comes
/// out where it was played, at a level the detector hears, in a take of the length asked for.
final class FreepatsRenderTests: XCTestCase {
  func testANylonGuitarNoteStartsOnTimeAtAHearableLevel() throws {
    let freepats = try XCTUnwrap(SoundFont.heldOut.first { $0.name == "freepats" })
    XCTAssertTrue(freepats.isAvailable, "timidity or /etc/timidity/freepats.cfg missing")
    let sampleRate = 48_000
    let samples = try XCTUnwrap(
      freepats.render(
        [MIDIFile.Note(millisecond: 300, length: 500, key: 57, velocity: 100)], program: 24,
        length: 1.5, sampleRate: sampleRate))

    XCTAssertEqual(samples.count, 72_000)
    // timidity would drop the silence before the note and start it at once.
    let before = samples[..<(sampleRate * 29 / 100)].map(abs).max()!
    XCTAssertLessThan(before, 0.001)
    let note = samples[(sampleRate * 3 / 10)..<(sampleRate * 8 / 10)]
    let rms = (note.map { $0 * $0 }.reduce(0, +) / Float(note.count)).squareRoot()
    let decibels = 20 * log10(rms)
    XCTAssertGreaterThan(decibels, -40)
    XCTAssertLessThan(decibels, -10)
  }

  /// The onset evaluation's freepats takes count on timidity starting a note on its own sample,
  /// where fluidsynth starts it on its next 64-sample block.
  func testTimidityStartsEveryNoteOnItsOwnSample() throws {
    let freepats = try XCTUnwrap(SoundFont.heldOut.first { $0.name == "freepats" })
    XCTAssertEqual(freepats.startDelay, 0)
    let sampleRate = 48_000
    let offsets = [0, 1, 2, 3, 5, 7, 11, 13]
    let notes = offsets.enumerated().map { index, offset in
      MIDIFile.Note(millisecond: 1_000 * (index + 1) + offset, length: 100, key: 60, velocity: 100)
    }
    let samples = try XCTUnwrap(
      freepats.render(
        notes, program: 0, length: Double(offsets.count + 2), sampleRate: sampleRate))
    let leads = notes.map { note in
      let event = note.millisecond * sampleRate / 1000
      let excerpt = samples[(event - 480)..<(event + 4_800)]
      let heard = excerpt.map(abs).max()! / 100
      return (excerpt.firstIndex { abs($0) > heard } ?? Int.max) - event
    }
    // The same lead for every note (to a sample or two of resampling), however far into a
    // 64-sample block its event falls.
    XCTAssertLessThanOrEqual(leads.max()! - leads.min()!, 2, "\(leads)")
    XCTAssertTrue((0..<64).contains(leads[0]), "\(leads)")
  }

  /// timidity's output depends on where its memory lies (a flute note now and then comes out
  /// at another phase); rendered at fixed addresses, the same notes give the same samples on
  /// every run, so the evaluation's figures can be reproduced. Without that, these notes (the
  /// onset evaluation's notes rendered alone, to find where each one's sound starts) came out
  /// three ways in six runs.
  func testTheSameNotesRenderTheSameSamplesEveryTime() throws {
    let freepats = try XCTUnwrap(SoundFont.heldOut.first { $0.name == "freepats" })
    let played = [
      (60, 92), (60, 97), (61, 92), (61, 101), (62, 106), (63, 90), (63, 95), (65, 67), (65, 79),
      (65, 102), (67, 95), (68, 122), (69, 62), (69, 97), (69, 108), (73, 65),
    ]
    let notes = played.enumerated().map { index, note in
      MIDIFile.Note(millisecond: 1_000 * (index + 1), length: 300, key: note.0, velocity: note.1)
    }
    let renderings = try (0..<5).map { _ in
      try XCTUnwrap(
        freepats.render(notes, program: 73, length: Double(notes.count + 2), sampleRate: 48_000))
    }
    for rendering in renderings.dropFirst() {
      let differing = zip(rendering, renderings[0]).filter { $0 != $1 }.count
      XCTAssertEqual(rendering.count, renderings[0].count)
      XCTAssertEqual(differing, 0, "samples that differ from the first rendering")
    }
  }
}
