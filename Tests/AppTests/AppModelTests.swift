import App
import Foundation
import Storage
import TerminalUI
import XCTest

final class AppModelTests: XCTestCase {
  func testStartsOnHomeWithOnlyRealEntries() {
    let model = AppFixtures.model()
    guard case .home(let home) = model.screen else { return XCTFail("not on home") }
    XCTAssertEqual(
      home.entries,
      [
        .metronome, .listen, .notes, .fretboard, .rhythm, .ear, .recordingProtocol, .history,
        .settings, .help, .quit,
      ])
    XCTAssertEqual(model.stack.count, 1)
  }

  func testEnterOpensSettingsAndEscapeComesBack() {
    var model = AppFixtures.model()
    XCTAssertEqual(
      model.press(.down, .down, .down, .down, .down, .down, .down, .down, .enter), [.listMIDIPorts],
      "the MIDI ports are listed for their row")
    guard case .settings = model.screen else { return XCTFail("settings did not open") }
    XCTAssertEqual(model.press(.escape), [])
    guard case .home = model.screen else { return XCTFail("escape did not go back") }
    XCTAssertEqual(model.press(.escape), [], "escape on home does nothing")
    XCTAssertEqual(model.stack.count, 1)
  }

  func testNumbersOpenEntriesDirectly() {
    var model = AppFixtures.model()
    model.press(.character("9"))
    guard case .settings = model.screen else { return XCTFail("9 should open the settings") }
    XCTAssertEqual(AppFixtures.model().pressing(.character("q")), [.quit])
  }

  func testQuitQuitsFromHomeButGoesBackElsewhere() {
    var model = AppFixtures.model()
    model.press(.down, .down, .down, .down, .down, .down, .down, .down, .down)
    guard
      case .help = {
        model.press(.enter)
        return model.screen
      }()
    else {
      return XCTFail("help did not open")
    }
    XCTAssertEqual(model.press(.character("q")), [])
    guard case .home = model.screen else { return XCTFail("q did not go back") }
    XCTAssertEqual(model.press(.character("q")), [.quit])
  }

  func testControlCQuitsFromAnywhere() {
    var model = AppFixtures.model()
    model.press(.down, .down, .down, .down, .down, .down, .down, .down, .enter, .character("?"))
    XCTAssertTrue(model.showsKeys)
    XCTAssertEqual(model.press(.control("c")), [.quit])
  }

  func testQuestionMarkShowsKeysAndTheNextKeyOnlyClosesThem() {
    var model = AppFixtures.model()
    model.press(.character("?"))
    XCTAssertTrue(model.showsKeys)
    XCTAssertEqual(model.press(.enter), [], "enter closes the overlay without opening a screen")
    XCTAssertFalse(model.showsKeys)
    guard case .home = model.screen else { return XCTFail("the overlay let a key through") }
  }

  func testChangingASettingSavesAtOnce() {
    var model = AppFixtures.model()
    model.press(.down, .down, .down, .down, .down, .down, .down, .down, .enter, .down, .down, .down)
    var expected = Settings()
    expected.theme = .light
    XCTAssertEqual(model.press(.right), [.save(expected)])
    XCTAssertEqual(model.settings.theme, .light)
    XCTAssertEqual(model.theme, .light)
    expected.theme = .dark
    XCTAssertEqual(model.press(.left), [.save(expected)])
  }

  func testTheDailyGoalIsASetting() {
    var model = AppFixtures.model()
    model.openSetting(.dailyGoal)
    var expected = Settings()
    expected.dailyGoalMinutes = 20
    XCTAssertEqual(model.press(.right), [.save(expected)])
    XCTAssertTrue(AppView.render(model).lines.contains { $0.contains("Daily practice goal") })
    model.press(.left, .left, .left, .left)
    XCTAssertEqual(model.settings.dailyGoalMinutes, 120, "the choices go round")
  }

