import Audio
import Foundation
import Synchronization
import XCTest

/// The figure: through a real null sink, recording its monitor, every click of a minute at 40,
/// 90 and 160 BPM lands within ±1 sample of the grid that the first click defines.
///
/// The three tempi play at once, each on its own null sink with its own monitor (the daemon's
/// `woodshed_null` and two more loaded for this test), so they cannot hear each other and the
/// test takes one minute rather than three. Six streams at once on a busy two-core machine
/// underran now and then at 20–60 ms, and an underrun delays everything after it, so the
/// outputs buffer 200 ms: the buffer size changes when a click is heard, never where it falls
/// on the sample clock, which is what this test measures. One stream alone at the default 20 ms
/// (160 BPM, a minute) stayed on the grid too, with no underrun, but with less margin.
final class PulseAudioClickGridTests: XCTestCase {
  private static let tempi = [40, 90, 160]
  private static let minute = 60

  /// An underrun is the machine failing to deliver, not the sample clock moving: a tempo whose
  /// minute had one is measured again, up to this many times in all.
  private static let attempts = 3

  func testEveryClickLandsWithinOneSampleOfTheGridForAMinute() throws {
    var pending = Self.tempi
    var attempt = 1
    while !pending.isEmpty {
      let runs = try playAMinute(pending)
      let disturbed = runs.filter { $0.output.underrunCount > 0 }
      if !disturbed.isEmpty, attempt < Self.attempts {
        print("PulseAudio click grid: underruns at \(disturbed.map(\.bpm)) BPM; measuring again")
        pending = disturbed.map(\.bpm)
        attempt += 1
        check(runs.filter { $0.output.underrunCount == 0 })
        continue
      }
      check(runs)
      pending = []
    }
  }

  /// Every click heard, each within ±1 sample of the grid. An under-run inserts silence, which
  /// delays every later click by the same amount: the grid is then checked stretch by stretch,
  /// each jump must be a delay, and there are no more jumps than under-runs (none without).
  private func check(_ runs: [ClickRun]) {
    for run in runs {
      let onsets = Self.onsets(in: run.recorder.samples)
      XCTAssertEqual(onsets.count, run.renderer.clicks, "clicks heard at \(run.bpm) BPM")
      let deviations = onsets.indices.map { k in
        onsets[k] - (onsets[0] + Int(run.renderer.offset(ofClick: k)))
      }
      var jumps = 0
      var worst = 0
      for k in deviations.indices.dropFirst() where abs(deviations[k] - deviations[k - 1]) > 1 {
        XCTAssertGreaterThan(
          deviations[k], deviations[k - 1], "a click came early at \(run.bpm) BPM")
        jumps += 1
      }
      var base = deviations.first ?? 0
      for k in deviations.indices {
        if k > 0, abs(deviations[k] - deviations[k - 1]) > 1 { base = deviations[k] }
        worst = max(worst, abs(deviations[k] - base))
      }
      let underruns = run.output.underrunCount
      print(
        "PulseAudio click grid: \(run.bpm) BPM, \(onsets.count) of \(run.renderer.clicks) clicks,"
          + " worst deviation \(worst) samples, underruns \(underruns), delays \(jumps)")
      XCTAssertLessThanOrEqual(
        jumps, underruns, "the grid moved without an under-run: \(deviations)")
      XCTAssertLessThanOrEqual(worst, 1, "at \(run.bpm) BPM: \(deviations)")
      XCTAssertEqual(run.recorder.discontinuities, 0)
    }
  }

  /// Plays a minute of clicks at each tempo at once, each on its own null sink, recording the
  /// monitors; returns the finished runs.
  private func playAMinute(_ tempi: [Int]) throws -> [ClickRun] {
    let server = try PulseAudioTestSupport.server
    var sinks = [try PulseAudioTestSupport.sink]
    var modules: [String] = []
    defer {
      for module in modules { _ = try? pactl(server, "unload-module", module) }
    }
    for bpm in tempi.dropFirst() {
      let sink = "woodshed_click_\(bpm)"
      modules.append(
        try pactl(server, "load-module", "module-null-sink", "sink_name=\(sink)", "rate=48000"))
      sinks.append(sink)
    }
    let runs = zip(tempi, sinks).map { bpm, sink in
      ClickRun(bpm: bpm, clicks: bpm * Self.minute / 60, sink: sink, server: server)
    }
    defer {
      for run in runs { run.stop() }
    }
    for run in runs { try run.startRecording() }
    for run in runs { try run.startPlaying() }
    XCTAssertTrue(
      PulseAudioTestSupport.wait(upTo: .seconds(Self.minute * 2)) {
        runs.allSatisfy(\.hasPlayedEverything)
      }, "the click tracks did not finish playing")
    // Leaves time for the last frames to pass the sink and reach the monitor.
    Thread.sleep(forTimeInterval: 0.5)
    for run in runs { run.stop() }
    return runs
  }

