import Audio
import Foundation
import Synchronization
import XCTest

/// Runs against the private PulseAudio daemon that `make test` starts (Tests/with-pulseaudio.sh).
final class PulseAudioOutputTests: XCTestCase {
  private let rate = Int64(PulseAudioTestSupport.sampleRate)

  func testPlaysOnTheNamedSinkWithLowLatencyAndStopsCleanly() throws {
    let sink = try PulseAudioTestSupport.sink
    let statuses = PulseAudioStatusLog()
    let output = PulseAudioOutput(
      sink: sink, server: try PulseAudioTestSupport.server, onStatus: statuses.append)
    let renderer = PulseAudioCountingRenderer()
    try output.start(renderer: renderer)

    // The null sink renders up to 2 s ahead while idle, so a new stream may wait that long.
    XCTAssertTrue(PulseAudioTestSupport.wait(upTo: .seconds(5)) { renderer.end > rate / 2 })
    var latency: Duration?
    PulseAudioTestSupport.wait(upTo: .seconds(2)) {
      latency = output.latency
      return latency.map { $0 > .zero } ?? false
    }
    let measured = try XCTUnwrap(latency)
    print("PulseAudioOutput: latency \(measured) at the default target of 20 ms")
    XCTAssertGreaterThan(measured, .zero)
    XCTAssertLessThanOrEqual(measured, .milliseconds(100))
    XCTAssertEqual(output.connectedSink, sink)
    let connected = statuses.wait(upTo: .seconds(1)) { _ in true }
    XCTAssertEqual(
      connected,
      .connected(PulseAudioStreamInfo(device: sink, firstFrame: 0, isReconnection: false)))
    XCTAssertEqual(renderer.discontinuities, 0)

    output.stop()
    let pulledAtStop = renderer.end
    Thread.sleep(forTimeInterval: 0.2)
    XCTAssertEqual(renderer.end, pulledAtStop, "the renderer is still pulled after stop()")
    XCTAssertNil(output.latency)
    XCTAssertNil(output.timing())
    XCTAssertEqual(statuses.all.count, 1, "\(statuses.all)")
  }

  func testStopFadesOutWithinFiveMillisecondsInsteadOfCutting() throws {
    let sink = try PulseAudioTestSupport.sink
    let server = try PulseAudioTestSupport.server
    let recorder = PulseAudioSampleRecorder(seconds: 10)
    let input = PulseAudioInput(monitorOf: sink, server: server)
    try input.start(consumer: recorder.consume)
    defer { input.stop() }
    let output = PulseAudioOutput(sink: sink, server: server)
    try output.start(renderer: ConstantRenderer(level: 0.5))
    XCTAssertTrue(
      PulseAudioTestSupport.wait(upTo: .seconds(8)) { recorder.loudFrames > Int(rate) / 2 })

    let stopping = ContinuousClock.now
    output.stop()
    print("PulseAudioOutput: stop() took \(ContinuousClock.now - stopping)")
    Thread.sleep(forTimeInterval: 0.2)
    input.stop()

    // A held level of 0.5 must reach silence in steps no bigger than a 5 ms ramp's.
    let samples = recorder.samples
    let lastHeld = try XCTUnwrap(samples.lastIndex { $0 >= 0.499 })
    let silent = try XCTUnwrap(samples[lastHeld...].firstIndex { $0 < 0.0001 })
    XCTAssertLessThanOrEqual(silent - lastHeld, Int(rate) / 200 + 1)
    let steps = zip(samples[lastHeld...].dropFirst(), samples[lastHeld...]).map { abs($0 - $1) }
    XCTAssertLessThan(steps.max() ?? 0, 0.5 / 200, "a step, not a fade")
  }

  func testAnUnknownSinkFailsWithOneLine() throws {
    let output = PulseAudioOutput(sink: "no_such_sink", server: try PulseAudioTestSupport.server)
    XCTAssertThrowsError(try output.start(renderer: PulseAudioCountingRenderer())) { error in
      XCTAssertEqual(
        error as? PulseAudioError, .refused(reason: "PulseAudio: no sink named \"no_such_sink\""))
    }
    XCTAssertNil(output.latency)
  }

  func testAMissingServerIsUnavailable() throws {
    let missing = FileManager.default.temporaryDirectory
      .appendingPathComponent("no-such-pulse-\(UUID().uuidString)").path
    let output = PulseAudioOutput(server: "unix:\(missing)")
    XCTAssertThrowsError(try output.start(renderer: PulseAudioCountingRenderer())) { error in
      guard case .unavailable(let reason) = error as? PulseAudioError else {
        return XCTFail("expected no server, got \(error)")
      }
      XCTAssertTrue(reason.hasPrefix("PulseAudio: "), reason)
      XCTAssertFalse(reason.contains("\n"), reason)
    }
  }

  func testTimingMapsOutputFramesToMonotonicTime() throws {
    // An underrun would rightly move the mapping between the two readings; a roomy buffer
    // keeps a busy machine from causing one.
    let output = PulseAudioOutput(
      sink: try PulseAudioTestSupport.sink, server: try PulseAudioTestSupport.server,
      targetLatency: .milliseconds(100))
    let renderer = PulseAudioCountingRenderer()
    try output.start(renderer: renderer)
    defer { output.stop() }

    XCTAssertTrue(PulseAudioTestSupport.wait(upTo: .seconds(5)) { output.timing() != nil })
    // How precisely readings agree is a figure (`make bench`): on a busy virtual machine a null
    // sink's timing readings jitter. Here: the mapping exists, moves forward with the sound,
    // and converts both ways.
    let earlier = try XCTUnwrap(output.timing())
    Thread.sleep(forTimeInterval: 1.6)
    let later = try XCTUnwrap(output.timing())
    XCTAssertGreaterThan(later.frame, earlier.frame)
    XCTAssertGreaterThan(later.nanoseconds, earlier.nanoseconds)
    XCTAssertEqual(Int64(later.sampleRate), Int64(rate))
    XCTAssertEqual(later.audibleFrame(at: later.instant(whenAudible: 123_456)), 123_456)
  }

  func testAStalledRendererCountsAnUnderrunAndPlaybackContinues() throws {
    let output = PulseAudioOutput(
      sink: try PulseAudioTestSupport.sink, server: try PulseAudioTestSupport.server)
    let renderer = PulseAudioCountingRenderer(stallAt: rate / 2, for: 0.2)
    try output.start(renderer: renderer)
    defer { output.stop() }

    XCTAssertTrue(
      PulseAudioTestSupport.wait(upTo: .seconds(5)) { output.underrunCount >= 1 },
      "no underrun counted")
    let afterStall = renderer.end
    // The server pulls at the sink's pace, which on a busy virtual machine is not exactly real
    // time; what matters is that playback goes on.
    XCTAssertTrue(
      PulseAudioTestSupport.wait(upTo: .seconds(3)) { renderer.end - afterStall > rate / 3 },
      "playback did not continue")
    XCTAssertEqual(renderer.discontinuities, 0)
  }
}

/// A held level, the worst case for a cut: stopping without a fade would step straight to 0.
private final class ConstantRenderer: AudioRenderer {
  private let level: Float

  init(level: Float) {
    self.level = level
  }

  func render(into buffer: UnsafeMutableBufferPointer<Float>, startFrame: Int64) {
    buffer.update(repeating: level)
  }
}
