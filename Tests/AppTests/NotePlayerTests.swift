import Audio
import DSP
import Foundation
import MusicTheory
import Storage
import Synchronization
import TerminalUI
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

  /// An ear sound on a real PulseAudio daemon tells when its first sample is heard, by the
  /// output's clock: the sink's monitor, recorded meanwhile, has the sound start within 10 ms
  /// of that instant (its own clock is that exact, see `InputClock`). The rhythm dictation's
  /// taps count from there.
  func testAnEarSoundTellsWhenItIsHeard() throws {
    guard let server = ProcessInfo.processInfo.environment["WOODSHED_TEST_PULSE_SERVER"],
      let sink = ProcessInfo.processInfo.environment["WOODSHED_TEST_PULSE_SINK"]
    else {
      return XCTFail("no private PulseAudio daemon: run the suite with `make test`")
    }
    let recorded = Mutex<(first: Int64?, samples: [Float])>((nil, []))
    let monitor = PulseAudioInput(monitorOf: sink, server: server)
    try monitor.start { block, frame in
      recorded.withLock { recorded in
        if recorded.first == nil { recorded.first = frame }
        recorded.samples.append(contentsOf: block)
      }
    }
    defer { monitor.stop() }
    let player = NotePlayer(server: server, soundFonts: [])
    defer { player.stop() }
    let click = EarSound(placed: [], clicks: [EarSound.Click(time: 0, sound: .accent)])
    var heard: [UInt64] = []
    // The sink's monitor records only once something plays: the first click starts it, and
    // the three after it are measured against silence recorded before each.
    for _ in 0..<4 {
      let playback = player.playEar(click, settings: Settings(), devices: AudioDeviceSettings())
      XCTAssertNil(playback.failure)
      let audibleStart = try XCTUnwrap(playback.audibleStart)
      var instant: MonotonicInstant?
      for _ in 0..<1_000 where instant == nil {
        instant = audibleStart()
        if instant == nil { Thread.sleep(forTimeInterval: 0.002) }
      }
      heard.append(try XCTUnwrap(instant, "never heard").nanoseconds)
      Thread.sleep(forTimeInterval: 0.5)
    }
    let clock = try XCTUnwrap(monitor.timing())
    let (first, samples) = recorded.withLock { ($0.first ?? 0, $0.samples) }
    for instant in heard.dropFirst() {
      let expected = Int(clock.capturedFrame(at: instant) - first)
      let tolerance = 480
      XCTAssertGreaterThanOrEqual(expected - tolerance, 0, "before the recording began")
      let window = samples[max(0, expected - tolerance)..<min(samples.count, expected + tolerance)]
      let onset = try XCTUnwrap(
        window.firstIndex { abs($0) > 0.01 }, "no sound within 10 ms of the instant told")
      XCTAssertGreaterThan(
        onset, expected - tolerance + 48, "sound already before: \(onset - expected) frames")
    }
  }

  func testWithoutAServerItSaysWhyAndPlaysNothing() {
    let player = NotePlayer(server: "unix:/nonexistent/socket")
    XCTAssertNotNil(
      player.play([Note(.A, octave: 4).pitch], settings: Settings(), devices: AudioDeviceSettings())
    )
    player.stop()
  }
}
