import DSP
import XCTest

final class SplitMix64Tests: XCTestCase {
  func testMatchesTheReferenceSequence() {
    var generator = SplitMix64(seed: 0)
    let expected: [UInt64] = [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F]
    XCTAssertEqual((0..<3).map { _ in generator.next() }, expected)
  }

  func testSameSeedRepeatsAndOtherSeedsDiffer() {
    var first = SplitMix64(seed: 42)
    var second = SplitMix64(seed: 42)
    var other = SplitMix64(seed: 43)
    let a = (0..<100).map { _ in first.next() }
    XCTAssertEqual(a, (0..<100).map { _ in second.next() })
    XCTAssertNotEqual(a, (0..<100).map { _ in other.next() })
  }

  func testDrivesStandardLibraryRandomness() {
    var generator = SplitMix64(seed: 7)
    let values = (0..<10_000).map { _ in Double.random(in: 0..<1, using: &generator) }
    let mean = values.reduce(0, +) / Double(values.count)
    XCTAssertEqual(mean, 0.5, accuracy: 0.02)
  }
}
