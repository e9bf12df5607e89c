import Audio
import DSP
import Foundation
import Synchronization
import XCTest

final class WAVFileInputTests: XCTestCase {
  /// Keeps every delivered block as it came.
  private final class Collector: Sendable {
    private let blocks = Mutex<[(start: Int64, samples: [Float])]>([])

    func consume(_ block: UnsafeBufferPointer<Float>, at frame: Int64) {
      let samples = Array(block)
      blocks.withLock { $0.append((frame, samples)) }
    }

    var starts: [Int64] { blocks.withLock { $0.map(\.start) } }
    var counts: [Int] { blocks.withLock { $0.map(\.samples.count) } }
    var samples: [Float] { blocks.withLock { $0.flatMap(\.samples) } }
  }

  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-wav-in-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(at: folder)
  }

  private func file(
    _ samples: [Float], rate: Int = 48_000, channels: Int = 1, name: String = "take.wav"
  ) throws -> URL {
    let url = folder.appendingPathComponent(name)
    let audio = WAVAudio(sampleRate: rate, channels: channels, samples: samples)
    try WAVCodec.encode(audio, as: .float32).write(to: url)
    return url
  }

  /// Everything a fast run delivers.
  private func delivered(_ url: URL, blockSize: Int = 480) throws -> Collector {
    let collector = Collector()
    let input = WAVFileInput(url: url, blockSize: blockSize, pacing: .asFastAsPossible)
    try input.start(consumer: collector.consume)
    XCTAssertTrue(input.waitUntilFinished())
    return collector
  }

  private func assertFailure(
    _ url: URL, reason: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let input = WAVFileInput(url: url, pacing: .asFastAsPossible)
    XCTAssertThrowsError(try input.start { _, _ in }, file: file, line: line) { error in
      XCTAssertEqual(
        error as? WAVFileInputError,
        WAVFileInputError(file: url.lastPathComponent, reason: reason), file: file, line: line)
      XCTAssertFalse("\(error)".contains("\n"), file: file, line: line)
    }
  }

  func testEveryFrameArrivesOnceInOrderWhateverTheBlockSize() throws {
    let ramp = (0..<10_007).map { Float($0 % 1_000) / 1_000 }
    let url = try file(ramp)
    for blockSize in [480, 7, 20_000] {
      let collector = try delivered(url, blockSize: blockSize)
      XCTAssertEqual(collector.samples, ramp, "block size \(blockSize)")
      XCTAssertEqual(
        collector.starts, Array(stride(from: 0, to: 10_007, by: blockSize)),
        "block size \(blockSize)")
      XCTAssertEqual(
        collector.counts, collector.starts.map { min(blockSize, 10_007 - Int($0)) },
        "block size \(blockSize)")
    }
  }

  func testAsFastAsPossibleFinishesQuicklyWithoutAClock() throws {
    let url = try file([Float](repeating: 0.25, count: 10 * 48_000))
    let collector = Collector()
    let input = WAVFileInput(url: url, pacing: .asFastAsPossible)
    let began = Date()
    try input.start(consumer: collector.consume)
    XCTAssertNil(input.timing())
    XCTAssertTrue(input.waitUntilFinished())
    XCTAssertLessThan(Date().timeIntervalSince(began), 3, "ten seconds of audio")
    XCTAssertEqual(collector.samples.count, 10 * 48_000)
  }

  func testRealTimeDeliversASecondInAboutASecond() throws {
    let url = try file([Float](repeating: 0.25, count: 48_000))
    let collector = Collector()
    let input = WAVFileInput(url: url)
    let began = Date()
    try input.start(consumer: collector.consume)
    let clock = try XCTUnwrap(input.timing())
    XCTAssertEqual(clock.frame, 0)
    XCTAssertEqual(clock.sampleRate, 48_000)
    XCTAssertTrue(input.waitUntilFinished())
    let elapsed = Date().timeIntervalSince(began)
    XCTAssertGreaterThan(elapsed, 0.9)
    XCTAssertLessThan(elapsed, 2.5)
    XCTAssertEqual(collector.starts, Array(stride(from: 0, to: 48_000, by: 480)))
  }

  func testStopEndsDeliveryAtOnce() throws {
    let url = try file([Float](repeating: 0.25, count: 10 * 48_000))
    let collector = Collector()
    let input = WAVFileInput(url: url)
    try input.start(consumer: collector.consume)
    Thread.sleep(forTimeInterval: 0.2)
    input.stop()
    let stoppedAt = collector.starts.count
    XCTAssertGreaterThan(stoppedAt, 0)
    XCTAssertNil(input.timing())
    XCTAssertFalse(input.waitUntilFinished())
    Thread.sleep(forTimeInterval: 0.1)
    XCTAssertEqual(collector.starts.count, stoppedAt)
  }

  func testTheConsumerMayStopTheRun() throws {
    let url = try file([Float](repeating: 0.25, count: 48_000))
    let input = WAVFileInput(url: url, pacing: .asFastAsPossible)
    let calls = Mutex(0)
    try input.start { _, frame in
      calls.withLock { $0 += 1 }
      if frame >= 4_800 { input.stop() }
    }
    Thread.sleep(forTimeInterval: 0.2)
    XCTAssertEqual(calls.withLock { $0 }, 11)
  }

  func testChannelsAreAveraged() throws {
    let stereo = (0..<1_000).flatMap { _ in [Float(0.6), Float(-0.2)] }
    let collector = try delivered(try file(stereo, channels: 2))
    XCTAssertEqual(collector.samples.count, 1_000)
    for sample in collector.samples { XCTAssertEqual(sample, 0.2, accuracy: 1e-6) }
  }

  func testA44_1kHzSineComesOutAtTheSameFrequencyAt48kHz() throws {
    let sine = (0..<44_100).map { Float(sin(2 * Double.pi * 1_000 * Double($0) / 44_100)) }
    let output = try delivered(try file(sine, rate: 44_100)).samples
    XCTAssertEqual(output.count, 48_000)
    // Away from the abrupt start and end, it is the same sine sampled at 48 kHz.
    var worst: Float = 0
    for frame in 1_000..<47_000 {
      let expected = Float(sin(2 * Double.pi * 1_000 * Double(frame) / 48_000))
      worst = max(worst, abs(output[frame] - expected))
    }
    XCTAssertLessThan(worst, 1e-3)
    let rising = (1..<output.count).filter { output[$0 - 1] < 0 && output[$0] >= 0 }.count
    XCTAssertEqual(rising, 1_000, accuracy: 1)
  }

  func testAnImpulseLandsOnItsFrameScaledTo48kHz() throws {
    let impulses = [1_000, 2_205, 7_777, 12_345, 30_001]
    var input = [Float](repeating: 0, count: 44_100)
    for frame in impulses { input[frame] = 1 }
    let output = try delivered(try file(input, rate: 44_100)).samples
    for frame in impulses {
      let expected = Int((Double(frame) * 48_000 / 44_100).rounded())
      let around = (expected - 200)...(expected + 200)
      let loudest = around.max { abs(output[$0]) < abs(output[$1]) }
      XCTAssertEqual(loudest, expected, "impulse at input frame \(frame)")
    }
  }

  func testAnEmptyFileFinishesAtOnce() throws {
    let collector = try delivered(try file([]))
    XCTAssertEqual(collector.starts, [])
  }

  func testAMissingFileSaysSoInOneLine() {
    let url = folder.appendingPathComponent("missing.wav")
    assertFailure(url, reason: "No such file or directory")
    XCTAssertEqual(
      "\(WAVFileInputError(file: "missing.wav", reason: "No such file or directory"))",
      "could not read missing.wav: No such file or directory")
  }

  func testAFolderIsNotAFile() {
    assertFailure(folder, reason: "Is a directory")
  }

  func testAFileThatIsNotAWAVGivesTheReadersReason() throws {
    let url = folder.appendingPathComponent("notes.wav")
    try Data("just some text\n".utf8).write(to: url)
    assertFailure(url, reason: WAVError.notRIFF.description)
  }

  func testDamagedFilesNeverCrash() throws {
    let valid = WAVCodec.encode(
      WAVAudio(sampleRate: 44_100, channels: 2, samples: [Float](repeating: 0.5, count: 2_000)),
      as: .int16)
    var generator = SplitMix64(seed: 7)
    let noise = Data((0..<4_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
    let damaged = [
      Data(), Data("RIFF".utf8), valid.prefix(30), valid.prefix(47), noise,
      Data("RIFF".utf8) + valid[4..<12] + noise,
    ]
    for (index, bytes) in damaged.enumerated() {
      let url = folder.appendingPathComponent("damaged-\(index).wav")
      try bytes.write(to: url)
      let input = WAVFileInput(url: url, pacing: .asFastAsPossible)
      do {
        try input.start { _, _ in }
        input.waitUntilFinished()
      } catch {
        XCTAssertFalse(error.description.isEmpty || error.description.contains("\n"))
      }
    }
  }
}
