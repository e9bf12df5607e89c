import ListeningEval
import XCTest

/// The pitch evaluation's parts stay apart: nothing tuned on is a recording the held-out part
/// plays.
final class PitchEvaluationSetTests: XCTestCase {
  func testFluidR3GivesOnlyThePianoMuseScoreDoesNotShare() {
    let fluidR3 = SoundFont.tuning.first { $0.name == "FluidR3 GM" }
    XCTAssertEqual(fluidR3.map { PitchEvaluationSet.played(from: $0).map(\.name) }, ["piano"])
  }

  func testTimGM6mbAndTheHeldOutPartPlayEveryInstrument() {
    let all = PitchEvaluationSet.instruments.map(\.name)
    let timGM = SoundFont.tuning.first { $0.name == "TimGM6mb" }
    XCTAssertEqual(timGM.map { PitchEvaluationSet.played(from: $0).map(\.name) }, all)
    XCTAssertEqual(PitchEvaluationSet.played(from: SoundFont.heldOut).map(\.name), all)
  }
}
