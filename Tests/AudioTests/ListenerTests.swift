import Audio
import AudioModel
import DSP
import Synchronization
import XCTest

/// The capture pipeline with the metronome sounding in the room: the engine's real clicks,
/// heard back after a round trip, are announced from its schedule log and not reported, while
/// claps, one of them on a click, are. The clicks' sound in the room is learned at the
/// count-in, or known from a calibration.
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
  /// The clicks start at 0.1 s, after `countInBars` of count-in; with `path`, the listener
  /// knows how they reach the microphone before it hears any.
  private func onsets(
    claps: [Int], announcing: Bool, countInBars: Int = 0, path: ClickPath? = nil,
    underrun: Underrun? = nil
  ) throws -> [Int64] {
    let voices = MetronomeVoices(sampleRate: rate)
    let engine = try MetronomeEngine(
      voices: voices, pattern: MetronomePattern(countInBars: countInBars), bpm: 120,
      sampleRate: rate)
    engine.start(atFrame: 4_800)
    let heard = Mutex<[Int64]>([])
    let listener = Listener(
      clickTemplates: announcing ? voices.sounding : [], clickPath: path
    ) { events in
      for case .onset(let frame, _) in events { heard.withLock { $0.append(frame) } }
    }
    let output = Mutex(OutputClock(frame: 0, nanoseconds: start, sampleRate: rate))
    let input = InputClock(frame: 0, nanoseconds: start, sampleRate: rate)
    let announcer = ClickAnnouncer(log: engine.log) { output.withLock { $0 } }
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
      // After an underrun everything plays later; the first measurement says a little more.
      if let underrun, first >= underrun.frame {
        let shift = first >= underrun.remeasured ? underrun.delay : underrun.delay + underrun.error
        output.withLock {
          $0 = OutputClock(frame: -Double(shift), nanoseconds: start, sampleRate: rate)
        }
      }
      for frame in first..<(first + block) {
        var late = underrun.map { frame - delay >= $0.frame ? $0.delay : 0 } ?? 0
        if let underrun, frame - delay - late >= underrun.repeatedFrom {
          late += underrun.repeated
        }
        guard frame - delay - late >= 0 else { continue }
        microphone[frame] += 0.5 * played[frame - delay - late]
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

  /// From output frame `frame`, playback is `delay` frames late; the output clock says `error`
  /// frames more until the output frame `remeasured` is rendered. As the sink catches up, the
  /// microphone (a monitor) hears the `repeated` frames before output frame `repeatedFrom`
  /// twice.
  private struct Underrun {
    var frame: Int
    var delay: Int
    var error: Int
    var remeasured: Int
    var repeated: Int
    var repeatedFrom: Int
  }

  /// After a bar of count-in, which the listener learns the clicks from.
  private let clapsAfterCountIn = [110_000, 4_800 + 6 * 24_000 + 1_200, 170_000]

  private func assertFound(
    _ found: [Int64], _ claps: [Int], file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(found.count, claps.count, "\(found)", file: file, line: line)
    for (seen, truth) in zip(found, claps) {
      XCTAssertEqual(
        Double(seen), Double(truth), accuracy: Double(rate) * 0.005, "\(found)", file: file,
        line: line)
    }
  }

  /// The count-in is in another voice than the bar's clicks: how the room brings the app's
  /// sounds to the microphone, learned from it, tells the other voices too.
  func testAnnouncedClicksAreNotHitsButClapsAreEvenOnAClick() throws {
    // The second clap falls on the third click after the count-in as the microphone hears it.
    let found = try onsets(claps: clapsAfterCountIn, announcing: true, countInBars: 1)
    assertFound(found, clapsAfterCountIn)
  }

  /// With the path from a calibration, even the first clicks, with no count-in, are known.
  func testACalibratedPathKnowsTheClicksFromTheStart() throws {
    let claps = [40_000, 4_800 + 2 * 24_000 + delay, 160_000]
    let voices = MetronomeVoices(sampleRate: rate)
    var recording = [Float](repeating: 0, count: 2 * rate)
    let clicks = (0..<4).map { beat in
      ExpectedClick(frame: 4_800 + beat * 24_000 + delay, sound: beat == 0 ? 0 : 1, isAlone: true)
    }
    for click in clicks {
      for (offset, sample) in voices.sounding[click.sound].enumerated() {
        recording[click.frame + offset] += 0.5 * sample
      }
    }
    let path = try XCTUnwrap(
      DSP.OnsetDetector.clickPath(
        in: recording, sampleRate: rate, clicks: clicks, clickTemplates: voices.sounding))
    assertFound(try onsets(claps: claps, announcing: true, path: path), claps)
  }

  func testUnannouncedClicksAreHeardAsOnsets() throws {
    let found = try onsets(claps: [40_000], announcing: false)
    // Clicks heard from 0.125 s and every 0.5 s after: eight in 4 s, and the clap.
    XCTAssertEqual(found.count, 9, "\(found)")
  }

  /// An underrun makes the clicks late, the clock's first measurement after it is 2 ms off and
  /// the monitor repeats 2 ms of the next click's attack: that click is no onset, nor the one
  /// after the clock is right again, and a clap away from them still is.
  func testTheClickAfterAnUnderrunIsNotAHitWhenItsSoundAndPlaceAreOff() throws {
    let underrun = Underrun(
      frame: 110_000, delay: 2_400, error: 96, remeasured: 130_000, repeated: 96,
      repeatedFrom: 124_800 + 48)
    let found = try onsets(
      claps: [160_000], announcing: true, countInBars: 1, underrun: underrun)
    assertFound(found, [160_000])
  }
}