  func testKeyHintsUseTheirASCIISpellingInASCII() {
    var model = AppFixtures.model(glyphs: .ascii)
    model.press(.character("1"))
    let bar = AppView.render(model).lines.last ?? ""
    XCTAssertTrue(bar.contains("Left/Right tempo +-1"), bar)
    XCTAssertTrue(bar.contains("Up/Down tempo +-5"), bar)
    model.press(.character("?"))
    let overlay = AppView.render(model).lines.joined(separator: "\n")
    XCTAssertTrue(overlay.contains("tempo +-1"), overlay)
    XCTAssertFalse(overlay.contains("±"), overlay)
  }

  func testTheLanguageComesFromTheSessionsLocaleWhenItShips() {
    let shipped = ["en", "ca", "es", "ru"]
    func language(_ environment: [String: String]) -> String? {
      Launcher.preferredLanguage(environment: environment, among: shipped)
    }
    XCTAssertEqual(language(["LANG": "es_ES.UTF-8"]), "es")
    XCTAssertEqual(language(["LANG": "ru_RU.UTF-8", "LC_MESSAGES": "ca_ES.UTF-8"]), "ca")
    XCTAssertEqual(language(["LANG": "es_ES.UTF-8", "LC_ALL": "ru_RU"]), "ru")
    XCTAssertEqual(language(["LANG": "de_AT.UTF-8"]), nil, "a language that does not ship")
    XCTAssertEqual(language(["LANG": "C.UTF-8"]), nil)
    XCTAssertEqual(language([:]), nil)
  }

  func testTheMIDIPortIsChosenAmongThoseConnected() {
    var model = AppFixtures.model()
    model.openSetting(.midiPort)
    _ = model.handle(.midiPortsListed(["Keystation 49", "TD-17"], problem: nil))
    func row() -> String {
      AppView.render(model).lines.first { $0.contains("MIDI input") } ?? ""
    }
    XCTAssertTrue(row().contains("every device (2 now)"), row())
    model.press(.right, .right)
    XCTAssertEqual(model.settings.audio.midiPort, "TD-17")
    XCTAssertTrue(row().contains("TD-17"), row())
    _ = model.handle(.midiPortsListed([], problem: nil))
    XCTAssertEqual(model.settings.audio.midiPort, "TD-17", "unplugged, it stays chosen")
    model.press(.left)
    XCTAssertEqual(model.settings.audio.midiPort, "")
    model.press(.left)
    XCTAssertEqual(model.settings.audio.midiPort, "", "with nothing plugged in, no other choice")
    _ = model.handle(.midiPortsListed([], problem: "no ALSA sequencer (No such file or directory)"))
    XCTAssertTrue(row().contains("none found"), row())
    XCTAssertTrue(
      AppView.render(model).lines.contains {
        $0.contains("No MIDI input: no ALSA sequencer (No such file or directory)")
      })
  }

  func testMovingWithoutChangingSavesNothing() {
    var model = AppFixtures.model()
    XCTAssertEqual(
      model.press(
        .down, .down, .down, .down, .down, .down, .down, .down, .enter, .down, .up, .end, .home),
      [.listMIDIPorts])
  }

  func testLanguageCyclesThroughTheLocaleFiles() {
    var model = AppFixtures.model()
    model.press(.down, .down, .down, .down, .down, .down, .down, .down, .enter)
    var seen: [String] = [model.settings.language]
    for _ in model.languages.indices {
      model.press(.right)
      seen.append(model.settings.language)
    }
    XCTAssertEqual(Array(seen.prefix(model.languages.count)), model.languages)
    XCTAssertEqual(seen.last, "en", "wraps around")
    XCTAssertEqual(model.strings.language, "en")
  }

  func testA4StaysInItsRangeAndVolumesMoveInFives() {
    var settings = Settings()
    settings.a4Reference = 466
    settings.volumes.click = 100
    var model = AppFixtures.model(settings: settings)
    model.openSetting(.a4Reference)
    XCTAssertEqual(model.press(.right), [], "466 Hz is the top of the range")
    model.press(.left)
    XCTAssertEqual(model.settings.a4Reference, 465)
    model.press(.down, .down)
    XCTAssertEqual(model.press(.right), [], "click volume is already 100 %")
    model.press(.left, .left)
    XCTAssertEqual(model.settings.volumes.click, 90)
  }

