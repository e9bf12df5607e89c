import Audio
import DSP
import Foundation
import TestHelpers
import XCTest

/// The WAV reader used for recordings and sounds, on disk: random bytes and damaged copies of
/// real files for a fixed time give audio or a one-line error, never a crash, a hang or a
/// sample that is not finite.
final class WAVFileFuzzTests: XCTestCase {
  func testDamagedFilesOnDiskGiveAudioOrOneLine() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-wav-fuzz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("take.wav")
    let tone = (0..<4_800).map { Float(sin(Double($0) * 0.1) * 0.5) }
    let samples = [
      WAVCodec.encode(WAVAudio(sampleRate: 48_000, channels: 1, samples: tone), as: .int16),
      WAVCodec.encode(
        WAVAudio(sampleRate: 44_100, channels: 2, samples: tone + tone), as: .float32),
    ].map { Array($0) }
    var fuzzer = Fuzzer(tokens: [
      "RIFF", "WAVE", "fmt ", "data", "\u{FF}\u{FF}\u{FF}\u{FF}", "LIST",
    ])
    var failures: [String] = []
    let report = fuzzer.run(seconds: 1.5, samples: samples) { bytes in
      FileManager.default.createFile(atPath: file.path, contents: Data(bytes))
      do throws(WAVFileInputError) {
        let audio = try WAVFileInput.monoAudio(of: file)
        if !audio.samples.allSatisfy(\.isFinite) { failures.append("a sample not finite") }
      } catch {
        if error.description.contains("\n") { failures.append(error.description) }
      }
    }
    XCTAssertEqual(failures, [], "seed \(fuzzer.seed)")
    XCTAssertGreaterThan(report.runs, 100, "seed \(fuzzer.seed): \(report)")
    XCTAssertLessThan(report.slowest, .seconds(5), "seed \(fuzzer.seed): \(report)")
    XCTAssertLessThan(report.memoryGrowth, 200 << 20, "seed \(fuzzer.seed): \(report)")
  }
}
