import App
import Foundation
import Practice
import Storage
import TerminalUI
import TestHelpers
import XCTest

/// Every screen at the minimum and a large size. The style layer makes colour regressions fail.
final class ScreenSnapshotTests: XCTestCase {
  static let small = Size(width: 80, height: 24)
  static let large = Size(width: 120, height: 40)

  func testHome() {
    for size in [Self.small, Self.large] {
      assertCanvasSnapshot(AppView.render(AppFixtures.model(size: size)), named: name(size))
    }
  }

  func testHomeInASCII() {
    let model = AppFixtures.model(
      glyphs: .ascii, audio: .unavailable(reason: "PulseAudio: Connection refused"))
    assertCanvasSnapshot(AppView.render(model), named: name(Self.small))
  }

  func testSettings() {
    for size in [Self.small, Self.large] {
      var model = AppFixtures.model(size: size)
      model.press(.down, .down, .down, .down, .down, .down, .down, .down, .enter, .down, .right)
      assertCanvasSnapshot(AppView.render(model), named: name(size))
    }
  }

  func testHelp() {
    for size in [Self.small, Self.large] {
      var model = AppFixtures.model(size: size)
      model.press(.end, .up, .enter)
      assertCanvasSnapshot(AppView.render(model), named: name(size))
    }
  }

  func testKeyOverlay() {
    for size in [Self.small, Self.large] {
      var model = AppFixtures.model(size: size)
      model.press(.down, .down, .down, .down, .down, .down, .down, .down, .enter, .character("?"))
      assertCanvasSnapshot(AppView.render(model), named: name(size))
    }
  }

  func testNoticeAndCheckingAudio() {
    let notice = Message("notice.saveFailed", ["reason": "No space left on device"])
    let model = AppFixtures.model(notices: [notice], audio: nil)
    assertCanvasSnapshot(AppView.render(model), named: name(Self.small))
  }

  func testListenHearingANote() {
    for size in [Self.small, Self.large] {
      var model = AppFixtures.model(size: size)
      XCTAssertEqual(model.press(.down, .enter), [.listen(.start(profile: nil))])
      _ = model.handle(.listening(failure: nil, source: "woodshed_null.monitor"))
      model.press(.character("m"))
      _ = model.handle(
        .heard([
          .level(frame: 48_000, decibels: -18.4), .onset(frame: 47_000, strength: 1),
          .pitch(frame: 48_000, frequency: 441.5, confidence: 0.95),
          .onset(frame: 47_500, strength: 1),
        ]))
      assertCanvasSnapshot(AppView.render(model), named: name(size))
    }
  }

  func testNotesChoosingPacks() {
    var model = AppFixtures.model()
    model.press(.character("3"), .down, .character(" "), .right)
    assertCanvasSnapshot(AppView.render(model), named: name(Self.small))
  }

  func testNotesCards() throws {
    for size in [Self.small, Self.large] {
      var settings = Settings()
      settings.notes.packs = ["grand-staff"]
      var model = AppFixtures.model(size: size, settings: settings)
      model.press(.character("3"), at: 1)
      model.press(.enter, at: 2)
      assertCanvasSnapshot(AppView.render(model), named: "asked." + name(size))
      guard case .notes(let notes) = model.screen, let card = notes.quiz?.card else {
        return XCTFail("no card")
      }
      let wrong = try XCTUnwrap(card.choices.firstIndex { $0 != card.answer })
      model.press(.character(Character("\(wrong + 1)")), at: 4)
      assertCanvasSnapshot(AppView.render(model), named: "wrong." + name(size))
    }
  }

  func testNotesSummaryInASCII() {
    var settings = Settings()
    settings.notes.rounds = 5
    var model = AppFixtures.model(settings: settings, glyphs: .ascii)
    model.press(.character("3"), at: 1)
    model.press(.enter, at: 2)
    for round in 0..<5 {
      model.press(.character(round == 2 ? "1" : "2"), at: Double(3 + 2 * round))
      _ = model.handle(
        .tick(MonotonicInstant(nanoseconds: UInt64(4.6e9) + UInt64(round) * 2_000_000_000)))
    }
    assertCanvasSnapshot(AppView.render(model), named: name(Self.small))
  }

  func testNotesAskingToStop() {
    var model = AppFixtures.model()
    model.press(.character("3"), at: 1)
    model.press(.enter, at: 2)
    model.press(.character("1"), at: 3)
    model.press(.enter, at: 4)
    model.press(.escape, at: 5)
    assertCanvasSnapshot(AppView.render(model), named: name(Self.small))
  }

  func testNotesMasteryMap() {
    for size in [Self.small, Self.large] {
      var settings = Settings()
      settings.notes.packs = ["treble-c4-b4", AppFixtures.packs[1].id]
      var model = AppFixtures.model(size: size, settings: settings, history: AppFixtures.history)
      model.press(.character("3"), .character("m"))
      assertCanvasSnapshot(AppView.render(model), named: name(size))
    }
  }

  func testNotesTimedDrillAndPlayIt() {
    var settings = Settings()
    settings.notes.exercise = .timed
    var model = AppFixtures.model(settings: settings)
    model.press(.character("3"), at: 1)
    model.press(.enter, at: 2)
    _ = model.handle(.tick(MonotonicInstant(nanoseconds: 19_000_000_000)))
    assertCanvasSnapshot(AppView.render(model), named: "timed." + name(Self.small))

    settings.notes.exercise = .play
    model = AppFixtures.model(settings: settings, glyphs: .ascii)
    model.press(.character("3"), at: 1)
    model.press(.enter, at: 2)
    _ = model.handle(
      .played([
        PlayedEvent(instant: MonotonicInstant(nanoseconds: 0), kind: .attack, source: .microphone),
        PlayedEvent(
          instant: MonotonicInstant(nanoseconds: 0),
          kind: .sounding(frequency: 445, confidence: 0.9), source: .microphone),
      ]))
    assertCanvasSnapshot(AppView.render(model), named: "play.ascii." + name(Self.small))
  }

