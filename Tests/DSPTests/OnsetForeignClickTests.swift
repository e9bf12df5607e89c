import DSP
import Foundation
import XCTest

@testable import ListeningEval

/// A drummer's metronome on the count-in, where nobody plays: a recorded metronome bell
/// (freepats' General MIDI key 34, played by timidity, installed by `make test`) through a room.
/// Its ringing outlasts the partials' windows, and they took each count-in click for a note
/// though the flux took it out.
final class OnsetForeignClickTests: XCTestCase {
  func testAMetronomeBellOnTheCountInIsNoNoteAndTheNoteAfterItIs() throws {
    let freepats = try XCTUnwrap(SoundFont.heldOut.first { $0.name == "freepats" })
    XCTAssertTrue(freepats.isAvailable, "timidity or /etc/timidity/freepats.cfg missing")
    let sampleRate = 48_000
    let rate = Double(sampleRate)
    let bell = try XCTUnwrap(
      freepats.render(
        [MIDIFile.Note(millisecond: 0, length: 200, key: 34, velocity: 100)], channel: 9,
        program: 0, length: 0.5, sampleRate: sampleRate))
    let heard = Room(seed: 3, sampleRate: sampleRate).heard(bell.map { 4 * $0 })
    let beats = [0.4, 1.0, 1.6, 2.2]
    var samples = [Float](repeating: 0, count: Int(3.5 * rate))
    for beat in beats {
      for (offset, sample) in heard.enumerated() where Int(beat * rate) + offset < samples.count {
        samples[Int(beat * rate) + offset] += sample
      }
    }
    // The first note, on the beat after the count-in: a plucked A3 dying away.
    let note = Int(2.8 * rate)
    for index in note..<samples.count {
      let time = Double(index - note) / rate
      let value = (1...6).reduce(0.0) { sum, number in
        sum + sin(2 * .pi * 220 * Double(number) * time) / Double(number)
      }
      samples[index] += Float(0.3 * value * exp(-time / 0.1) * min(1, time / 0.001))
    }
    let clicks = beats.map { ExpectedClick(frame: Int($0 * rate), isAlone: true) }
    let found = OnsetDetector.onsets(in: samples, sampleRate: sampleRate, clicks: clicks).map {
      Double($0.frame) / rate
    }
    XCTAssertEqual(found.count, 1, "\(found)")
    XCTAssertEqual(found.first ?? 0, 2.8, accuracy: 0.005)
  }
}
