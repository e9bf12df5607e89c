import DSP
import Foundation
import XCTest

/// Damaged and hostile files must give an error or some audio, never a crash, a hang or a
/// sample outside what the encoding can hold.
final class WAVFuzzTests: XCTestCase {
  private typealias W = WAVBytes
  private var generator = SplitMix64(seed: 2024)

  private let valid = W.file(
    W.chunk("LIST", Array("INFOabc".utf8)), W.fmt(tag: 1, channels: 2, bits: 16),
    W.data(W.int16s([100, -100, 200, -200, 300, -300, 400, -400])))

  private func check(_ file: Data) {
    do {
      let audio = try WAVCodec.decode(file)
      XCTAssertGreaterThan(audio.channels, 0)
      XCTAssertGreaterThan(audio.sampleRate, 0)
      XCTAssertEqual(audio.samples.count % audio.channels, 0)
      XCTAssertTrue(audio.samples.allSatisfy(\.isFinite))
    } catch {
      XCTAssertFalse(error.description.isEmpty)
    }
    do {
      let info = try WAVCodec.broadcastInfo(count: file.count) { range in
        Array(file[min(range.lowerBound, file.count)..<min(range.upperBound, file.count)])
      }
      if let info {
        XCTAssertTrue((0..<86_400).contains(info.startSecondsOfDay))
        XCTAssertGreaterThanOrEqual(info.durationSeconds, 0)
      }
    } catch {
      XCTAssertFalse(error.description.isEmpty)
    }
  }

  private func randomBytes(_ count: Int) -> [UInt8] {
    (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
  }

  func testRandomBytes() {
    for _ in 0..<3_000 {
      check(Data(randomBytes(Int.random(in: 0...200, using: &generator))))
    }
  }

  func testRandomChunksBehindAValidHeader() {
    let ids = ["fmt ", "data", "LIST", "fact", "junk", "bext"]
    let sizes: [UInt32] = [0, 1, 2, 15, 16, 18, 40, 0x7FFF_FFFF, 0xFFFF_FFFE, 0xFFFF_FFFF]
    for _ in 0..<3_000 {
      var body: [UInt8] = []
      for _ in 0..<Int.random(in: 0...4, using: &generator) {
        let content = randomBytes(Int.random(in: 0...48, using: &generator))
        let declared =
          Bool.random(using: &generator) ? sizes.randomElement(using: &generator)! : nil
        body += W.chunk(ids.randomElement(using: &generator)!, content, declaredSize: declared)
      }
      check(W.file(body, riffSize: Bool.random(using: &generator) ? 0 : nil))
    }
  }

  func testEveryTruncationGivesAPrefixOfTheAudioOrAnError() throws {
    let full = try WAVCodec.decode(valid)
    for length in 0...valid.count {
      let cut = valid.prefix(length)
      check(cut)
      if let audio = try? WAVCodec.decode(cut) {
        XCTAssertEqual(audio.samples, Array(full.samples.prefix(audio.samples.count)))
      }
    }
  }

  func testAbsurdChunkSizes() {
    let sizeOffsets = [4, 16, 32, 56]  // RIFF, LIST, fmt, data in `valid`
    XCTAssertEqual(Array(valid[52..<56]), Array("data".utf8))
    for offset in sizeOffsets {
      for size: UInt32 in [0, 1, 3, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFF0, 0xFFFF_FFFF] {
        var file = valid
        file.replaceSubrange(offset..<(offset + 4), with: W.le32(size))
        check(file)
      }
    }
  }

  func testRandomDamageToAValidFile() {
    for _ in 0..<5_000 {
      var file = valid
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        file[Int.random(in: 0..<file.count, using: &generator)] = UInt8.random(
          in: 0...255, using: &generator)
      }
      check(file)
    }
  }

  func testWideFormatsOnTinyData() {
    check(
      W.file(W.fmt(tag: 1, channels: 65_535, sampleRate: UInt32.max, bits: 32), W.data([1, 2, 3])))
    check(W.file(W.fmt(tag: 3, channels: 65_535, bits: 64), W.data(randomBytes(1_000))))
  }
}