  func testHomeWithTheLastSession() {
    var model = AppFixtures.model()
    _ = model.handle(
      .recorded(
        SessionRecord(
          module: "notes", exercise: "flashcards", startedAt: Date(timeIntervalSince1970: 0),
          duration: 40, score: 0.75, isCutShort: true)))
    assertCanvasSnapshot(AppView.render(model), named: name(Self.small))
  }

  func testListenToALearnedInstrumentWithAMeasuredDelay() {
    var settings = Settings()
    settings.audio.setRoundTrip(23.46, sink: "woodshed_null", source: "usb_mic")
    settings.listening.instrument = "cajón"
    settings.listening.profiles["cajón"] = AppFixtures.profile
    for size in [Self.small, Self.large] {
      var model = AppFixtures.model(size: size, settings: settings)
      model.press(.down, .enter)
      _ = model.handle(.listening(failure: nil, source: "usb_mic"))
      model.press(.character("c"), .backspace, .character("x"))
      assertCanvasSnapshot(AppView.render(model), named: name(size))
    }
  }

  func testListenMeasuringTheDelay() {
    var model = AppFixtures.model()
    model.press(.down, .enter)
    _ = model.handle(.listening(failure: nil, source: "usb_mic"))
    XCTAssertEqual(model.press(.character("l")), [.listen(.measureLatency)])
    assertCanvasSnapshot(AppView.render(model), named: name(Self.small))
  }

  func testListenWithoutAMicrophoneInASCII() {
    var model = AppFixtures.model(
      glyphs: .ascii, audio: .unavailable(reason: "PulseAudio: Connection refused"))
    model.press(.down, .enter)
    _ = model.handle(.listening(failure: "PulseAudio: Connection refused"))
    assertCanvasSnapshot(AppView.render(model), named: name(Self.small))
  }

  func testTooSmall() {
    let model = AppFixtures.model(size: Size(width: 60, height: 18))
    assertCanvasSnapshot(AppView.render(model), named: "60x18")
  }

  func testMetronomeStopped() {
    for size in [Self.small, Self.large] {
      var model = AppFixtures.model(size: size)
      model.press(.enter)
      assertCanvasSnapshot(AppView.render(model), named: name(size))
    }
  }

  func testMetronomePlayingSevenEight() {
    var settings = Settings()
    settings.metronome.meter = "7/8"
    settings.metronome.accents = "X x x X x X x"
    settings.metronome.bpm = 176
    for size in [Self.small, Self.large] {
      var model = AppFixtures.model(size: size, settings: settings)
      model.press(.enter, .character(" "), .character("c"), .character("p"), .enter)
      let beat = BeatDisplay(
        bar: 3, beatInBar: 3, isCountIn: false, isMuted: false, bpm: 176, elapsed: .seconds(75),
        audibleAt: MonotonicInstant(nanoseconds: 75_000_000_000))
      _ = model.handle(.metronomeBeat(beat))
      assertCanvasSnapshot(AppView.render(model), named: name(size))
    }
  }

  func testMetronomeTrainerEditor() {
    var model = AppFixtures.model()
    model.press(.enter, .character("p"), .right)
    assertCanvasSnapshot(AppView.render(model), named: name(Self.small))
  }

  func testMetronomeEditingAccentsWithoutAudio() {
    var model = AppFixtures.model(audio: .unavailable(reason: "PulseAudio: Connection refused"))
    model.press(.enter, .character("a"), .backspace, .character("."))
    assertCanvasSnapshot(AppView.render(model), named: name(Self.small))
  }

  /// The recording protocol: logging takes, the take map and the preparation, with a session of
  /// two takes of Brahms's first movement logged a minute apart.
  func testProtocolLoggingTakeMapAndPreparation() {
    let lines = [
      "work Brahms op. 38", "mvt 1 \"Allegro\": 1-44 A=12 4/4@q=120", "fps 25", "tc 10:00:00:00",
      "take", "1-20 ++", "21-40 ok", "15 i", "25 i w", "note slow ending", "end 40", "take @A",
      "12-30 +", "33 n",
    ]
    let start = Date(timeIntervalSince1970: 1_794_700_000)
    let entries = lines.enumerated().map {
      ($0.element, start.addingTimeInterval(Double($0.offset) * 60))
    }
    for size in [Self.small, Self.large] {
      var model = AppFixtures.model(size: size)
      model.press(.character("7"))
      _ = model.handle(.protocolsListed([ProtocolSummary(name: "brahms")]))
      model.press(.enter)
      _ = model.handle(
        .protocolLoaded(
          "brahms", session: ProtocolSession.replay(entries).session,
          recent: Array(lines.suffix(6)), problems: []))
      assertCanvasSnapshot(AppView.render(model), named: "logging." + name(size))
      model.press(.tab)
      assertCanvasSnapshot(AppView.render(model), named: "takeMap." + name(size))
      model.press(.tab)
      assertCanvasSnapshot(AppView.render(model), named: "preparation." + name(size))
    }
  }

  private func name(_ size: Size) -> String { "\(size.width)x\(size.height)" }
}
