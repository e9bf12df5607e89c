import Audio
import AudioModel
import DSP
import Storage
import XCTest

@testable import App

final class ClickSoundTests: XCTestCase {
  private let voices = MetronomeVoices(sampleRate: 48_000)

  func testTheMetronomesOwnClickKeepsEveryVoice() {
    XCTAssertEqual(ClickSound.metronome.applied(to: voices, sampleRate: 48_000), voices)
  }

  func testAnotherSoundPlaysTheBeatsAndLeavesTheCountInAndSubdivisions() {
    let woodblock = ClickSound.woodblock.applied(to: voices, sampleRate: 48_000)
    let expected = MetronomeVoice.woodblock.samples(sampleRate: 48_000)
    XCTAssertEqual(woodblock.normal, expected)
    XCTAssertEqual(woodblock.accent, expected)
    XCTAssertEqual(woodblock.countIn, voices.countIn)
    XCTAssertEqual(woodblock.subdivision, voices.subdivision)
    XCTAssertEqual(
      ClickSound.beep.applied(to: voices, sampleRate: 48_000).normal,
      MetronomeVoice.beep.samples(sampleRate: 48_000))
  }

  func testTheFretboardsClickUsesItsSetting() {
    var settings = Settings()
    settings.fretboard.click = .beep
    XCTAssertEqual(FretboardModel().clickOptions(settings).clickSound, .beep)
  }
}
