import Foundation
import Glibc
import XCTest

/// `woodshed metronome --audio-out`: the real binary writing a real file.
final class MetronomeCommandTests: XCTestCase {
  private var woodshed: WoodshedProcess!

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
  }

  override func tearDown() {
    woodshed.remove()
  }

  func testWritesClicksAtTheirExactFrames() throws {
    let file = woodshed.home.appendingPathComponent("click.wav")
    let result = try woodshed.run([
      "metronome", "--bpm", "97", "--meter", "7/8", "--accents", "X x x X x X x",
      "--duration", "30", "--audio-out", file.path, "--no-ui",
    ])
    XCTAssertEqual(result.status, 0, result.error)
    let samples = try floatSamples(of: file)
    XCTAssertEqual(samples.count, 30 * 48_000)
    let onsets = onsetFrames(in: samples)
    let expected = (0..<Int64(49)).map { k in Int64((Double(k) * 60 * 48_000 / 97).rounded()) }
    XCTAssertEqual(onsets, expected.filter { $0 < samples.count })
    // Accented beats (1, 4, 6 of each bar of seven) are louder than the others.
    let peaks = onsets.map { samples[Int($0)] }
    XCTAssertGreaterThan(peaks[0], peaks[1])
    XCTAssertGreaterThan(peaks[3], peaks[4])
    XCTAssertEqual(peaks[7], peaks[0], accuracy: 1e-6)
  }

  func testRefusesToOverwriteAndExplainsBadInput() throws {
    let file = woodshed.home.appendingPathComponent("keep.wav")
    try Data("precious".utf8).write(to: file)
    let fifo = woodshed.home.appendingPathComponent("pipe.wav")
    XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
    let cases: [([String], String)] = [
      (["--duration", "5", "--audio-out", file.path], "already exists"),
      (
        ["--duration", "5", "--audio-out", fifo.path, "--force"],
        "cannot write pipe.wav: it is a FIFO, not a regular file"
      ),
      (
        ["--duration", "5", "--audio-out", "/dev/full", "--force"],
        "cannot write full: it is a device, not a regular file"
      ),
      (["--duration", "5", "--audio-out", woodshed.home.path, "--force"], ": Is a directory"),
      (["--bpm", "500", "--duration", "5", "--audio-out", "x.wav"], "20–300"),
      (["--meter", "7/9", "--duration", "5", "--audio-out", "x.wav"], "9"),
      (["--accents", "X y", "--duration", "5", "--audio-out", "x.wav"], "y"),
      (["--audio-out", "x.wav", "--no-ui"], "--duration"),
      (["--audio-out", "x.wav"], "needs a terminal"),
    ]
    for (arguments, mention) in cases {
      let result = try woodshed.run(["metronome"] + arguments)
      XCTAssertNotEqual(result.status, 0, arguments.joined(separator: " "))
      XCTAssertEqual(result.error.split(separator: "\n").count, 1, result.error)
      XCTAssertTrue(result.error.contains(mention), "\(arguments): \(result.error)")
    }
    XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "precious")
    var status = stat()
    XCTAssertEqual(stat(fifo.path, &status), 0)
    XCTAssertEqual(status.st_mode & S_IFMT, S_IFIFO, "the FIFO is still a FIFO")
    let leftovers = try FileManager.default.contentsOfDirectory(
      atPath: FileManager.default.currentDirectoryPath
    ).filter { $0.hasPrefix(".x.wav.partial") }
    XCTAssertEqual(leftovers, [], "a refused recording leaves no temporary file")
  }

  func testAUserAccentSoundReplacesTheBuiltInOne() throws {
    // A flat burst after 30 ms of silence: the silence is trimmed so the onset stays exact.
    let sounds = woodshed.home.appendingPathComponent("data/sounds")
    try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
    let burst = [Float](repeating: 0, count: 1_440) + [Float](repeating: 0.3, count: 2_400)
    try TestSignals.wav(rate: 48_000, samples: burst, float: true)
      .write(to: sounds.appendingPathComponent("accent.wav"))
    let file = woodshed.home.appendingPathComponent("user.wav")
    let result = try woodshed.run([
      "metronome", "--bpm", "120", "--duration", "4", "--audio-out", file.path,
    ])
    XCTAssertEqual(result.status, 0, result.error)
    XCTAssertEqual(result.error, "", "a usable file gives no warning")
    let samples = try floatSamples(of: file)
    XCTAssertEqual(
      onsetFrames(in: samples), [0, 24_000, 48_000, 72_000, 96_000, 120_000, 144_000, 168_000])
    let accent = Array(samples[0..<1_000])
    XCTAssertEqual(Set(accent).count, 1, "the accent is the user's flat burst")
    XCTAssertNotEqual(samples[24_000], samples[24_100], "beat two is still the built-in click")
  }

  /// The samples of a mono float32 WAV file with a plain 44-byte header.
  private func floatSamples(of url: URL) throws -> [Float] {
    let data = try Data(contentsOf: url)
    XCTAssertEqual(data.prefix(4), Data("RIFF".utf8))
    return data.dropFirst(44).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
  }

  /// First sample of each sound after at least 10 ms of silence.
  private func onsetFrames(in samples: [Float]) -> [Int64] {
    var onsets: [Int64] = []
    var silentRun = 480
    for (index, sample) in samples.enumerated() {
      if abs(sample) > 0.01 {
        if silentRun >= 480 { onsets.append(Int64(index)) }
        silentRun = 0
      } else {
        silentRun += 1
      }
    }
    return onsets
  }
}
