import DSP
import Foundation
import XCTest

final class WAVDecodingTests: XCTestCase {
  private typealias W = WAVBytes

  func testEightBitIsUnsignedAroundTheMiddle() throws {
    let file = W.file(W.fmt(tag: 1, bits: 8), W.data([0, 128, 255, 64]))
    XCTAssertEqual(
      try WAVCodec.decode(file),
      WAVAudio(sampleRate: 8_000, channels: 1, samples: [-1, 0, 127 / 128, -0.5]))
  }

  func testSixteenBit() throws {
    let file = W.file(
      W.fmt(tag: 1, channels: 2, sampleRate: 48_000, bits: 16),
      W.data(W.int16s([-32_768, 0, 16_384, 32_767])))
    let audio = try WAVCodec.decode(file)
    XCTAssertEqual(audio.sampleRate, 48_000)
    XCTAssertEqual(audio.channels, 2)
    XCTAssertEqual(audio.frameCount, 2)
    XCTAssertEqual(audio.samples, [-1, 0, 0.5, 32_767 / 32_768])
  }

  func testTwentyFourBitSignExtends() throws {
    let file = W.file(
      W.fmt(tag: 1, bits: 24), W.data(W.int24s([-8_388_608, -1, 4_194_304, 8_388_607])))
    XCTAssertEqual(
      try WAVCodec.decode(file).samples, [-1, -1 / 8_388_608, 0.5, 8_388_607 / 8_388_608])
  }

  func testThirtyTwoBitInteger() throws {
    let file = W.file(
      W.fmt(tag: 1, bits: 32), W.data(W.int32s([Int32.min, 1 << 30, -(1 << 29), 0])))
    XCTAssertEqual(try WAVCodec.decode(file).samples, [-1, 0.5, -0.25, 0])
  }

  func testTwelveBitSitsLeftAlignedInSixteen() throws {
    let file = W.file(W.fmt(tag: 1, bits: 12), W.data(W.int16s([0x4000, -0x8000])))
    XCTAssertEqual(try WAVCodec.decode(file).samples, [0.5, -1])
  }

  func testFloatsAreTakenAsTheyAre() throws {
    let single = W.file(W.fmt(tag: 3, bits: 32), W.data(W.float32s([0.25, -0.75, 1.5])))
    XCTAssertEqual(try WAVCodec.decode(single).samples, [0.25, -0.75, 1.5])
    let double = W.file(W.fmt(tag: 3, bits: 64), W.data(W.float64s([0.125, -0.5])))
    XCTAssertEqual(try WAVCodec.decode(double).samples, [0.125, -0.5])
  }

  func testNonFiniteFloatsBecomeSilence() throws {
    let file = W.file(
      W.fmt(tag: 3, bits: 32), W.data(W.float32s([.nan, .infinity, -.infinity, 0.5])))
    XCTAssertEqual(try WAVCodec.decode(file).samples, [0, 0, 0, 0.5])
  }

  func testExtensibleCarriesTheRealEncoding() throws {
    let pcm = W.file(
      W.extensibleFmt(subformat: 1, bits: 24, validBits: 20),
      W.data(W.int24s([4_194_304, -4_194_304])))
    XCTAssertEqual(
      try WAVCodec.decode(pcm), WAVAudio(sampleRate: 44_100, channels: 2, samples: [0.5, -0.5]))
    let float = W.file(
      W.extensibleFmt(subformat: 3, channels: 1, bits: 32), W.data(W.float32s([0.75])))
    XCTAssertEqual(try WAVCodec.decode(float).samples, [0.75])
    let sixteen = W.file(
      W.extensibleFmt(subformat: 1, bits: 16), W.data(W.int16s([16_384, -16_384])))
    XCTAssertEqual(try WAVCodec.decode(sixteen).samples, [0.5, -0.5])
  }

  func testChunksMayComeInAnyOrderAndUnknownOnesAreSkipped() throws {
    let expected = WAVAudio(sampleRate: 8_000, channels: 1, samples: [0.5, -0.5])
    let samples = W.data(W.int16s([16_384, -16_384]))
    let format = W.fmt(tag: 1, bits: 16)
    let list = W.chunk("LIST", Array("INFOISFT".utf8) + W.le32(3) + [0x41, 0x42, 0])
    let fact = W.chunk("fact", W.le32(2))
    for chunks in [
      [format, samples], [samples, format], [list, format, fact, samples],
      [format, samples, list], [W.chunk("junk", [1, 2, 3]), samples, list, format],
    ] {
      let file = W.file(chunks.flatMap { $0 })
      XCTAssertEqual(try WAVCodec.decode(file), expected)
    }
  }

