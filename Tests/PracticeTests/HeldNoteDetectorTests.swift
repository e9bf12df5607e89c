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
