import DSP
import Foundation
import XCTest

final class WAVEncodingTests: XCTestCase {
  private func randomSamples(_ count: Int, seed: UInt64) -> [Float] {
    var generator = SplitMix64(seed: seed)
    return (0..<count).map { _ in Float.random(in: -1...1, using: &generator) }
  }

  func testFloatRoundTripIsExact() throws {
    let samples = randomSamples(997, seed: 1) + [1.5, -2, 0, -0, .leastNonzeroMagnitude]
    let audio = WAVAudio(sampleRate: 48_000, channels: 3, samples: samples)
    XCTAssertEqual(try WAVCodec.decode(WAVCodec.encode(audio, as: .float32)), audio)
  }

  func testInt16RoundTripIsWithinOneStep() throws {
    let audio = WAVAudio(
      sampleRate: 44_100, channels: 2, samples: randomSamples(2_000, seed: 2) + [1, -1])
    let decoded = try WAVCodec.decode(WAVCodec.encode(audio, as: .int16))
    XCTAssertEqual(decoded.sampleRate, 44_100)
    XCTAssertEqual(decoded.channels, 2)
    XCTAssertEqual(decoded.samples.count, audio.samples.count)
    for (original, copy) in zip(audio.samples, decoded.samples) {
      XCTAssertEqual(copy, original, accuracy: 1 / 32_768)
    }
  }

  func testInt16AudioSurvivesReencodingUnchanged() throws {
    let audio = WAVAudio(sampleRate: 8_000, channels: 1, samples: randomSamples(500, seed: 3))
    let once = try WAVCodec.decode(WAVCodec.encode(audio, as: .int16))
    XCTAssertEqual(try WAVCodec.decode(WAVCodec.encode(once, as: .int16)), once)
  }

  func testInt16ClipsAndRoundsToNearest() {
    let step: Float = 1 / 32_768
    let cases: [(sample: Float, stored: Int16)] = [
      (1.5, 32_767), (1, 32_767), (-1, -32_768), (-1.5, -32_768), (.infinity, 32_767),
      (-.infinity, -32_768), (.nan, 0), (1.4 * step, 1), (1.6 * step, 2), (-1.6 * step, -2),
      (0.5, 16_384),
    ]
    for (sample, stored) in cases {
      XCTAssertEqual(
        WAVCodec.encodeSamples([sample], as: .int16), Data(WAVBytes.int16s([stored])),
        "\(sample)")
    }
  }

  func testHeaderLayout() {
    let header = WAVCodec.header(sampleRate: 48_000, channels: 2, format: .int16, frameCount: 10)
    let expected =
      Array("RIFF".utf8) + WAVBytes.le32(36 + 40) + Array("WAVEfmt ".utf8) + WAVBytes.le32(16)
      + WAVBytes.le16(1) + WAVBytes.le16(2) + WAVBytes.le32(48_000) + WAVBytes.le32(192_000)
      + WAVBytes.le16(4) + WAVBytes.le16(16) + Array("data".utf8) + WAVBytes.le32(40)
    XCTAssertEqual(header, Data(expected))
    XCTAssertEqual(header.count, WAVCodec.headerSize)
    XCTAssertEqual(
      Array(header[WAVCodec.riffSizeOffset..<(WAVCodec.riffSizeOffset + 4)]), WAVBytes.le32(76))
    XCTAssertEqual(
      Array(header[WAVCodec.dataSizeOffset..<(WAVCodec.dataSizeOffset + 4)]), WAVBytes.le32(40))

    let float = WAVCodec.header(sampleRate: 44_100, channels: 1, format: .float32, frameCount: 3)
    XCTAssertEqual(Array(float[20..<22]), WAVBytes.le16(3))
    XCTAssertEqual(Array(float[32..<36]), WAVBytes.le16(4) + WAVBytes.le16(32))
    XCTAssertEqual(Array(float[40..<44]), WAVBytes.le32(12))
  }

  func testHugeFrameCountsAreCappedToWholeFramesThatFit() {
    let header = WAVCodec.header(
      sampleRate: 48_000, channels: 3, format: .float32, frameCount: Int.max / 64)
    let dataSize = header[40..<44].reversed().reduce(0) { $0 << 8 | UInt64($1) }
    let riffSize = header[4..<8].reversed().reduce(0) { $0 << 8 | UInt64($1) }
    XCTAssertEqual(dataSize % 12, 0)
    XCTAssertGreaterThan(dataSize, UInt64(UInt32.max) - 48)
    XCTAssertEqual(riffSize, dataSize + 36)
  }

  func testStreamingWriteThenPatchMatchesAOneShotEncode() throws {
    let audio = WAVAudio(sampleRate: 48_000, channels: 2, samples: randomSamples(300, seed: 4))
    for format in WAVSampleFormat.allCases {
      var file = WAVCodec.header(
        sampleRate: 48_000, channels: 2, format: format, frameCount: 0)
      for block in stride(from: 0, to: 300, by: 64) {
        file.append(WAVCodec.encodeSamples(audio.samples[block..<min(block + 64, 300)], as: format))
      }
      let sampleBytes = UInt32(file.count - WAVCodec.headerSize)
      file.replaceSubrange(
        WAVCodec.riffSizeOffset..<(WAVCodec.riffSizeOffset + 4),
        with: WAVBytes.le32(UInt32(file.count - 8)))
      file.replaceSubrange(
        WAVCodec.dataSizeOffset..<(WAVCodec.dataSizeOffset + 4), with: WAVBytes.le32(sampleBytes))
      XCTAssertEqual(file, WAVCodec.encode(audio, as: format), "\(format)")
    }
  }

  func testEncodeDropsATrailingPartialFrame() throws {
    let audio = WAVAudio(sampleRate: 8_000, channels: 2, samples: [0.5, -0.5, 0.25])
    let file = WAVCodec.encode(audio, as: .float32)
    XCTAssertEqual(file.count, WAVCodec.headerSize + 8)
    XCTAssertEqual(try WAVCodec.decode(file).samples, [0.5, -0.5])
  }

  func testEmptyAudioEncodesToAHeaderThatDecodes() throws {
    let empty = WAVAudio(sampleRate: 8_000, channels: 1, samples: [])
    XCTAssertEqual(try WAVCodec.decode(WAVCodec.encode(empty, as: .int16)), empty)
  }
}