  func testOddSizedChunksArePadded() throws {
    let file = W.file(
      W.chunk("odd ", [9, 9, 9]), W.fmt(tag: 1, bits: 8), W.data([0, 128, 255]),
      W.chunk("LIST", Array("INFO".utf8)))
    XCTAssertEqual(try WAVCodec.decode(file).samples, [-1, 0, 127 / 128])
  }

  func testTruncatedDataGivesTheWholeFramesThatArePresent() throws {
    let mono = W.file(
      W.fmt(tag: 1, bits: 16), W.data(W.int16s([16_384, -16_384, 8_192]), declaredSize: 10_000))
    XCTAssertEqual(try WAVCodec.decode(mono).samples, [0.5, -0.5, 0.25])
    XCTAssertTrue(try WAVCodec.decode(mono).isTruncated)
    let stereoCutMidFrame = W.file(
      W.fmt(tag: 1, channels: 2, bits: 16),
      W.data(W.int16s([16_384, -16_384, 8_192]), declaredSize: 0xFFFF_FFFF))
    XCTAssertEqual(try WAVCodec.decode(stereoCutMidFrame).samples, [0.5, -0.5])
    XCTAssertTrue(try WAVCodec.decode(stereoCutMidFrame).isTruncated)
    let complete = W.file(W.fmt(tag: 1, bits: 16), W.data(W.int16s([16_384])))
    XCTAssertFalse(try WAVCodec.decode(complete).isTruncated)
  }

  func testAnUnpatchedStreamingHeaderStillGivesAllTheAudio() throws {
    let header = WAVCodec.header(sampleRate: 8_000, channels: 1, format: .int16, frameCount: 0)
    let file = header + Data(W.int16s([16_384, -16_384, 8_192]))
    XCTAssertEqual(try WAVCodec.decode(file).samples, [0.5, -0.5, 0.25])
    XCTAssertFalse(try WAVCodec.decode(file).isTruncated)
  }

  func testAnEmptyDataChunkIsEmptyAudioNotTheChunksAfterIt() throws {
    XCTAssertEqual(
      try WAVCodec.decode(W.file(W.fmt(tag: 1, bits: 16), W.data([]))).samples, [])
    let followed = W.file(
      W.fmt(tag: 1, bits: 16), W.data([]), W.chunk("LIST", Array("INFOabcd".utf8)))
    XCTAssertEqual(try WAVCodec.decode(followed).samples, [])
  }

  func testTheFirstFormatAndDataChunksWin() throws {
    let file = W.file(
      W.fmt(tag: 1, bits: 16), W.data(W.int16s([16_384])), W.fmt(tag: 1, bits: 8),
      W.data([0, 0]))
    XCTAssertEqual(try WAVCodec.decode(file).samples, [0.5])
  }

  func testTrailingBytesAfterTheRIFFChunkAreIgnored() throws {
    let file = W.file(W.fmt(tag: 1, bits: 16), W.data(W.int16s([16_384]))) + Data("ID3junk".utf8)
    XCTAssertEqual(try WAVCodec.decode(file).samples, [0.5])
  }

  func testDataSlicesThatDoNotStartAtZero() throws {
    let file = Data([0xAA, 0xBB]) + W.file(W.fmt(tag: 1, bits: 8), W.data([0, 255]))
    XCTAssertEqual(try WAVCodec.decode(file.dropFirst(2)).samples, [-1, 127 / 128])
  }

  func testMonoAveragesEachFrame() {
    let stereo = WAVAudio(sampleRate: 8_000, channels: 2, samples: [1, 0, 0.5, -0.5, 0.25])
    XCTAssertEqual(WAVCodec.mono(stereo), [0.5, 0])
    let three = WAVAudio(sampleRate: 8_000, channels: 3, samples: [0.3, 0.6, 0.9])
    XCTAssertEqual(WAVCodec.mono(three)[0], 0.6, accuracy: 1e-6)
    let mono = WAVAudio(sampleRate: 8_000, channels: 1, samples: [0.1, 0.2])
    XCTAssertEqual(WAVCodec.mono(mono), [0.1, 0.2])
    XCTAssertEqual(WAVCodec.mono(WAVAudio(sampleRate: 8_000, channels: 0, samples: [1])), [])
  }
}
