import Audio
import DSP
import Foundation
import MusicTheory
import Storage
import Synchronization
import XCTest

@testable import App

/// The flashcard's note through a real PulseAudio daemon, recorded from the sink's monitor and
/// named by the pitch detector.
final class NotePlayerTests: XCTestCase {
  func testTheAnswersNoteIsHeardInTuneWithTheSettingsA4() throws {
    guard let server = ProcessInfo.processInfo.environment["WOODSHED_TEST_PULSE_SERVER"],
      let sink = ProcessInfo.processInfo.environment["WOODSHED_TEST_PULSE_SINK"]
    else {
      return XCTFail("no private PulseAudio daemon: run the suite with `make test`")
    }
    let recorded = Mutex<[Float]>([])
    let monitor = PulseAudioInput(monitorOf: sink, server: server)
    try monitor.start { block, _ in recorded.withLock { $0.append(contentsOf: block) } }
    defer { monitor.stop() }
    var settings = Settings()
    settings.a4Reference = 442
    let player = NotePlayer(server: server)
    XCTAssertNil(
      player.play([Note(.E, octave: 4).pitch], settings: settings, devices: AudioDeviceSettings()))
    Thread.sleep(forTimeInterval: 2)
    player.stop()
    let samples = recorded.withLock { $0 }
    let notes = PitchAnalysis.notes(in: samples, sampleRate: 48_000)
    XCTAssertEqual(notes.count, 1, "\(notes)")
    let expected = 442 * pow(2, -5.0 / 12)
    XCTAssertEqual(notes.first?.frequency ?? 0, expected, accuracy: expected * 0.003)
  }

  func testWithoutAServerItSaysWhyAndPlaysNothing() {
    let player = NotePlayer(server: "unix:/nonexistent/socket")
    XCTAssertNotNil(
      player.play([Note(.A, octave: 4).pitch], settings: Settings(), devices: AudioDeviceSettings())
    )
    player.stop()
  }
}
