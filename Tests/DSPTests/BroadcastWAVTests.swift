import Foundation
import XCTest

@testable import DSP

/// A `bext` chunk (EBU Tech 3285) written field by field, so the reader is checked against the
/// specification's layout rather than against itself.
enum BextBytes {
  static func text(_ value: String, _ width: Int) -> [UInt8] {
    Array(Array(value.utf8).prefix(width))
      + Array(repeating: 0, count: max(0, width - value.utf8.count))
  }

  /// Version 1 with an empty UMID, reserved bytes and a coding history, as recorders write it.
  static func chunk(
    description: String = "Scene 1", originator: String = "Recorder", reference: String = "R1",
    date: String = "2026-11-27", time: String = "14:03:05", timeReference: UInt64,
    codingHistory: String = "A=PCM,F=48000,W=24,M=stereo\r\n"
  ) -> [UInt8] {
    let body =
      text(description, 256) + text(originator, 32) + text(reference, 32) + text(date, 10)
      + text(time, 8) + WAVBytes.le32(UInt32(timeReference & 0xFFFF_FFFF))
      + WAVBytes.le32(UInt32(timeReference >> 32)) + WAVBytes.le16(1)
      + Array(repeating: 0, count: 64 + 190) + Array(codingHistory.utf8)
    return WAVBytes.chunk("bext", body)
  }

  static func info(_ file: Data) throws -> BroadcastWAVInfo? {
    try WAVCodec.broadcastInfo(count: file.count) { range in
      Array(file[min(range.lowerBound, file.count)..<min(range.upperBound, file.count)])
    }
  }
}

final class BroadcastWAVTests: XCTestCase {
  /// 14:03:05.5 at 48 kHz, and 2 s of 24-bit stereo.
  func testTheBextChunkGivesTheStartTimeOfDayAndTheFormatTheLength() throws {
    let start = UInt64(14 * 3600 + 3 * 60 + 5) * 48_000 + 24_000
    let file = WAVBytes.file(
      BextBytes.chunk(timeReference: start),
      WAVBytes.fmt(tag: 1, channels: 2, sampleRate: 48_000, bits: 24),
      WAVBytes.data(Array(repeating: 0, count: 2 * 48_000 * 6)))
    let info = try XCTUnwrap(try BextBytes.info(file))
    XCTAssertEqual(info.description, "Scene 1")
    XCTAssertEqual(info.originator, "Recorder")
    XCTAssertEqual(info.originatorReference, "R1")
    XCTAssertEqual(info.originationDate, "2026-11-27")
    XCTAssertEqual(info.originationTime, "14:03:05")
    XCTAssertEqual(info.timeReference, start)
    XCTAssertEqual(info.version, 1)
    XCTAssertEqual(info.sampleRate, 48_000)
    XCTAssertEqual(info.frameCount, 96_000)
    XCTAssertEqual(info.startSecondsOfDay, 50_585.5)
    XCTAssertEqual(info.durationSeconds, 2)
    XCTAssertEqual(info.originationDay, 20_784, "2026-11-27 is day 20 784 since 1970-01-01")
    XCTAssertEqual(info.startDay, 20_784)
  }

  /// The time reference's high word counts: 23:00 at 96 kHz is past 2³² samples.
  func testTheTimeReferenceUsesBothWords() throws {
    let start = UInt64(23 * 3600) * 96_000
    XCTAssertGreaterThan(start, UInt64(UInt32.max))
    let file = WAVBytes.file(
      WAVBytes.fmt(tag: 1, sampleRate: 96_000, bits: 16), WAVBytes.data([0, 0]),
      BextBytes.chunk(time: "23:00:00", timeReference: start))
    let info = try XCTUnwrap(try BextBytes.info(file), "a bext chunk after the audio is found")
    XCTAssertEqual(info.startSecondsOfDay, 82_800)
  }

  /// A file made a second before midnight whose first sample is a second after it starts on
  /// the next day; one made after midnight for audio from before it, on the day before.
  func testTheStartDayCrossesMidnightWithTheTimeReference() throws {
    func info(date: String, time: String, seconds: UInt64) throws -> BroadcastWAVInfo {
      let file = WAVBytes.file(
        BextBytes.chunk(date: date, time: time, timeReference: seconds * 8_000),
        WAVBytes.fmt(tag: 1, bits: 16), WAVBytes.data([0, 0]))
      return try XCTUnwrap(try BextBytes.info(file))
    }
    XCTAssertEqual(try info(date: "2026-11-27", time: "23:59:59", seconds: 1).startDay, 20_785)
    XCTAssertEqual(try info(date: "2026-11-28", time: "00:00:02", seconds: 86_399).startDay, 20_784)
    XCTAssertEqual(try info(date: "2026/11/27", time: "10:00:00", seconds: 36_000).startDay, 20_784)
    let undated = try info(date: "", time: "", seconds: 36_000)
    XCTAssertNil(undated.startDay)
    XCTAssertNil(undated.originationSecondsOfDay)
    XCTAssertEqual(try info(date: "2026-13-01", time: "", seconds: 0).originationDay, nil)
  }

