import Foundation
import Glibc
import XCTest

/// `woodshed analyze`: the detectors over a WAV file, printed for scripts.
final class AnalyzeCommandTests: XCTestCase {
  private var woodshed: WoodshedProcess!

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
  }

  override func tearDown() {
    woodshed.remove()
  }

  func testOnsetsArePrintedOnePerLineWhereTheSoundsStart() throws {
    let times = [0.5, 1.0, 1.25, 2.0, 2.6]
    let file = try woodshed.wav(
      "claps.wav", samples: TestSignals.claps(at: times, rate: 44_100, length: 3.2))
    let result = try woodshed.run(["analyze", "onsets", file.path])
    XCTAssertEqual(result.status, 0, result.error)
    let found = result.output.split(separator: "\n").compactMap { Double($0) }
    XCTAssertEqual(found.count, times.count, result.output)
    for (seen, truth) in zip(found, times) {
      XCTAssertEqual(seen, truth, accuracy: 0.005, result.output)
    }
  }

  func testClicksOfAKnownTempoAreNotOnsets() throws {
    let rate = 48_000
    // The first clap falls on a click and must still be found.
    var samples = TestSignals.claps(at: [0.75, 1.9], rate: rate, length: 3)
    // A short 2 kHz click every half second (120 BPM) from 0.25 s: the metronome's bleed.
    for beat in 0..<6 {
      let start = Int((0.25 + Double(beat) * 0.5) * Double(rate))
      for index in 0..<240 {
        let phase = 2 * Double.pi * 2_000 * Double(index) / Double(rate)
        samples[start + index] += Float(0.3 * sin(phase) * exp(-Double(index) / 60))
      }
    }
    let file = try woodshed.wav("bleed.wav", rate: rate, samples: samples)
    let plain = try woodshed.run(["analyze", "onsets", file.path])
    XCTAssertEqual(plain.status, 0, plain.error)
    XCTAssertEqual(
      plain.output.split(separator: "\n").count, 7,
      "six clicks, one under the first clap, count without --bpm")
    let result = try woodshed.run(
      ["analyze", "onsets", file.path, "--bpm", "120", "--first-click", "0.25"])
    XCTAssertEqual(result.status, 0, result.error)
    let found = result.output.split(separator: "\n").compactMap { Double($0) }
    XCTAssertEqual(found.count, 2, result.output)
    XCTAssertEqual(found.first ?? 0, 0.75, accuracy: 0.005)
    XCTAssertEqual(found.last ?? 0, 1.9, accuracy: 0.005)
  }

  /// A tempo named for a recording with no metronome in it: the claps on the beats are all
  /// found, as without the tempo.
  func testATempoForARecordingWithoutClicksChangesNothing() throws {
    let rate = 48_000
    // A bar of 120 BPM counted in from 0.25 s, then claps on and around the beats.
    let times = [2.25, 2.75, 3.262, 3.75, 4.241, 4.75, 5.0, 5.25, 5.75, 6.258, 6.75]
    let file = try woodshed.wav(
      "claps.wav", rate: rate, samples: TestSignals.claps(at: times, rate: rate, length: 7.5))
    let plain = try woodshed.run(["analyze", "onsets", file.path])
    let scheduled = try woodshed.run(
      ["analyze", "onsets", file.path, "--bpm", "120", "--first-click", "0.25"])
    XCTAssertEqual(scheduled.status, 0, scheduled.error)
    XCTAssertEqual(plain.output.split(separator: "\n").count, times.count, plain.output)
    XCTAssertEqual(scheduled.output, plain.output)
  }

  /// The click's sound is learned in the count-in: something played there is said, once.
  func testPlayingInTheCountInIsWarnedOf() throws {
    let rate = 48_000
    func take(claps: [Double]) -> [Float] {
      var samples = TestSignals.claps(at: claps, rate: rate, length: 4)
      for beat in 0..<8 {
        let start = Int((0.25 + Double(beat) * 0.5) * Double(rate))
        for index in 0..<240 {
          let phase = 2 * Double.pi * 2_000 * Double(index) / Double(rate)
          samples[start + index] += Float(0.3 * sin(phase) * exp(-Double(index) / 60))
        }
      }
      return samples
    }
    let arguments = ["--bpm", "120", "--first-click", "0.25", "--count-in", "4"]
    let early = try woodshed.wav("early.wav", rate: rate, samples: take(claps: [1.0, 2.25, 3.0]))
    let warned = try woodshed.run(["analyze", "onsets", early.path] + arguments)
    XCTAssertEqual(warned.status, 0, warned.error)
    XCTAssertEqual(
      warned.error,
      "warning: something besides the clicks sounds in the count-in (at 1.000 s), where the click's sound is learned; give --count-in the clicks heard alone\n"
    )
    let clean = try woodshed.wav("clean.wav", rate: rate, samples: take(claps: [2.25, 3.0]))
    let quiet = try woodshed.run(["analyze", "onsets", clean.path] + arguments)
    XCTAssertEqual(quiet.status, 0, quiet.error)
    XCTAssertEqual(quiet.error, "")
    XCTAssertEqual(quiet.output.split(separator: "\n").count, 2, quiet.output)
  }

  func testOptionsOutOfRangeAreOneLine() throws {
    let file = try woodshed.wav(
      "claps.wav", rate: 48_000, samples: TestSignals.claps(at: [0.5], rate: 48_000, length: 1))
    let cases: [([String], String)] = [
      (["--count-in", "40"], "--count-in must be between 0 and 16 clicks"),
      (["--count-in", "-5"], "--count-in must be between 0 and 16 clicks"),
      (["--first-click", "inf"], "--first-click must be between 0 and 86400 seconds"),
      (["--first-click", "1e300"], "--first-click must be between 0 and 86400 seconds"),
      (["--first-click", "nan"], "--first-click must be between 0 and 86400 seconds"),
      (["--first-click", "-1"], "--first-click must be between 0 and 86400 seconds"),
    ]
    for (options, message) in cases {
      let result = try woodshed.run(["analyze", "onsets", file.path, "--bpm", "120"] + options)
      XCTAssertEqual(result.status, 1, "\(options)")
      XCTAssertEqual(result.error, "Error: \(message)\n", "\(options)")
    }
  }

  /// `analyze pitch` on `samples` written as `name`: what it printed, and its lines in words.
  private func analyzePitch(_ name: String, rate: Int, samples: [Float]) throws -> (
    result: (status: Int32, output: String, error: String), lines: [[String]]
  ) {
    let file = try woodshed.wav(name, rate: rate, samples: samples)
    let result = try woodshed.run(["analyze", "pitch", file.path])
    XCTAssertEqual(result.status, 0, result.error)
    return (
      result, result.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    )
  }

  func testPitchPrintsStartEndNoteAndCents() throws {
    let rate = 44_100
    var samples = [Float](repeating: 0, count: 3 * rate)
    // A3 (220 Hz) from 0.5 s to 1.3 s, then E2 (82.41 Hz) from 1.6 s to 2.6 s.
    for (frequency, start, end) in [(220.0, 0.5, 1.3), (82.407, 1.6, 2.6)] {
      for index in Int(start * Double(rate))..<Int(end * Double(rate)) {
        let t = Double(index) / Double(rate) - start
        let envelope = min(1, t / 0.01) * min(1, (end - start - t) / 0.01)
        samples[index] = Float(
          0.5 * envelope * (sin(2 * .pi * frequency * t) + 0.4 * sin(4 * .pi * frequency * t)))
      }
    }
    let (result, lines) = try analyzePitch("notes.wav", rate: rate, samples: samples)
    XCTAssertEqual(lines.count, 2, result.output)
    XCTAssertEqual(lines.map { $0.count }, [4, 4], result.output)
    XCTAssertEqual(lines.map { $0[2] }, ["A3", "E2"], result.output)
    XCTAssertEqual(Double(lines[0][0]) ?? 0, 0.5, accuracy: 0.03)
    XCTAssertEqual(Double(lines[0][1]) ?? 0, 1.3, accuracy: 0.06)
    XCTAssertEqual(Double(lines[1][0]) ?? 0, 1.6, accuracy: 0.03)
    for line in lines { XCTAssertLessThanOrEqual(abs(Int(line[3]) ?? 99), 2, result.output) }
  }

  /// A tuner's test tone, a pure sine with nothing above it, starting and stopping abruptly:
  /// one note at its pitch, not "no clear pitch", and its end is no second note.
  func testPitchOfAPureSineIsOneNote() throws {
    let rate = 48_000
    var samples = [Float](repeating: 0, count: 2 * rate)
    for index in (rate / 2)..<(3 * rate / 2) {
      samples[index] = Float(0.1 * sin(2 * .pi * 440 * Double(index) / Double(rate)))
    }
    let (result, lines) = try analyzePitch("sine.wav", rate: rate, samples: samples)
    XCTAssertEqual(lines.count, 1, result.output)
    XCTAssertEqual(lines.first?[2], "A4", result.output)
    XCTAssertEqual(Int(lines.first?[3] ?? ""), 0, result.output)
    XCTAssertEqual(Double(lines.first?[0] ?? "") ?? 0, 0.5, accuracy: 0.03)
    XCTAssertEqual(Double(lines.first?[1] ?? "") ?? 0, 1.5, accuracy: 0.03)
  }

  func testBadFilesGiveOneLineAndFail() throws {
    let text = woodshed.home.appendingPathComponent("notes.wav")
    try Data("not audio\n".utf8).write(to: text)
    let empty = try woodshed.wav("empty.wav", samples: [])
    let truncated = try woodshed.wav("cut.wav", samples: [0.1, 0.2], declaredFrames: 48_000)
    let slow = try woodshed.wav("slow.wav", rate: 100, samples: [Float](repeating: 0.5, count: 400))
    let fast = try woodshed.wav(
      "fast.wav", rate: Int(UInt32.max), samples: [Float](repeating: 0.5, count: 96_000))
    let fifo = woodshed.home.appendingPathComponent("pipe.wav")
    XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
    let cases: [(URL, String)] = [
      (text, "not a WAV file"), (empty, "holds no audio"), (truncated, "is cut short"),
      (woodshed.home.appendingPathComponent("missing.wav"), "No such file"),
      (slow, "sample rate of 100 Hz; Woodshed reads 8 kHz to 384 kHz"),
      (fast, "sample rate of 4294967295 Hz"),
      (
        URL(fileURLWithPath: "/dev/zero"), "could not read zero: it is a device, not a regular file"
      ),
      (fifo, "could not read pipe.wav: it is a FIFO, not a regular file"),
      (woodshed.home, "Is a directory"),
    ]
    for command in ["onsets", "pitch"] {
      for (file, reason) in cases {
        let result = try woodshed.run(["analyze", command, file.path])
        XCTAssertNotEqual(result.status, 0, "\(command) \(file.lastPathComponent)")
        XCTAssertEqual(result.output, "")
        XCTAssertTrue(result.error.contains(reason), result.error)
        XCTAssertEqual(result.error.split(separator: "\n").count, 1, result.error)
      }
    }
  }
}
