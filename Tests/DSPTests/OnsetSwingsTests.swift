import XCTest

@testable import DSP

/// The share of a held note's recent swings an onset must rise above, and the dip before a note
/// played again that waives it.
final class OnsetSwingsTests: XCTestCase {
  private let hop = 0.005

  /// Swings made of `values` from frame 0, at an even level.
  private func swings(_ values: [Float], isSwing: Bool = true) -> OnsetSwings {
    var swings = OnsetSwings(hopSeconds: hop)
    for (frame, value) in values.enumerated() {
      swings.addLevel(1)
      swings.settle(frame: frame, value: value, isSwing: isSwing)
    }
    return swings
  }

  func testAnOnsetMustRiseAboveAShareOfTheLargestRecentSwing() {
    var values = [Float](repeating: 0.001, count: 80)
    values[60] = 0.01
    let swings = swings(values)
    XCTAssertEqual(swings.allowance(at: 77), OnsetSwings.share * 0.01, accuracy: 1e-7)
  }

  func testTheAttackOfAnOnsetOrAClickIsNoSwing() {
    let swings = swings([Float](repeating: 0.01, count: 80), isSwing: false)
    XCTAssertEqual(swings.allowance(at: 77), 0)
  }

  func testSwingsOlderThanTheirMemoryAreForgotten() {
    var values = [Float](repeating: 0, count: 200)
    values[10] = 0.01
    values[150] = 0.002
    let swings = swings(values)
    XCTAssertEqual(swings.allowance(at: 197), OnsetSwings.share * 0.002, accuracy: 1e-7)
  }

  func testADipJustBeforeWaivesTheSwings() {
    var swings = OnsetSwings(hopSeconds: hop)
    // A held note swinging, let go 40 ms before frame 100 to a third of its level.
    for frame in 0..<103 {
      swings.addLevel(frame < 92 ? 1 : 0.3)
      swings.settle(frame: frame, value: frame % 30 == 0 ? 0.01 : 0.001, isSwing: true)
    }
    XCTAssertEqual(swings.allowance(at: 100), 0)
    // The same swings with no dip: they hold.
    var held = OnsetSwings(hopSeconds: hop)
    for frame in 0..<103 {
      held.addLevel(frame < 92 ? 1 : 0.7)
      held.settle(frame: frame, value: frame % 30 == 0 ? 0.01 : 0.001, isSwing: true)
    }
    XCTAssertEqual(held.allowance(at: 100), OnsetSwings.share * 0.01, accuracy: 1e-7)
  }
}
