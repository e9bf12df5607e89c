import Audio
import Synchronization
import XCTest

/// The capture pipeline with the metronome sounding in the room: the engine's real clicks,
/// heard back after a round trip, are announced from its schedule log and not reported, while
/// claps, one of them on a click, are.
final class ListenerTests: XCTestCase {
  private let rate = 48_000
  private let block = 480
  /// 25 ms from the speakers to the input.
  private let delay = 1_200
  private let start: UInt64 = 1_000_000_000

  private func clap(into samples: inout [Float], at frame: Int, seed: UInt64) {
    var state = seed
    for index in 0..<(rate / 10) where frame + index < samples.count {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let noise = Float(Int64(bitPattern: state >> 11) % 2000) / 1000 - 1
      samples[frame + index] += 0.5 * noise * Float(exp(-Double(index) / (0.012 * Double(rate))))
    }
  }

  /// Onset frames the listener reports for 4 s of clicks at 120 BPM (heard at half level) and
  /// claps at `claps` input frames; with `announcing`, the clicks are announced as the app does.
  private func onsets(claps: [Int], announcing: Bool) throws -> [Int64] {
    let voices = MetronomeVoices(sampleRate: rate)
    let engine = try MetronomeEngine(voices: voices, bpm: 120, sampleRate: rate)
    engine.start(atFrame: 4_800)
    let heard = Mutex<[Int64]>([])
    let listener = Listener(
      clickTemplates: announcing ? [voices.accent, voices.normal] : []
    ) { events in
      for case .onset(let frame, _) in events { heard.withLock { $0.append(frame) } }
    }
    let output = OutputClock(frame: 0, nanoseconds: start, sampleRate: rate)
    let input = InputClock(frame: 0, nanoseconds: start, sampleRate: rate)
    let announcer = ClickAnnouncer(log: engine.log) { output }
    announcer.setRoundTrip(nanoseconds: Int64(delay) * 1_000_000_000 / Int64(rate))

    let length = 4 * rate
    var played = [Float](repeating: 0, count: length)
    var microphone = [Float](repeating: 0, count: length)
    for (index, frame) in claps.enumerated() {
      clap(into: &microphone, at: frame, seed: UInt64(index + 1) * 7_919)
    }
    for first in stride(from: 0, to: length, by: block) {
      played.withUnsafeMutableBufferPointer { buffer in
        engine.render(
          into: UnsafeMutableBufferPointer(rebasing: buffer[first..<(first + block)]),
          startFrame: Int64(first))
      }
      for frame in first..<(first + block) where frame >= delay {
        microphone[frame] += 0.5 * played[frame - delay]
      }
      if announcing { announcer.announce(to: listener, inputClock: input) }
      microphone[first..<(first + block)].withUnsafeBufferPointer {
        listener.consume($0, at: Int64(first))
      }
    }
    // The detector reports an onset a little after it; silence lets the last ones out.
    let silence = [Float](repeating: 0, count: rate / 2)
    silence.withUnsafeBufferPointer { listener.consume($0, at: Int64(length)) }
    return heard.withLock { $0 }
  }

  func testAnnouncedClicksAreNotHitsButClapsAreEvenOnAClick() throws {
    // The second clap falls on the third click as the microphone hears it.
    let claps = [40_000, 4_800 + 2 * 24_000 + delay, 160_000]
    let found = try onsets(claps: claps, announcing: true)
    XCTAssertEqual(found.count, claps.count, "\(found)")
    for (seen, truth) in zip(found, claps) {
      XCTAssertEqual(Double(seen), Double(truth), accuracy: Double(rate) * 0.005, "\(found)")
    }
  }

  func testUnannouncedClicksAreHeardAsOnsets() throws {
    let found = try onsets(claps: [40_000], announcing: false)
    // Clicks heard from 0.125 s and every 0.5 s after: eight in 4 s, and the clap.
    XCTAssertEqual(found.count, 9, "\(found)")
  }
}
