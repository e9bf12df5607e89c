import MusicTheory
import Practice
import XCTest

final class HeldNoteDetectorTests: XCTestCase {
  private func hear(
    _ detector: inout HeldNoteDetector, _ frequencies: [Double], confidence: Double = 0.95
  ) -> [Double] {
    frequencies.compactMap { detector.hear(frequency: $0, confidence: confidence) }
  }

  func testANoteHeldForThreeEstimatesIsReportedOnceWithItsMeanFrequency() throws {
    var detector = HeldNoteDetector()
    let heard = hear(&detector, [440, 442, 444, 441, 440, 440])
    XCTAssertEqual(heard.count, 1, "one report per held note")
    XCTAssertEqual(try XCTUnwrap(heard.first), 442, accuracy: 1e-9)
  }

  func testAChangeOfSemitoneStartsTheCountAgain() {
    var detector = HeldNoteDetector()
    XCTAssertEqual(hear(&detector, [440, 440, 466.16]), [])
    XCTAssertEqual(hear(&detector, [466.16, 466.16]).count, 1)
  }

  func testUnclearEstimatesDoNotCount() {
    var detector = HeldNoteDetector()
    XCTAssertEqual(hear(&detector, [440, 440, 440], confidence: 0.5), [])
  }

  func testTheNextNoteNeedsAGapOrAnAttack() {
    var detector = HeldNoteDetector()
    XCTAssertEqual(hear(&detector, [440, 440, 440]).count, 1)
    XCTAssertEqual(hear(&detector, [440, 440, 440, 494, 494, 494]), [], "still ringing")
    XCTAssertEqual(hear(&detector, [0, 494, 494, 494]).count, 1, "after a gap")
    detector.arm()
    XCTAssertEqual(hear(&detector, [494, 494, 494]).count, 1, "after an attack")
  }

  func testAnAttackReportedLateCountsTheEstimatesHeardSinceItSounded() {
    // A, held and reported; then B starts at 1.0 s with no gap, its onset reported at 1.22 s,
    // after four of its estimates.
    var detector = HeldNoteDetector()
    let a = [440.0, 440, 440].enumerated().compactMap {
      detector.hear(frequency: $1, confidence: 0.95, at: 0.8 + 0.05 * Double($0))
    }
    XCTAssertEqual(a.count, 1)
    let early = [494.0, 494, 494, 494].enumerated().compactMap {
      detector.hear(frequency: $1, confidence: 0.95, at: 1.0 + 0.05 * Double($0))
    }
    XCTAssertEqual(early, [], "still ringing for all the detector knows")
    XCTAssertEqual(try XCTUnwrap(detector.arm(at: 1.0)), 494, accuracy: 1e-9)
    XCTAssertNil(
      detector.hear(frequency: 494, confidence: 0.95, at: 1.25), "reported once, not again")
    XCTAssertNil(detector.arm(at: 1.3), "an attack with no estimates since is only armed")
    XCTAssertTrue(detector.isArmed)
  }

  func testALateAttackOfANoteAlreadyTakenArmsNothing() {
    // A is taken from its estimates before its onset is reported; A rings on.
    var detector = HeldNoteDetector()
    let taken = [440.0, 440, 440].enumerated().compactMap {
      detector.hear(frequency: $1, confidence: 0.95, at: 1.05 + 0.05 * Double($0))
    }
    XCTAssertEqual(taken.count, 1)
    XCTAssertNil(detector.arm(at: 1.0))
    XCTAssertFalse(detector.isArmed)
    let ringing = [440.0, 440, 440, 440].enumerated().compactMap {
      detector.hear(frequency: $1, confidence: 0.95, at: 1.25 + 0.05 * Double($0))
    }
    XCTAssertEqual(ringing, [], "the ringing note is not taken twice")
    // The same after the detector was told to wait, such as for a new card.
    var waiting = HeldNoteDetector()
    _ = waiting.hear(frequency: 440, confidence: 0.95, at: 2.0)
    waiting.disarm()
    XCTAssertNil(waiting.arm(at: 1.95))
    XCTAssertFalse(waiting.isArmed)
    XCTAssertNil(waiting.arm(at: 2.1))
    XCTAssertTrue(waiting.isArmed, "an attack after the wait began arms it")
  }

  func testADisarmedDetectorWaitsForANewNote() {
    var detector = HeldNoteDetector(armed: false)
    XCTAssertEqual(hear(&detector, [440, 440, 440, 440]), [])
    XCTAssertFalse(detector.isArmed)
    XCTAssertEqual(hear(&detector, [0, 440, 440, 440]).count, 1)
  }

  func testTheReferenceDecidesTheSemitone() {
    // At A = 430 Hz the three are all A4; at 440 Hz, 420 Hz is a G#4 and breaks the run.
    var modern = HeldNoteDetector()
    var low = HeldNoteDetector(reference: ConcertPitch(a4: 430)!)
    XCTAssertEqual(hear(&modern, [420, 430, 440]), [])
    XCTAssertEqual(hear(&low, [420, 430, 440]).count, 1)
  }
}