  func testTheNextFlashcardComesAfterADelayOrOnEnter() {
    var model = AppFixtures.model()
    model.openSetting(.cardAdvance)
    XCTAssertEqual(model.settings.notes.advanceSeconds, 1.5)
    model.press(.right)
    XCTAssertEqual(model.settings.notes.advanceSeconds, 2)
    model.press(.right, .right, .right)
    XCTAssertTrue(model.settings.notes.advancesByHand, "after 5 s comes Enter")
    var expected = model.settings
    expected.notes.advancesByHand = false
    expected.notes.advanceSeconds = 0.3
    XCTAssertEqual(model.press(.right), [.save(expected)])
  }

  func testPlayItToleranceAndOctave() {
    var model = AppFixtures.model()
    model.openSetting(.playTolerance)
    XCTAssertEqual(model.settings.notes.toleranceCents, 30)
    model.press(.right)
    XCTAssertEqual(model.settings.notes.toleranceCents, 35)
    for _ in 0..<20 { model.press(.right) }
    XCTAssertEqual(model.settings.notes.toleranceCents, 50, "no wider than 50 cents")
    for _ in 0..<20 { model.press(.left) }
    XCTAssertEqual(model.settings.notes.toleranceCents, 5)
    model.press(.down)
    XCTAssertTrue(model.settings.notes.anyOctave)
    model.press(.right)
    XCTAssertFalse(model.settings.notes.anyOctave)
    XCTAssertTrue(AppView.render(model).lines.contains { $0.contains("as written") })
  }

  func testTheFretboardsTuningHandLabelsSoundClickAndGamePace() {
    var model = AppFixtures.model()
    model.openSetting(.tuning)
    model.press(.right)
    XCTAssertEqual(model.settings.fretboard.tuning, .dropD)
    model.press(.left, .left)
    XCTAssertEqual(model.settings.fretboard.tuning, .ukulele, "round to the last preset")
    model.press(.down, .right)
    XCTAssertTrue(model.settings.fretboard.isLeftHanded)
    model.press(.down, .right)
    XCTAssertEqual(model.settings.fretboard.labels, .notes)
    XCTAssertTrue(AppView.render(model).lines.contains { $0.contains("note names") })
    model.press(.down, .right)
    XCTAssertEqual(model.settings.fretboard.sound, .piano, "from the plucked string")
    model.press(.down, .right)
    XCTAssertEqual(model.settings.fretboard.click, .woodblock)
    XCTAssertTrue(AppView.render(model).lines.contains { $0.contains("woodblock") })
    model.press(.down)
    XCTAssertTrue(AppView.render(model).lines.contains { $0.contains("adaptive: fits your") })
    model.press(.right)
    XCTAssertEqual(model.settings.fretboard.gamePace, .fixedLevels, "from adaptive")
    XCTAssertTrue(AppView.render(model).lines.contains { $0.contains("fixed levels") })
  }

  func testGlyphChoiceFollowsSettingsUnlessOverridden() {
    var settings = Settings()
    settings.glyphs = .ascii
    XCTAssertEqual(AppFixtures.model(settings: settings).glyphs, .ascii)
    settings.glyphs = .auto
    XCTAssertEqual(AppFixtures.model(settings: settings, glyphs: .ascii).glyphs, .ascii)
    XCTAssertEqual(AppFixtures.model(settings: settings, glyphs: .unicode).glyphs, .unicode)
  }

  func testTooSmallTerminalIgnoresKeysUntilTheSizeIsBack() {
    var model = AppFixtures.model(size: Size(width: 60, height: 20))
    XCTAssertTrue(model.isTooSmall)
    XCTAssertEqual(model.press(.enter), [])
    guard case .home = model.screen else { return XCTFail("a key went through") }
    XCTAssertEqual(model.press(.character("q")), [], "q waits for the size to come back")
    _ = model.handle(.resized(Size(width: 80, height: 24)))
    XCTAssertFalse(model.isTooSmall)
    model = AppFixtures.model(size: Size(width: 79, height: 30))
    XCTAssertEqual(model.press(.control("c")), [.quit])
  }

