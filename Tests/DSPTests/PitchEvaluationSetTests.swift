import ListeningEval
import XCTest

/// The pitch evaluation's parts stay apart: nothing tuned on is a recording a held-out
/// soundfont plays.
final class PitchEvaluationSetTests: XCTestCase {
  func testNoTuningSoundFontPlaysAnInstrumentWhoseRecordingsAHeldOutOnePlays() {
    for tuning in SoundFont.tuning {
      for heldOut in SoundFont.heldOut {
        let both = Set(PitchEvaluationSet.played(from: tuning).map(\.program))
          .intersection(PitchEvaluationSet.played(from: heldOut).map(\.program))
        XCTAssertEqual(
          both.filter { tuning.sharesRecordings(of: $0, with: heldOut) }, [],
          "\(tuning.name) and \(heldOut.name)")
      }
    }
  }

  func testFluidR3GivesOnlyThePianoMuseScoreDoesNotShare() {
    let fluidR3 = SoundFont.tuning.first { $0.name == "FluidR3 GM" }
    XCTAssertEqual(fluidR3.map { PitchEvaluationSet.played(from: $0).map(\.name) }, ["piano"])
  }

  func testTimGM6mbAndMuseScorePlayEveryInstrumentAndFreepatsAllButTheChoir() {
    let all = PitchEvaluationSet.instruments.map(\.name)
    let timGM = SoundFont.tuning.first { $0.name == "TimGM6mb" }
    XCTAssertEqual(timGM.map { PitchEvaluationSet.played(from: $0).map(\.name) }, all)
    let played = Dictionary(
      uniqueKeysWithValues: SoundFont.heldOut.map {
        ($0.name, PitchEvaluationSet.played(from: $0).map(\.name))
      })
    XCTAssertEqual(played["MuseScore General"], all)
    XCTAssertEqual(played["freepats"], all.filter { $0 != "voice aahs" })
  }

  /// The tie between the recordings and the lists above: MuseScore General plays FluidR3's
  /// recordings for every instrument but the piano.
  func testMuseScoreSharesFluidR3sRecordingsForAllButThePiano() {
    let fluidR3 = SoundFont.tuning.first { $0.name == "FluidR3 GM" }!
    let museScore = SoundFont.heldOut.first { $0.name == "MuseScore General" }!
    XCTAssertEqual(
      PitchEvaluationSet.instruments.filter {
        fluidR3.sharesRecordings(of: $0.program, with: museScore)
      }
      .map(\.name),
      PitchEvaluationSet.instruments.map(\.name).filter { $0 != "piano" })
  }
}
