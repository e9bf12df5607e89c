import XCTest

@testable import Audio

final class MixerTests: XCTestCase {
  private func render(_ mixer: inout VoiceMixer, frames: Int, blockSize: Int) -> [Float] {
    var output: [Float] = []
    var block = [Float](repeating: .nan, count: blockSize)
    var frame = 0
    while frame < frames {
      let count = min(blockSize, frames - frame)
      block.withUnsafeMutableBufferPointer { block in
        mixer.render(into: .init(rebasing: block[..<count]), startFrame: Int64(frame))
      }
      output += block[..<count]
      frame += count
    }
    return output
  }

  func testASoundStartsOnItsFrameWhateverTheBlockSize() {
    let voice: [Float] = [0.5, 0.4, 0.3, 0.2, 0.1]
    var expected = [Float](repeating: 0, count: 40)
    expected.replaceSubrange(17..<22, with: voice)
    for blockSize in [1, 3, 7, 16, 17, 18, 64] {
      var mixer = VoiceMixer(capacity: 4)
      mixer.play(voice, atFrame: 17, gain: 1)
      XCTAssertEqual(render(&mixer, frames: 40, blockSize: blockSize), expected, "\(blockSize)")
      XCTAssertFalse(mixer.isSounding)
    }
  }

  func testOverlappingSoundsAddWithTheirGains() {
    var mixer = VoiceMixer(capacity: 4)
    mixer.play([0.5, 0.5, 0.5], atFrame: 0, gain: 1)
    mixer.play([0.2, 0.2], atFrame: 1, gain: 0.5)
    XCTAssertEqual(render(&mixer, frames: 4, blockSize: 2), [0.5, 0.6, 0.6, 0])
  }

  func testTheSumIsClampedToFullScale() {
    var mixer = VoiceMixer(capacity: 4)
    mixer.play([0.8, -0.8], atFrame: 0, gain: 1)
    mixer.play([0.8, -0.8], atFrame: 0, gain: 1)
    XCTAssertEqual(render(&mixer, frames: 3, blockSize: 3), [1, -1, 0])
  }

  func testASoundRingsOnUntilItsLastSample() {
    var mixer = VoiceMixer(capacity: 4)
    mixer.play([0.3, 0.2, 0.1], atFrame: 2, gain: 1)
    XCTAssertEqual(render(&mixer, frames: 4, blockSize: 4), [0, 0, 0.3, 0.2])
    XCTAssertTrue(mixer.isSounding)
    var tail = [Float](repeating: .nan, count: 2)
    tail.withUnsafeMutableBufferPointer { mixer.render(into: $0, startFrame: 4) }
    XCTAssertEqual(tail, [0.1, 0])
    XCTAssertFalse(mixer.isSounding)
  }

  func testSilentSoundsAreNotKept() {
    var mixer = VoiceMixer(capacity: 4)
    mixer.play([], atFrame: 0, gain: 1)
    mixer.play([0.5], atFrame: 0, gain: 0)
    XCTAssertFalse(mixer.isSounding)
  }
}
