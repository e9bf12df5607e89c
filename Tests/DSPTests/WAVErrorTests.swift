import DSP
import Foundation
import XCTest

final class WAVErrorTests: XCTestCase {
  private typealias W = WAVBytes
  private let someData = W.data(W.int16s([1, 2]))

  private func assertThrows(
    _ file: Data, _ expected: WAVError, file path: StaticString = #filePath, line: UInt = #line
  ) {
    do {
      let audio = try WAVCodec.decode(file)
      XCTFail("decoded \(audio.samples.count) samples", file: path, line: line)
    } catch {
      XCTAssertEqual(error, expected, file: path, line: line)
    }
  }

  func testContainerProblems() {
    assertThrows(Data(), .notRIFF)
    assertThrows(Data("RIF".utf8), .notRIFF)
    assertThrows(Data("ID3\u{3}some mp3".utf8), .notRIFF)
    assertThrows(Data("RIFX\0\0\0\0WAVE".utf8), .unsupportedVariant("big-endian RIFX"))
    assertThrows(Data("RF64\0\0\0\0WAVE".utf8), .unsupportedVariant("RF64 (64-bit sizes)"))
    assertThrows(W.file(W.chunk("avih", [0, 0]), form: "AVI "), .notWAVE)
    assertThrows(Data("RIFF\u{4}\0\0\0WA".utf8), .notWAVE)
    assertThrows(W.file(someData), .missingFormat)
    assertThrows(W.file(W.fmt(tag: 1, bits: 16)), .noAudioData)
    assertThrows(W.file(W.chunk("fmt ", W.le16(1) + W.le16(1)), someData), .malformedFormat)
    assertThrows(
      W.file(W.chunk("fmt ", Array(W.extensibleFmt(subformat: 1, bits: 16)[8..<36])), someData),
      .malformedFormat)
  }

  func testEncodingProblems() {
    let cases: [(tag: UInt16, bits: UInt16, error: WAVError)] = [
      (7, 8, .unsupportedEncoding("μ-law")),
      (6, 8, .unsupportedEncoding("A-law")),
      (2, 4, .unsupportedEncoding("Microsoft ADPCM")),
      (0x11, 4, .unsupportedEncoding("IMA ADPCM")),
      (0x55, 0, .unsupportedEncoding("MP3")),
      (0x1234, 16, .unsupportedEncoding("format tag 0x1234")),
      (0x00A0, 16, .unsupportedEncoding("format tag 0x00A0")),
      (3, 16, .unsupportedSampleSize(bits: 16, floatingPoint: true)),
      (1, 40, .unsupportedSampleSize(bits: 40, floatingPoint: false)),
      (1, 0, .unsupportedSampleSize(bits: 0, floatingPoint: false)),
    ]
    for (tag, bits, error) in cases {
      assertThrows(W.file(W.fmt(tag: tag, bits: bits), someData), error)
    }
    assertThrows(
      W.file(W.extensibleFmt(subformat: 7, bits: 8), someData), .unsupportedEncoding("μ-law"))
    assertThrows(
      W.file(
        W.extensibleFmt(subformat: 1, bits: 16, guidTail: Array(repeating: 7, count: 14)), someData),
      .unsupportedEncoding("an unrecognised WAVE_FORMAT_EXTENSIBLE subformat"))
  }

  func testDeclaredNonsense() {
    assertThrows(W.file(W.fmt(tag: 1, channels: 0, bits: 16), someData), .noChannels)
    assertThrows(
      W.file(W.fmt(tag: 1, sampleRate: 0, bits: 16), someData), .unsupportedSampleRate(0))
  }

  /// A rate of a few hertz would make an analysis window of a few samples, and one of 4 GHz a
  /// resampling to nothing that runs for minutes: both are refused from the header.
  func testSampleRatesOutsideEightToThreeHundredEightyFourKilohertzAreRefused() {
    for rate: UInt32 in [1, 100, 7_999, 384_001, 1_000_000_000, .max] {
      assertThrows(
        W.file(W.fmt(tag: 1, sampleRate: rate, bits: 16), someData),
        .unsupportedSampleRate(Int(rate)))
    }
    for rate: UInt32 in [8_000, 44_100, 384_000] {
      XCTAssertEqual(
        try WAVCodec.decode(Data(W.file(W.fmt(tag: 1, sampleRate: rate, bits: 16), someData)))
          .sampleRate, Int(rate))
    }
  }

  func testChannelCountsAndBlockAlignmentAreChecked() {
    assertThrows(
      W.file(W.fmt(tag: 1, channels: 65, bits: 16), someData), .tooManyChannels(65))
    var misaligned = W.fmt(tag: 1, channels: 2, bits: 16)
    misaligned[8 + 12] = 3
    assertThrows(
      W.file(misaligned, someData), .wrongBlockAlignment(3, channels: 2, bytesPerSample: 2))
    XCTAssertEqual(
      WAVError.wrongBlockAlignment(3, channels: 2, bytesPerSample: 2).description,
      "WAV file's frames of 3 bytes do not fit 2 channels of 2-byte samples")
    XCTAssertEqual(
      WAVError.unsupportedSampleRate(100).description,
      "WAV file declares a sample rate of 100 Hz; Woodshed reads 8 kHz to 384 kHz")
  }

  func testDescriptionsAreSingleUserFacingLines() {
    let errors: [WAVError] = [
      .notRIFF, .notWAVE, .unsupportedVariant("RF64 (64-bit sizes)"), .missingFormat,
      .malformedFormat, .unsupportedEncoding("μ-law"),
      .unsupportedSampleSize(bits: 16, floatingPoint: true), .noChannels, .unsupportedSampleRate(1),
      .tooManyChannels(99), .wrongBlockAlignment(3, channels: 2, bytesPerSample: 2),
      .noAudioData,
    ]
    XCTAssertEqual(WAVError.notRIFF.description, "not a WAV file (no RIFF header)")
    XCTAssertEqual(
      WAVError.unsupportedEncoding("μ-law").description, "unsupported WAV encoding: μ-law")
    XCTAssertEqual(WAVError.noAudioData.description, "WAV file has no audio data")
    XCTAssertEqual(WAVError.noChannels.description, "WAV file declares 0 channels")
    XCTAssertEqual(
      WAVError.unsupportedSampleSize(bits: 16, floatingPoint: true).description,
      "unsupported WAV sample size: 16-bit float")
    for error in errors {
      XCTAssertFalse(error.description.contains("\n"))
      XCTAssertTrue(error.description.hasPrefix("WAV") || error.description.contains(" WAV"))
      XCTAssertEqual(error.localizedDescription, error.description)
    }
  }
}
