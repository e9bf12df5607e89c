import Audio
import Foundation
import XCTest

/// Runs against the private PulseAudio daemon that `make test` starts (Tests/with-pulseaudio.sh).
final class PulseAudioInputTests: XCTestCase {
  private let rate = PulseAudioTestSupport.sampleRate

  func testRecordsTheToneTheOutputPlaysFromTheSinksMonitor() throws {
    let sink = try PulseAudioTestSupport.sink
    let server = try PulseAudioTestSupport.server
    let recorder = PulseAudioSampleRecorder(seconds: 10)
    let input = PulseAudioInput(monitorOf: sink, server: server)
    try input.start(consumer: recorder.consume)
    defer { input.stop() }
    XCTAssertEqual(input.connectedSource, "\(sink).monitor")

    let output = PulseAudioOutput(sink: sink, server: server)
    try output.start(renderer: ToneRenderer(frequency: 997, amplitude: 0.5))
    defer { output.stop() }

    // The null sink renders up to 2 s ahead while idle, so the tone may take that long.
    XCTAssertTrue(
      PulseAudioTestSupport.wait(upTo: .seconds(8)) { recorder.loudFrames > 2 * rate },
      "no tone arrived")
    // Negative for a monitor when its sink's own buffer is the longer one.
    let latency = try XCTUnwrap(input.latency)
    XCTAssertGreaterThan(latency, .milliseconds(-100))
    XCTAssertLessThanOrEqual(latency, .milliseconds(100))
    let clock = try XCTUnwrap(input.timing())
    let captured = clock.capturedFrame(at: PulseAudioTestSupport.monotonicNow())
    XCTAssertEqual(Double(captured), Double(recorder.frameCount), accuracy: Double(rate) / 10)
    input.stop()

    let samples = recorder.samples
    let start = try XCTUnwrap(samples.firstIndex { abs($0) > 0.1 })
    let tone = Array(samples[start..<(start + 2 * rate)])
    XCTAssertEqual(frequency(of: tone), 997, accuracy: 0.1)
    XCTAssertEqual(recorder.discontinuities, 0)
  }

  func testInputAndOutputClocksAgreeOnWhenAClickWasHeard() throws {
    let sink = try PulseAudioTestSupport.sink
    let server = try PulseAudioTestSupport.server
    let recorder = PulseAudioSampleRecorder(seconds: 10)
    let input = PulseAudioInput(monitorOf: sink, server: server)
    try input.start(consumer: recorder.consume)
    defer { input.stop() }
    // At the default buffers; with output buffers of 100 ms or more, PulseAudio sometimes
    // measures the monitor up to 10 ms late (see InputClock).
    let output = PulseAudioOutput(sink: sink, server: server)
    // After the idle null sink's start-up (it may hold up to 2 s), when the stream timing
    // measurements have settled; earlier readings can be tens of milliseconds off.
    let clickFrame = Int64(rate) * 3
    try output.start(renderer: ClickRenderer(at: clickFrame))
    defer { output.stop() }

    XCTAssertTrue(
      PulseAudioTestSupport.wait(upTo: .seconds(9)) { recorder.loudFrames > 0 }, "no click")
    let capturedFrame = try XCTUnwrap(recorder.samples.firstIndex { $0 > 0.4 })
    XCTAssertEqual(recorder.discontinuities, 0)

    // How closely the two clocks agree is a figure (`make bench`): on a busy virtual machine a
    // null sink's timing readings jitter. Here: both clocks place the click, and neither places
    // it in the future.
    let now = PulseAudioTestSupport.monotonicNow()
    let heard = try XCTUnwrap(output.timing()).instant(whenAudible: clickFrame)
    let captured = try XCTUnwrap(input.timing()).instant(whenCaptured: Int64(capturedFrame))
    XCTAssertLessThan(heard, now)
    XCTAssertLessThan(captured, now)
  }

  func testAnUnknownSourceFailsWithOneLine() throws {
    let input = PulseAudioInput(source: "no_such_source", server: try PulseAudioTestSupport.server)
    XCTAssertThrowsError(try input.start { _, _ in }) { error in
      XCTAssertEqual(
        error as? PulseAudioError,
        .refused(reason: "PulseAudio: no source named \"no_such_source\""))
    }
  }

  /// The sample rate over the median distance between upward zero crossings, each placed
  /// between its two samples by interpolation; the median ignores a glitch or two.
  private func frequency(of samples: [Float]) -> Double {
    var crossings: [Double] = []
    for index in 1..<samples.count where samples[index - 1] < 0 && samples[index] >= 0 {
      let before = Double(samples[index - 1])
      let after = Double(samples[index])
      crossings.append(Double(index - 1) + before / (before - after))
    }
    let periods = zip(crossings.dropFirst(), crossings).map { $0 - $1 }.sorted()
    guard !periods.isEmpty else { return 0 }
    return Double(rate) / periods[periods.count / 2]
  }
}

/// A sine computed from the absolute frame index, so blocks join seamlessly.
private final class ToneRenderer: AudioRenderer {
  private let frequency: Double
  private let amplitude: Float

  init(frequency: Double, amplitude: Float) {
    self.frequency = frequency
    self.amplitude = amplitude
  }

  func render(into buffer: UnsafeMutableBufferPointer<Float>, startFrame: Int64) {
    let step = 2 * Double.pi * frequency / Double(PulseAudioOutput.sampleRate)
    for index in buffer.indices {
      buffer[index] = amplitude * Float(sin(step * Double(startFrame + Int64(index))))
    }
  }
}

/// Silence with one click, so it can be found in a recording.
private final class ClickRenderer: AudioRenderer {
  private let clickFrame: Int64

  init(at clickFrame: Int64) {
    self.clickFrame = clickFrame
  }

  func render(into buffer: UnsafeMutableBufferPointer<Float>, startFrame: Int64) {
    for index in buffer.indices {
      let age = startFrame + Int64(index) - clickFrame
      buffer[index] = (0..<480).contains(age) ? 0.8 * (1 - Float(age) / 480) : 0
    }
  }
}
