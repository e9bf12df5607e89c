import XCTest

@testable import DSP

/// A note found by its partials alone (no burst, under a louder note held on) is placed where
/// its new partials rose, however slowly they rose, not a fixed time before the window that
/// found it.
final class PartialPlacementTests: XCTestCase {
  private static let sampleRate = 48_000

  /// Where the partials place the one note they find: a 200 Hz note held at full level, and from
  /// `start` seconds a softer one a tritone above (none of its partials near the held note's),
  /// rising linearly over `attack` seconds.
  private func placedStart(start: Double, attack: Double) -> [Double] {
    let rate = Double(Self.sampleRate)
    var samples = [Float](repeating: 0, count: Self.sampleRate * 2)
    for index in samples.indices {
      let time = Double(index) / rate
      var value = 0.0
      for number in 1...6 {
        value += 0.3 * sin(2 * .pi * 200 * Double(number) * time) / Double(number)
      }
      if time >= start {
        let level = 0.15 * min(1, (time - start) / attack)
        for number in 1...4 {
          value += level * sin(2 * .pi * 283 * Double(number) * (time - start)) / Double(number)
        }
      }
      samples[index] = Float(value)
    }
    var history = SampleHistory(capacity: samples.count)
    samples.withUnsafeBufferPointer { history.append($0) }
    let partials = PartialNovelty(sampleRate: Self.sampleRate, bandCentres: [100, 1_000, 3_000])
    var picker = PartialOnsetPicker(hopSeconds: Double(partials.hop) / rate)
    var placed: [Double] = []
    var windowStart = 0
    while windowStart + partials.size <= samples.count {
      if let found = partials.add(windowStart: windowStart, of: history, clickedBands: nil),
        let peak = picker.push(frame: found.frame, value: found.value)
      {
        placed.append(Double(partials.soundStart(ofFrame: peak.frame)) / rate)
      }
      windowStart += partials.hop
    }
    return placed.filter { $0 > 0.5 }
  }

  func testANoteRisingUnderAHeldOneIsPlacedWhereItRose() {
    for attack in [0.03, 0.08, 0.15] {
      for offset in [0, 100, 200] {
        let start = 1 + Double(offset) / Double(Self.sampleRate)
        let placed = placedStart(start: start, attack: attack)
        // The note's first sample within 30 dB of its top.
        let truth = start + 0.0316 * attack
        XCTAssertEqual(placed.count, 1, "attack \(attack) s, +\(offset): \(placed)")
        XCTAssertEqual(placed.first ?? 0, truth, accuracy: 0.01, "attack \(attack) s, +\(offset)")
      }
    }
  }

  func testTheCoveredShareOfAHannWindow() {
    // The window's area from its end: a tenth of the window holds 0.6 % of it, half holds half.
    XCTAssertEqual(PartialNovelty.coveredShare(holding: 0.5), 0.5, accuracy: 1e-9)
    XCTAssertEqual(PartialNovelty.coveredShare(holding: 0.05), 0.2, accuracy: 0.02)
    let tenth = 0.1 - sin(2 * Double.pi * 0.1) / (2 * Double.pi)
    XCTAssertEqual(PartialNovelty.coveredShare(holding: tenth), 0.1, accuracy: 1e-9)
  }
}