  func testANoticeIsDismissedByTheFirstKey() {
    var model = AppFixtures.model(notices: [Message("app.tagline"), Message("app.name")])
    model.press(.escape)
    XCTAssertEqual(model.notices, [Message("app.name")])
    model.press(.down)
    XCTAssertEqual(model.notices, [])
    guard case .home(let home) = model.screen else { return XCTFail() }
    XCTAssertEqual(home.selected, 1, "a key other than Esc/Enter still acts")
  }

  /// A change made on any screen that cannot be saved is told there, once per reason.
  func testASaveThatFailsIsANoticeOnceWhereverTheChangeWasMade() {
    var model = AppFixtures.model()
    _ = model.handle(.saveFailed(reason: "Read-only file system"))
    _ = model.handle(.saveFailed(reason: "Read-only file system"))
    let failure = Message("notice.saveFailed", ["reason": "Read-only file system"])
    XCTAssertEqual(model.notices, [failure])
    _ = model.handle(.saved)
    _ = model.handle(.saveFailed(reason: "Read-only file system"))
    XCTAssertEqual(model.notices, [failure, failure], "failing again after a save is news")
  }

  func testAFolderThatCannotBeWrittenIsANoticeAtStart() {
    let paths = StoragePaths(environment: ["WOODSHED_HOME": "/proc/self/woodshed"])
    let notices = Launcher.readOnlyNotices(paths)
    XCTAssertEqual(notices.map(\.key), ["notice.readOnlyFolder", "notice.readOnlyFolder"])
    XCTAssertEqual(notices.first?.arguments["folder"], paths.configFolder.path)
    let home = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: home) }
    XCTAssertEqual(
      Launcher.readOnlyNotices(StoragePaths(environment: ["WOODSHED_HOME": home.path])), [])
  }

  func testSaveResultsShowOnTheSettingsScreen() {
    var model = AppFixtures.model()
    model.press(.down, .down, .down, .down, .down, .down, .down, .down, .enter)
    _ = model.handle(.saveFailed(reason: "No space left on device"))
    XCTAssertEqual(
      model.settingsStatus, Message("notice.saveFailed", ["reason": "No space left on device"]))
    _ = model.handle(.saved)
    XCTAssertEqual(model.settingsStatus, Message("settings.saved"))
  }

  func testHelpScrollStopsAtTheEnd() {
    var model = AppFixtures.model()
    model.press(.down, .down, .down, .down, .down, .down, .down, .down, .down, .enter)
    for _ in 0..<400 { model.press(.down) }
    guard case .help(let scrolled) = model.screen else { return XCTFail() }
    XCTAssertLessThan(scrolled.scroll, 400)
    model.press(.down)
    guard case .help(let further) = model.screen else { return XCTFail() }
    XCTAssertEqual(further.scroll, scrolled.scroll, "the last page")
    model.press(.up)
    guard case .help(let back) = model.screen else { return XCTFail() }
    XCTAssertEqual(back.scroll, max(0, scrolled.scroll - 1))
  }

  func testClockAndAudioEventsUpdateTheStatus() {
    var model = AppFixtures.model(audio: nil)
    XCTAssertEqual(model.audio, .checking)
    _ = model.handle(.clock(ClockTime(hour: 23, minute: 59, day: AppFixtures.today)))
    XCTAssertEqual(model.clock.text, "23:59")
    _ = model.handle(.audio(.unavailable(reason: "PulseAudio: Connection refused")))
    XCTAssertFalse(model.audio.isAvailable)
  }
}

extension AppModel {
  fileprivate func pressing(_ key: Key) -> [Effect] {
    var copy = self
    return copy.press(key)
  }
}
