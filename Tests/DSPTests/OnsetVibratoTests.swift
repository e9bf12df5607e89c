import DSP
import Foundation
import ListeningEval
import XCTest

/// Recorded violin notes held with vibrato (freepats, played by timidity, installed by
/// `make test`): the vibrato swings the partials' levels by 10 dB and more as they sweep the
/// body's resonances, and each swing is no new note.
final class OnsetVibratoTests: XCTestCase {
  func testAHeldViolinNotesVibratoStartsNoNewNote() throws {
    let freepats = try XCTUnwrap(SoundFont.heldOut.first { $0.name == "freepats" })
    XCTAssertTrue(freepats.isAvailable, "timidity or /etc/timidity/freepats.cfg missing")
    let sampleRate = 48_000
    // G5 and C#6, whose vibrato each gave a second onset before the swings were weighed.
    for key in [79, 85] {
      let samples = try XCTUnwrap(
        freepats.render(
          [MIDIFile.Note(millisecond: 500, length: 1_500, key: key, velocity: 90)], program: 40,
          length: 2.5, sampleRate: sampleRate))
      let onsets = OnsetDetector.onsets(in: samples, sampleRate: sampleRate)
      XCTAssertEqual(onsets.count, 1, "key \(key): \(onsets.map(\.frame))")
      XCTAssertEqual(Double(onsets.first?.frame ?? 0) / Double(sampleRate), 0.5, accuracy: 0.02)
    }
  }
}
