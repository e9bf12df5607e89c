import ListeningEval
import TestHelpers
import XCTest

@testable import MIDI

final class StandardMIDIFileTests: XCTestCase {
  private func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
    Array(type.utf8) + (0..<4).reversed().map { UInt8((body.count >> (8 * $0)) & 0xFF) } + body
  }

  private func header(format: UInt8, tracks: UInt8, division: (UInt8, UInt8)) -> [UInt8] {
    chunk("MThd", [0, format, 0, tracks, division.0, division.1])
  }

  func testNotesOfAFileWrittenByAnotherWriterKeepTheirMilliseconds() throws {
    let notes = [0, 250, 500, 1_234, 60_000].enumerated().map {
      MIDIFile.Note(millisecond: $1, length: 100, key: 36 + $0, velocity: 40 + $0)
    }
    let file = try StandardMIDIFile(
      bytes: MIDIFile(channel: 9, program: 0, notes: notes).bytes)
    XCTAssertEqual(file.noteOns.count, 5)
    for (event, note) in zip(file.noteOns, notes) {
      XCTAssertEqual(event.seconds, Double(note.millisecond) / 1000, accuracy: 1e-9)
      XCTAssertEqual(
        event.message, .noteOn(channel: 9, key: note.key, velocity: note.velocity))
    }
    XCTAssertEqual(file.events.count, 10)
  }

  func testATempoChangeMidwayIsFollowed() throws {
    // 96 ticks a quarter: a quarter at 120 bpm (0.5 s), then 60 bpm (1 s a quarter).
    let track: [UInt8] =
      [0x00, 0x90, 60, 100]
      + [0x60, 0xFF, 0x51, 0x03, 0x0F, 0x42, 0x40]  // at tick 96: 1 000 000 µs a quarter
      + [0x00, 60, 0]  // running status: note-off at tick 96
      + [0x60, 0x90, 62, 100]  // tick 192
      + [0x00, 0xFF, 0x2F, 0x00]
    let file = try StandardMIDIFile(
      bytes: header(format: 0, tracks: 1, division: (0, 96)) + chunk("MTrk", track))
    XCTAssertEqual(file.noteOns.map(\.seconds), [0, 1.5])
  }

  func testFormatOneTakesTheTempoFromTheFirstTrack() throws {
    let tempo: [UInt8] = [0x00, 0xFF, 0x51, 0x03, 0x07, 0xA1, 0x20, 0x00, 0xFF, 0x2F, 0x00]
    let notes: [UInt8] = [0x83, 0x60, 0x99, 38, 90, 0x00, 0xFF, 0x2F, 0x00]  // tick 480
    let file = try StandardMIDIFile(
      bytes: header(format: 1, tracks: 2, division: (0x01, 0xE0))
        + chunk("MTrk", tempo) + chunk("XFIH", [1, 2, 3]) + chunk("MTrk", notes))
    // 500 000 µs a quarter of 480 ticks: tick 480 is half a second in.
    XCTAssertEqual(file.noteOns.map(\.seconds), [0.5])
  }

  func testSMPTETimeCountsFramesNotQuarters() throws {
    // 25 frames a second, 40 ticks a frame: 1000 ticks a second; tick 1500 is 1.5 s.
    let track: [UInt8] = [0x8B, 0x5C, 0x90, 60, 100, 0x00, 0xFF, 0x2F, 0x00]
    let file = try StandardMIDIFile(
      bytes: header(format: 0, tracks: 1, division: (0xE7, 40)) + chunk("MTrk", track))
    XCTAssertEqual(file.noteOns.map(\.seconds), [1.5])
  }

  func testDamagedFilesAreRefusedWithTheirReason() {
    func error(_ bytes: [UInt8]) -> MIDIFileError? {
      do {
        _ = try StandardMIDIFile(bytes: bytes)
        return nil
      } catch { return error }
    }
    XCTAssertEqual(error(Array("RIFF....WAVEfmt ".utf8)), .notMIDI)
    XCTAssertEqual(error([]), .notMIDI)
    XCTAssertEqual(error(header(format: 2, tracks: 1, division: (0, 96))), .unsupportedFormat(2))
    XCTAssertEqual(error(header(format: 0, tracks: 1, division: (0, 0))), .badDivision)
    let start = header(format: 0, tracks: 1, division: (0, 96))
    XCTAssertEqual(error(start + chunk("MTrk", [0x00, 60, 100])), .dataWithoutStatus(offset: 23))
    XCTAssertEqual(error(start + chunk("MTrk", [0x00, 0x90, 60])), .truncated(offset: 25))
    XCTAssertEqual(
      error(start + chunk("MTrk", [0xFF, 0xFF, 0xFF, 0xFF, 0x00])), .overlongNumber(offset: 25))
    XCTAssertEqual(
      error(start + chunk("MTrk", [0x00, 0xFF, 0x01, 0x7F, 0x41])), .truncated(offset: 27))
    XCTAssertTrue("\(MIDIFileError.unsupportedFormat(2))".contains("format 0 or 1"))
  }

  func testFuzzedFilesAreRefusedOrReadNeverCrash() {
    let sample = MIDIFile(
      channel: 0, program: 0,
      notes: (0..<50).map {
        MIDIFile.Note(millisecond: $0 * 120, length: 80, key: 60, velocity: 90)
      }
    ).bytes
    var fuzzer = Fuzzer(tokens: ["MThd", "MTrk", "\u{FF}\u{51}\u{03}", "\u{FF}\u{FF}\u{FF}"])
    let report = fuzzer.run(seconds: 1, samples: [sample]) { bytes in
      guard let file = try? StandardMIDIFile(bytes: bytes) else { return }
      XCTAssertTrue(file.events.allSatisfy { $0.seconds.isFinite && $0.seconds >= 0 })
    }
    XCTAssertGreaterThan(report.runs, 100, "seed \(fuzzer.seed): \(report)")
    XCTAssertLessThan(report.slowest, .seconds(1), "seed \(fuzzer.seed): \(report)")
  }
}
