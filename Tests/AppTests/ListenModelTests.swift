import App
import Audio
import XCTest

final class ListenModelTests: XCTestCase {
  private func listening() -> AppModel {
    var model = AppFixtures.model()
    XCTAssertEqual(model.press(.down, .enter), [.listen(.start)])
    _ = model.handle(.listening(failure: nil))
    return model
  }

  private func screen(_ model: AppModel) -> ListenModel? {
    if case .listen(let screen) = model.screen { return screen }
    XCTFail("the listening screen is not on top")
    return nil
  }

  func testLeavingStopsTheMicrophone() {
    var model = listening()
    XCTAssertEqual(model.press(.escape), [.listen(.stop)])
    guard case .home = model.screen else { return XCTFail("escape did not go back") }
  }

  func testOnsetsAreCountedAndLightTheMarkerBriefly() {
    var model = listening()
    _ = model.handle(.heard([.onset(frame: 10_000, strength: 1), .onset(frame: 20_000, strength: 1)]))
    XCTAssertEqual(screen(model)?.onsetCount, 2)
    XCTAssertEqual(screen(model)?.isFlashing, true)
    _ = model.handle(.heard([.level(frame: 20_000 + ListenModel.flashFrames, decibels: -40)]))
    XCTAssertEqual(screen(model)?.isFlashing, false)
    model.press(.character("r"))
    XCTAssertEqual(screen(model)?.onsetCount, 0)
  }

  func testOnlyConfidentPitchesShowAndTheyFadeAfterHalfASecond() {
    var model = listening()
    _ = model.handle(.heard([.pitch(frame: 1_000, frequency: 220, confidence: 0.3)]))
    XCTAssertNil(screen(model)?.shownFrequency)
    _ = model.handle(.heard([.pitch(frame: 2_000, frequency: 220, confidence: 0.95)]))
    XCTAssertEqual(screen(model)?.shownFrequency, 220)
    _ = model.handle(.heard([.pitch(frame: 3_000, frequency: 0, confidence: 0)]))
    XCTAssertEqual(screen(model)?.shownFrequency, 220, "held while the note fades")
    _ = model.handle(.heard([.level(frame: 2_001 + ListenModel.pitchHoldFrames, decibels: -60)]))
    XCTAssertNil(screen(model)?.shownFrequency)
  }

  func testAMicrophoneThatCannotStartSaysWhy() {
    var model = AppFixtures.model()
    model.press(.down, .enter)
    _ = model.handle(.listening(failure: "PulseAudio: Connection refused"))
    XCTAssertEqual(screen(model)?.problem, "PulseAudio: Connection refused")
    XCTAssertEqual(screen(model)?.isListening, false)
  }
}