  /// The first sample above 0.4 after at least 50 ms below 0.01.
  private static func onsets(in samples: [Float]) -> [Int] {
    let silenceNeeded = PulseAudioTestSupport.sampleRate / 20
    var silence = 0
    var onsets: [Int] = []
    for (index, sample) in samples.enumerated() {
      let level = abs(sample)
      if level > 0.4 && silence >= silenceNeeded { onsets.append(index) }
      silence = level < 0.01 ? silence + 1 : 0
    }
    return onsets
  }

  @discardableResult
  private func pactl(_ server: String, _ arguments: String...) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pactl", "--server=\(server)"] + arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    process.waitUntilExit()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    guard process.terminationStatus == 0 else {
      XCTFail("pactl \(arguments.joined(separator: " ")) failed")
      throw CancellationError()
    }
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

/// One tempo: a click track played on a sink while its monitor is recorded.
private final class ClickRun: Sendable {
  let bpm: Int
  let renderer: ClickTrackRenderer
  let recorder = PulseAudioSampleRecorder(seconds: 90)
  let output: PulseAudioOutput
  private let input: PulseAudioInput

  init(bpm: Int, clicks: Int, sink: String, server: String) {
    self.bpm = bpm
    renderer = ClickTrackRenderer(bpm: bpm, clicks: clicks)
    output = PulseAudioOutput(sink: sink, server: server, targetLatency: .milliseconds(200))
    input = PulseAudioInput(monitorOf: sink, server: server)
  }

  /// Half a second past the last click's end has been pulled.
  var hasPlayedEverything: Bool {
    let lastClick = renderer.firstClick + renderer.offset(ofClick: renderer.clicks - 1)
    let end = lastClick + Int64(ClickTrackRenderer.clickLength + PulseAudioOutput.sampleRate / 2)
    return renderer.end > end
  }

  func startRecording() throws {
    try input.start(consumer: recorder.consume)
  }

  func startPlaying() throws {
    try output.start(renderer: renderer)
  }

  func stop() {
    output.stop()
    input.stop()
  }
}

/// Click `k` starts at frame `firstClick + round(k · 60 · 48000 / bpm)`, computed from `k`,
/// never accumulated: first sample 0.8, decaying linearly to silence over 10 ms.
private final class ClickTrackRenderer: AudioRenderer {
  static let clickLength = PulseAudioOutput.sampleRate / 100

  let bpm: Int
  let clicks: Int
  /// Half a second in, so the recording starts with the silence the onset detector wants.
  let firstClick = Int64(PulseAudioOutput.sampleRate / 2)
  private let pulled = Atomic<Int64>(0)

  init(bpm: Int, clicks: Int) {
    self.bpm = bpm
    self.clicks = clicks
  }

  /// One past the last frame pulled.
  var end: Int64 { pulled.load(ordering: .relaxed) }

  func offset(ofClick k: Int) -> Int64 {
    Int64((Double(k) * 60 * Double(PulseAudioOutput.sampleRate) / Double(bpm)).rounded())
  }

  func render(into buffer: UnsafeMutableBufferPointer<Float>, startFrame: Int64) {
    buffer.update(repeating: 0)
    let end = startFrame + Int64(buffer.count)
    let period = 60 * Double(PulseAudioOutput.sampleRate) / Double(bpm)
    let earliest = Double(startFrame - firstClick - Int64(Self.clickLength)) / period
    var k = max(0, Int(earliest.rounded(.down)))
    while k < clicks, firstClick + offset(ofClick: k) < end {
      let click = firstClick + offset(ofClick: k)
      let lower = max(click, startFrame)
      let upper = min(click + Int64(Self.clickLength), end)
      if lower < upper {
        for frame in lower..<upper {
          let age = Float(frame - click) / Float(Self.clickLength)
          buffer[Int(frame - startFrame)] = 0.8 * (1 - age)
        }
      }
      k += 1
    }
    pulled.store(end, ordering: .relaxed)
  }
}
