import MusicTheory
import Practice
import XCTest

final class PlayedNoteJudgementTests: XCTestCase {
  private let a4 = Pitch(midiNumber: 69)

  private func judge(_ frequency: Double, anyOctave: Bool = false, reference: Double = 440)
    -> PlayedNoteJudgement
  {
    PlayedNoteJudgement(
      heard: frequency, written: a4, reference: ConcertPitch(a4: reference)!, toleranceCents: 30,
      anyOctave: anyOctave)
  }

  private func cents(_ cents: Double, from frequency: Double = 440) -> Double {
    frequency * pow(2, cents / 1200)
  }

  func testWithinTheToleranceIsInTune() {
    XCTAssertEqual(judge(440), .inTune(a4))
    XCTAssertEqual(judge(cents(29)), .inTune(a4))
    XCTAssertEqual(judge(cents(-29)), .inTune(a4))
  }

  func testTheRightNoteOutOfTuneIsToldHowFar() throws {
    guard case .outOfTune(let sharp) = judge(cents(40)) else {
      return XCTFail("\(judge(cents(40)))")
    }
    XCTAssertEqual(sharp, 40, accuracy: 1e-9)
    guard case .outOfTune(let flat) = judge(cents(-45)) else {
      return XCTFail("\(judge(cents(-45)))")
    }
    XCTAssertEqual(flat, -45, accuracy: 1e-9)
  }

  func testAnotherNoteIsWrong() {
    XCTAssertEqual(judge(cents(100)), .wrong(a4 + 1))
    XCTAssertEqual(judge(cents(-200)), .wrong(a4 - 2))
  }

  func testTheOctaveCountsUnlessAnyOctaveWill() {
    XCTAssertEqual(judge(880), .wrong(a4 + 12))
    XCTAssertEqual(judge(220), .wrong(a4 - 12))
    XCTAssertEqual(judge(880, anyOctave: true), .inTune(a4 + 12))
    XCTAssertEqual(judge(110, anyOctave: true), .inTune(a4 - 24))
    guard case .outOfTune = judge(cents(40, from: 220), anyOctave: true) else {
      return XCTFail("an octave down and 40 cents sharp is out of tune")
    }
  }

  func testTheReferenceTunesTheWrittenNote() {
    XCTAssertEqual(judge(415, reference: 415), .inTune(a4))
    XCTAssertEqual(judge(415), .wrong(a4 - 1), "415 Hz is G#4 at A = 440 Hz")
  }
}
