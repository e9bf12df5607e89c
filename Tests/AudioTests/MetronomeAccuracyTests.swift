import Audio
import AudioModel
import Foundation
import XCTest

/// The metronome's promise: every click at exactly its ideal frame, for as long as it plays,
/// however the output cuts the stream into blocks.
final class MetronomeAccuracyTests: XCTestCase {
  private let tenMinutes = Int64(10 * 60 * TestVoices.sampleRate)
  // None of these divides every beat period, and the random sizes divide none.
  private let plans: [BlockPlan] = [.fixed(480), .fixed(1000), .random(seed: 7, maximum: 4096)]

  func testEveryClickOfTenMinutesIsOnItsIdealFrameAt40_90_160And300BPM() throws {
    for bpm in [40, 90, 160, 300] as [Int64] {
      for plan in plans {
        try assertEveryClickOnItsIdealFrame(
          bpmNumerator: bpm, bpmDenominator: 1, frames: tenMinutes, plan: plan)
      }
    }
  }

  func testEveryClickOfTenMinutesIsOnItsIdealFrameAtATempoWithFractionalBeats() throws {
    // 97.3 BPM: a beat is 29 599.17… frames, so every beat rounds and errors could pile up.
    try assertEveryClickOnItsIdealFrame(
      bpmNumerator: 973, bpmDenominator: 10, frames: tenMinutes,
      plan: .random(seed: 11, maximum: 2000))
  }

  func testATenMinuteWAVFileHasEveryClickOnItsIdealFrame() throws {
    // One run through the real file output, at the tempo with the most clicks; the block loop
    // above covers the other tempi without the cost of encoding 115 MB per tempo.
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-metronome-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let engine = try MetronomeEngine(voices: TestVoices.voices, bpm: 300)
    engine.start(atFrame: 0)
    let url = folder.appendingPathComponent("metronome.wav")

    try WAVFileOutput(url: url, blockSize: 997).record(engine, frameCount: tenMinutes)

    let samples = try WAVTestFile.floatSamples(of: url)
    XCTAssertEqual(samples.count, Int(tenMinutes))
    let found = onsets(in: samples)
    XCTAssertEqual(found.count, 3000)
    XCTAssertEqual(found.map(\.frame), (0..<3000).map { idealFrame(ofBeat: $0, bpmNumerator: 300) })
    XCTAssertEqual(engine.log.snapshot().map(\.frame), found.map(\.frame))
  }

  private func assertEveryClickOnItsIdealFrame(
    bpmNumerator: Int64, bpmDenominator: Int64, frames: Int64, plan: BlockPlan,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let bpm = Double(bpmNumerator) / Double(bpmDenominator)
    let log = ScheduleLog(capacity: 4096)
    let engine = try MetronomeEngine(voices: TestVoices.voices, bpm: bpm, log: log)
    engine.start(atFrame: 0)
    var detector = OnsetDetector()
    var beat: Int64 = 0
    var worstError: Int64 = 0
    var wrongKinds = 0
    stream(engine, frames: frames, plan: plan) { block, startFrame in
      for onset in detector.onsets(in: block, startFrame: startFrame) {
        let ideal = idealFrame(
          ofBeat: beat, bpmNumerator: bpmNumerator, bpmDenominator: bpmDenominator)
        worstError = max(worstError, abs(onset.frame - ideal))
        let expectedKind: ClickKind = beat % 4 == 0 ? .accent : .normal
        if TestVoices.kind(ofPeak: onset.peak) != expectedKind { wrongKinds += 1 }
        beat += 1
      }
    }
    let context = "\(bpm) BPM, \(plan)"
    let beatsInRun = (0...).lazy.map(Int64.init).prefix {
      idealFrame(ofBeat: $0, bpmNumerator: bpmNumerator, bpmDenominator: bpmDenominator) < frames
    }.count
    XCTAssertEqual(beat, Int64(beatsInRun), context, file: file, line: line)
    XCTAssertEqual(worstError, 0, context, file: file, line: line)
    XCTAssertEqual(wrongKinds, 0, context, file: file, line: line)

    let logged = log.snapshot()
    XCTAssertEqual(logged.count, beatsInRun, context, file: file, line: line)
    XCTAssertTrue(
      logged.enumerated().allSatisfy { index, click in
        click.beat == Int64(index)
          && click.frame
            == idealFrame(
              ofBeat: Int64(index), bpmNumerator: bpmNumerator, bpmDenominator: bpmDenominator)
      }, "log: \(context)", file: file, line: line)
  }
}
