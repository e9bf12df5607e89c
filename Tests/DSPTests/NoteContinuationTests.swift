import XCTest

@testable import DSP

/// The rule that keeps a swelling note from being found twice by its partials: the sound after
/// a candidate onset goes on from the note before only with the same pitch and no less energy.
final class NoteContinuationTests: XCTestCase {
  private static let sampleRate = 48_000

  /// Half a second of `before` (a frequency, or nil for silence), then half a second of `after`
  /// at `afterLevel`, in a history, with the candidate onset where they meet.
  private func goesOn(
    from before: Double?, to after: Double, afterLevel: Float = 0.5, beforeLevel: Float = 0.3
  ) -> Bool {
    let half = Self.sampleRate / 2
    var samples = [Float](repeating: 0, count: 2 * half)
    for index in 0..<(2 * half) {
      let frequency = index < half ? before : after
      let level = index < half ? beforeLevel : afterLevel
      guard let frequency else { continue }
      let phase = 2 * Double.pi * frequency * Double(index) / Double(Self.sampleRate)
      samples[index] = level * Float(sin(phase) + 0.5 * sin(2 * phase) + 0.3 * sin(3 * phase))
    }
    var history = SampleHistory(capacity: samples.count)
    samples.withUnsafeBufferPointer { history.append($0) }
    var continuation = NoteContinuation(sampleRate: Self.sampleRate)
    return continuation.goesOn(at: half, in: history, upTo: history.end)
  }

  func testTheSamePitchGrowingLouderGoesOn() {
    for frequency in [65.4, 196.0, 440.0, 1_046.5] {
      XCTAssertTrue(goesOn(from: frequency, to: frequency), "\(frequency) Hz")
    }
  }

  func testANewPitchANewStartOrAFadingNoteIsNoContinuation() {
    XCTAssertFalse(goesOn(from: 196, to: 207.7), "a semitone up")
    XCTAssertFalse(goesOn(from: 440, to: 392), "a whole tone down")
    XCTAssertFalse(goesOn(from: 220, to: 440), "an octave up")
    XCTAssertFalse(goesOn(from: nil, to: 330), "after silence")
    XCTAssertFalse(goesOn(from: 330, to: 330, afterLevel: 0.2), "growing quieter")
  }
}
