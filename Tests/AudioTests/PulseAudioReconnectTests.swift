import Audio
import Foundation
import XCTest

/// Kills a PulseAudio daemon of the test's own in mid-session and brings it back.
final class PulseAudioReconnectTests: XCTestCase {
  private let rate = Int64(PulseAudioTestSupport.sampleRate)

  func testAKilledServerIsReportedAndPlaybackAndRecordingResumeWhenItReturns() throws {
    let daemon = try PulseAudioTestDaemon()
    defer { daemon.shutDown() }
    try daemon.start()
    let statuses = PulseAudioStatusLog()
    let output = PulseAudioOutput(server: daemon.server, onStatus: statuses.append)
    let renderer = PulseAudioCountingRenderer()
    try output.start(renderer: renderer)
    defer { output.stop() }
    let inputStatuses = PulseAudioStatusLog()
    let recorder = PulseAudioSampleRecorder(seconds: 30)
    let input = PulseAudioInput(
      monitorOf: "woodshed_null", server: daemon.server, onStatus: inputStatuses.append)
    try input.start(consumer: recorder.consume)
    defer { input.stop() }
    // The null sink renders up to 2 s ahead while idle, so a new stream may wait that long.
    XCTAssertTrue(PulseAudioTestSupport.wait(upTo: .seconds(5)) { renderer.end > rate / 2 })

    daemon.kill()
    let lost = statuses.wait(upTo: .seconds(3)) { status in
      if case .unavailable = status { true } else { false }
    }
    guard case .unavailable(let reason) = lost else {
      return XCTFail("no loss reported: \(statuses.all)")
    }
    print("PulseAudio reconnect: the loss was reported as \"\(reason)\"")
    XCTAssertTrue(reason.hasPrefix("PulseAudio: "), reason)
    XCTAssertFalse(reason.contains("\n"), reason)
    XCTAssertNil(output.latency)
    XCTAssertNil(output.timing())
    XCTAssertNotNil(
      inputStatuses.wait(upTo: .seconds(3)) { status in
        if case .unavailable = status { true } else { false }
      }, "\(inputStatuses.all)")
    let pulledBeforeLoss = renderer.end
    let recordedBeforeLoss = Int64(recorder.frameCount)

    // The default retry interval is 3 s: one attempt fails while the server is away.
    XCTAssertNotNil(
      statuses.wait(upTo: .seconds(5)) { $0 == .reconnecting(attempt: 1) }, "\(statuses.all)")
    XCTAssertEqual(renderer.end, pulledBeforeLoss, "pulled while the server was gone")
    try daemon.start()

    let back = statuses.wait(upTo: .seconds(10)) { status in
      if case .connected(let info) = status { info.isReconnection } else { false }
    }
    guard case .connected(let info) = back else {
      return XCTFail("no reconnection reported: \(statuses.all)")
    }
    XCTAssertEqual(info.device, "woodshed_null")
    XCTAssertEqual(info.firstFrame, pulledBeforeLoss, "the frame counter does not continue")
    XCTAssertTrue(
      PulseAudioTestSupport.wait(upTo: .seconds(5)) { renderer.end > pulledBeforeLoss + rate / 2 },
      "playback did not resume")
    XCTAssertEqual(renderer.discontinuities, 0, "the renderer saw a jump in frames")
    XCTAssertNotNil(output.latency)

    let inputBack = inputStatuses.wait(upTo: .seconds(5)) { status in
      if case .connected(let info) = status { info.isReconnection } else { false }
    }
    guard case .connected(let inputInfo) = inputBack else {
      return XCTFail("no reconnection of the input reported: \(inputStatuses.all)")
    }
    XCTAssertEqual(inputInfo.device, "woodshed_null.monitor")
    XCTAssertEqual(inputInfo.firstFrame, recordedBeforeLoss)
    XCTAssertTrue(
      PulseAudioTestSupport.wait(upTo: .seconds(3)) {
        recorder.frameCount > recordedBeforeLoss + rate / 2
      }, "recording did not resume")
    XCTAssertEqual(recorder.discontinuities, 0, "the input's frame index jumped")
  }

  /// A stopped server keeps its socket open and says nothing: after 2 s without data moving it
  /// is reported lost, and playback resumes when it goes on.
  func testAStalledServerIsReportedLostAndPlaybackResumesWhenItGoesOn() throws {
    let daemon = try PulseAudioTestDaemon()
    defer { daemon.shutDown() }
    try daemon.start()
    let statuses = PulseAudioStatusLog()
    let output = PulseAudioOutput(server: daemon.server, onStatus: statuses.append)
    let renderer = PulseAudioCountingRenderer()
    try output.start(renderer: renderer)
    defer { output.stop() }
    XCTAssertTrue(PulseAudioTestSupport.wait(upTo: .seconds(5)) { renderer.end > rate / 2 })

    daemon.pause()
    let stoppedAt = ContinuousClock.now
    let lost = statuses.wait(upTo: .seconds(6)) { status in
      if case .unavailable = status { true } else { false }
    }
    guard case .unavailable(let reason) = lost else {
      daemon.resume()
      return XCTFail("no stall reported: \(statuses.all)")
    }
    XCTAssertEqual(reason, "PulseAudio: the server stopped answering")
    XCTAssertGreaterThanOrEqual(ContinuousClock.now - stoppedAt, .seconds(1))
    let pulledWhileStopped = renderer.end

    daemon.resume()
    let back = statuses.wait(upTo: .seconds(15)) { status in
      if case .connected(let info) = status { info.isReconnection } else { false }
    }
    guard case .connected = back else {
      return XCTFail("no reconnection reported: \(statuses.all)")
    }
    XCTAssertTrue(
      PulseAudioTestSupport.wait(upTo: .seconds(5)) {
        renderer.end > pulledWhileStopped + rate / 2
      },
      "playback did not resume")
    XCTAssertEqual(renderer.discontinuities, 0, "the renderer saw a jump in frames")
  }
}
