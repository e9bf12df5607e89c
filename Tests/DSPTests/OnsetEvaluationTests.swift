import DSP
import ListeningEval
import XCTest

/// The detector on a share of the synthesized evaluation set: one performance per category,
/// clean, in room noise and with the metronome bleeding in.
final class OnsetEvaluationTests: XCTestCase {
  private static let conditions: [OnsetCondition] = [
    .clean, .noise(snr: 20), .noise(snr: 10), .bleed(decibels: -12, soundKnown: true),
    .bleed(decibels: -12, soundKnown: false),
  ]
  private static let clips = OnsetEvaluationSet.synthesized(
    conditions: conditions, takes: 1, length: 5)
  private static let scores = clips.map { OnsetRun.score($0, detected: OnsetRun.woodshed($0)) }

  private func score(where filter: (EvaluationClip) -> Bool) -> OnsetScore {
    OnsetScore(merging: zip(Self.clips, Self.scores).filter { filter($0.0) }.map(\.1))
  }

  func testPercussiveAndPluckedSoundsAreFoundAlmostAlways() {
    for category in OnsetCategory.allCases where category.isPercussiveOrPlucked {
      XCTAssertGreaterThanOrEqual(score { $0.category == category }.fMeasure, 0.95, "\(category)")
    }
  }

  func testPianoAndSoftAttacksAreFoundMostly() {
    XCTAssertGreaterThanOrEqual(score { $0.category == .piano }.fMeasure, 0.85)
    XCTAssertGreaterThanOrEqual(score { $0.category == .softAttack }.fMeasure, 0.85)
  }

  func testCleanPlayingIsFoundAlmostPerfectly() {
    XCTAssertGreaterThanOrEqual(score { $0.condition == .clean }.fMeasure, 0.95)
  }

  func testTheWholeShareReachesTheTarget() {
    XCTAssertGreaterThanOrEqual(score { _ in true }.fMeasure, 0.90)
  }

  func testOnsetsAreTimedWithinThreeMilliseconds() {
    XCTAssertLessThanOrEqual(score { _ in true }.medianAbsoluteError, 0.003)
  }

  /// The onset is placed on the waveform, so no constant delay of the spectral frames remains:
  /// a struck or plucked sound's start is found to the sample, give or take a quarter
  /// millisecond.
  func testNoDelayIsLeftOnStruckSounds() {
    let errors = score { $0.condition == .clean && $0.category.isPercussiveOrPlucked }.timingErrors
      .sorted()
    XCTAssertEqual(errors[errors.count / 2], 0, accuracy: 0.00025)
  }
}