  func testAFileWithoutBextHasNoInfo() throws {
    let file = WAVBytes.file(WAVBytes.fmt(tag: 1, bits: 16), WAVBytes.data([0, 0]))
    XCTAssertNil(try BextBytes.info(file))
  }

  func testAShortBextChunkIsAOneLineError() throws {
    let file = WAVBytes.file(
      WAVBytes.chunk("bext", Array(repeating: 0x41, count: 100)), WAVBytes.fmt(tag: 1, bits: 16),
      WAVBytes.data([0, 0]))
    XCTAssertThrowsError(try BextBytes.info(file)) {
      XCTAssertEqual(
        "\($0)", "WAV file's bext chunk is 100 bytes; a Broadcast WAV's holds at least 348")
    }
    let cut = WAVBytes.file(
      WAVBytes.fmt(tag: 1, bits: 16), WAVBytes.data([0, 0]),
      WAVBytes.chunk("bext", Array(repeating: 0, count: 20), declaredSize: 602))
    XCTAssertThrowsError(try BextBytes.info(cut)) {
      XCTAssertEqual($0 as? WAVError, .malformedBroadcastExtension(size: 20))
    }
  }

  /// A bext chunk does not excuse a broken format: the file's own error comes first.
  func testAFileThatIsNotAudioSaysSo() throws {
    let file = WAVBytes.file(BextBytes.chunk(timeReference: 0), WAVBytes.data([0, 0]))
    XCTAssertThrowsError(try BextBytes.info(file)) {
      XCTAssertEqual($0 as? WAVError, .missingFormat)
    }
  }

  func testDaysSinceTheEpoch() {
    XCTAssertEqual(BroadcastWAVInfo.daysSinceEpoch(year: 1970, month: 1, day: 1), 0)
    XCTAssertEqual(BroadcastWAVInfo.daysSinceEpoch(year: 2000, month: 3, day: 1), 11_017)
    XCTAssertEqual(BroadcastWAVInfo.daysSinceEpoch(year: 1969, month: 12, day: 31), -1)
  }
}

/// The reader against files another program wrote: libsndfile's `sndfile-metadata-set`
/// (Debian's sndfile-programs, installed by `make test`).
final class BroadcastWAVLibsndfileTests: XCTestCase {
  func testAFileLibsndfileWroteReadsAsItWasTold() throws {
    let tool = "/usr/bin/sndfile-metadata-set"
    XCTAssertTrue(FileManager.default.isExecutableFile(atPath: tool), "sndfile-programs missing")
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-bext-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let plain = folder.appendingPathComponent("plain.wav")
    let tagged = folder.appendingPathComponent("tagged.wav")
    let audio = WAVAudio(
      sampleRate: 96_000, channels: 2, samples: Array(repeating: 0.25, count: 2 * 48_000),
      isTruncated: false)
    try WAVCodec.encode(audio, as: .int16).write(to: plain)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = [
      "--bext-description", "Take 3", "--bext-originator", "Woodshed test",
      "--bext-orig-ref", "REF42", "--bext-orig-date", "2026-11-27", "--bext-orig-time",
      "13:01:15", "--bext-time-ref", "4500000000", plain.path, tagged.path,
    ]
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
    let info = try XCTUnwrap(try BextBytes.info(try Data(contentsOf: tagged)))
    XCTAssertEqual(info.description, "Take 3")
    XCTAssertEqual(info.originator, "Woodshed test")
    XCTAssertEqual(info.originatorReference, "REF42")
    XCTAssertEqual(info.originationDate, "2026-11-27")
    XCTAssertEqual(info.originationTime, "13:01:15")
    XCTAssertEqual(info.timeReference, 4_500_000_000)
    XCTAssertEqual(info.startSecondsOfDay, 46_875, "13:01:15 at 96 kHz")
    XCTAssertEqual(info.sampleRate, 96_000)
    XCTAssertEqual(info.frameCount, 48_000)
    XCTAssertEqual(info.durationSeconds, 0.5)
    XCTAssertEqual(info.startDay, 20_784)
  }
}
