import AudioModel
import Practice
import Storage
import TerminalUI
import XCTest

@testable import App

/// Every language reads in full where space is tight (80×24): nothing the player needs to read
/// is cut.
final class TranslationFitTests: XCTestCase {
  static let languages = ["en", "es", "ca", "ru"]

  private func model(_ language: String) -> AppModel {
    var settings = Settings()
    settings.language = language
    return AppFixtures.model(settings: settings)
  }

  func testEveryHomeEntryIsReadInFull() {
    for language in Self.languages {
      let model = model(language)
      let text = AppView.render(model).lines.joined(separator: "\n")
      for entry in HomeEntry.allCases {
        for key in [entry.titleKey, entry.titleKey + ".detail"] {
          guard let words = model.strings.textIfPresent(key) else { continue }
          XCTAssertTrue(text.contains(words), "\(language) \(key): \(words)\n\(text)")
        }
      }
    }
  }

  func testEverySettingsRowIsReadInFull() {
    for language in Self.languages {
      var model = model(language)
      model.press(.character("9"))
      for row in SettingsRow.allCases {
        let line = AppView.render(model).lines.first { $0.contains("▸") } ?? ""
        XCTAssertTrue(
          line.contains(model.strings.text(row.labelKey)), "\(language) \(row): \(line)")
        XCTAssertFalse(line.contains("…"), "\(language) \(row): \(line)")
        model.press(.down)
      }
    }
  }

  func testTheFirstHomeSaysWhatToPressInFull() {
    for language in Self.languages {
      let model = model(language)
      let text = AppView.render(model).lines.joined(separator: "\n")
      for key in ["home.welcome.pick", "home.welcome.keys", "home.welcome.where"] {
        XCTAssertTrue(text.contains(model.strings.text(key)), "\(language) \(key)\n\(text)")
      }
    }
  }

  func testHelpTeachesEveryModuleAndListsEveryScreensKeys() {
    var model = model("en")
    model.press(.end, .up, .enter)
    let lines = HelpView.lines(model: model, width: 76).map(\.0)
    let text = lines.joined(separator: "\n")
    XCTAssertTrue(text.contains("What each module is for"), text)
    XCTAssertTrue(text.contains("A metronome from 20 to 300 BPM"), text)
    XCTAssertTrue(text.contains("The keys of each screen"), text)
    XCTAssertTrue(
      lines.contains { $0.hasPrefix("  /") && $0.contains("search") }, "the fretboard's /")
    XCTAssertTrue(lines.contains { $0.contains("Space") && $0.contains("pause") }, text)
  }

  /// The protocol list's bar holds every key it lists at 80 columns, `Esc` and `?` last.
  func testTheProtocolListsKeyBarShowsEveryKeyAt80Columns() {
    for language in Self.languages {
      var model = model(language)
      model.press(.character("7"))
      let bar = AppView.render(model).lines.last ?? ""
      for hint in model.screen.keyHints where hint.inBar {
        let shown =
          AppView.label(for: hint.keys, model: model) + " "
          + AppView.action(of: hint, glyphs: model.glyphs, strings: model.strings)
        XCTAssertTrue(bar.contains(shown), "\(language): \(shown) in \(bar)")
      }
    }
  }

  /// The Ear room in every language at 80×24: the setup list, a question of the last level
  /// (every interval a choice), its verdict and the results read in full, and every key its bar
  /// lists is there.
  func testTheEarRoomIsReadInFullAt80Columns() {
    for language in Self.languages {
      var model = model(language)
      // One's own choice of items, its Items line and keys, then level 5, mixed.
      model.press(.character("6"), .down, .left, .down)
      var screens = [AppView.render(model).lines]
      let itemBar = screens[0].last ?? ""
      for hint in EarModel.itemHints where hint.inBar {
        let shown =
          AppView.label(for: hint.keys, model: model) + " "
          + AppView.action(of: hint, glyphs: model.glyphs, strings: model.strings)
        XCTAssertTrue(itemBar.contains(shown), "\(language): \(shown) in \(itemBar)")
      }
      model.press(.up, .left, .down, .left)
      screens.append(AppView.render(model).lines)
      model.press(.enter, at: 1)
      screens.append(AppView.render(model).lines)
      model.press(.character("1"), at: 2)
      screens.append(AppView.render(model).lines)
      var time = 3.0
      while case .ear(let ear) = model.screen, ear.phase == .asking {
        model.press(ear.isAnswered ? .enter : .character("2"), at: time)
        time += 1
      }
      screens.append(AppView.render(model).lines)
      for (index, lines) in screens.enumerated() {
        let text = lines.joined(separator: "\n")
        XCTAssertFalse(text.contains("…"), "\(language), screen \(index):\n\(text)")
      }
      model.press(.enter)
      for phase in 0..<3 {
        let bar = AppView.render(model).lines.last ?? ""
        for hint in model.screen.keyHints where hint.inBar {
          let shown =
            AppView.label(for: hint.keys, model: model) + " "
            + AppView.action(of: hint, glyphs: model.glyphs, strings: model.strings)
          XCTAssertTrue(bar.contains(shown), "\(language) \(phase): \(shown) in \(bar)")
        }
        model.press(phase == 0 ? .enter : .character("1"))
      }
    }
  }

  func testEveryKeyBarKeepsTheKeyThatListsTheOthers() {
    for language in Self.languages {
      for journey in ASCIISymbolTests.journeys {
        var model = AppFixtures.model(
          settings: {
            var settings = Settings()
            settings.language = language
            return settings
          }(),
          patterns: [FretboardScreenTests.minorPentatonic])
        for key in journey.keys { model.press(key) }
        guard !model.showsKeys else { continue }
        let bar = AppView.render(model).lines.last ?? ""
        let hints = model.screen.keyHints.filter(\.inBar)
        if hints.contains(.help) {
          XCTAssertTrue(
            bar.contains("? " + model.strings.text("common.help")), "\(language) \(journey.name)")
        }
        XCTAssertFalse(bar.contains("…"), bar)
      }
    }
  }
}

/// No line is cut where the screen is wide, in any language; where it is narrow, a name cut in
/// a list is read in full elsewhere on the screen.
final class TranslationCutTests: XCTestCase {
  static let journeys: [(name: String, keys: [Key])] =
    ASCIISymbolTests.journeys + [
      ("metronome", [.enter]),
      ("metronome accents", [.enter, .character("a")]),
      ("notes card", [.character("3"), .enter]),
      ("rhythm line", [.character("5"), .enter]),
      ("listen measuring", [.character("2"), .character("l")]),
      ("interval game", [.character("4"), .enter, .character("g")]),
    ]

  private func screen(_ journey: [Key], _ language: String, _ size: Size) -> [String] {
    var settings = Settings()
    settings.language = language
    var model = AppFixtures.model(
      size: size, settings: settings, patterns: [FretboardScreenTests.minorPentatonic])
    for key in journey { model.press(key) }
    return AppView.render(model).lines
  }

  func testNothingIsCutAt120Columns() {
    for language in TranslationFitTests.languages {
      for journey in Self.journeys {
        let lines = screen(journey.keys, language, Size(width: 120, height: 40))
        for line in lines {
          XCTAssertFalse(line.contains("…"), "\(journey.name) in \(language): \(line)")
        }
      }
    }
  }

  /// The app at 80×24 in `language`.
  private func model(
    in language: String, history: [SessionRecord] = [],
    audio: AudioStatus? = AppFixtures.audio
  ) -> AppModel {
    var settings = Settings()
    settings.language = language
    return AppFixtures.model(settings: settings, audio: audio, history: history)
  }

  func testAPackNameCutInTheListIsReadInFullBelowIt() {
    for language in TranslationFitTests.languages {
      var model = model(in: language)
      model.press(.character("3"))
      for pack in NotesModel.shown(model.packs, model.settings) {
        let text = AppView.render(model).lines.joined(separator: "\n")
        XCTAssertTrue(text.contains(pack.title(model.strings)), "\(language) \(pack.id)\n\(text)")
        model.press(.down)
      }
    }
  }

  func testEveryHelpLineFitsAt80Columns() {
    for language in TranslationFitTests.languages {
      var model = model(in: language)
      model.press(.end, .up, .enter)
      let width = HelpView.textWidth(in: model.size)
      for (line, _) in HelpView.lines(model: model, width: width) {
        XCTAssertLessThanOrEqual(line.displayWidth, width, "\(language): \(line)")
      }
    }
  }

  func testTheHistoryTableIsReadInFullAt80Columns() {
    for language in TranslationFitTests.languages {
      var model = model(in: language, history: AppFixtures.history)
      model.press(.character("8"))
      let lines = AppView.render(model).lines
      let header = lines.firstIndex { $0.contains(model.strings.text("history.column.date")) }
      for line in lines[(header ?? 0)...].prefix(8) {
        XCTAssertFalse(line.contains("…"), "\(language): \(line)")
      }
    }
  }

  func testWhyThereIsNoMIDIInputIsReadInFull() {
    let reason = "no ALSA sequencer (No such file or directory): MIDI needs /dev/snd/seq"
    for language in TranslationFitTests.languages {
      var model = model(in: language)
      _ = model.handle(.midiPortsListed([], problem: reason))
      model.openSetting(.midiPort)
      let lines = AppView.render(model).lines
      XCTAssertFalse(
        lines.contains { $0.contains("…") }, "\(language)\n\(lines.joined(separator: "\n"))")
      let text = lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
      XCTAssertTrue(text.contains("/dev/snd/seq"), "\(language)\n\(lines.joined(separator: "\n"))")
    }
  }

  func testWithoutAnAudioServerTheTitleBarIsNotCut() {
    for language in TranslationFitTests.languages {
      let model = model(
        in: language,
        audio: .unavailable(reason: "PulseAudio: Connection refused (no server at unix:/run/pulse)")
      )
      let bar = AppView.render(model).lines[0]
      XCTAssertFalse(bar.contains("…"), "\(language): \(bar)")
      XCTAssertTrue(bar.contains(model.strings.text("audio.none")), "\(language): \(bar)")
    }
  }

  func testACardsHeaderNamesItsPackInFullAt80Columns() {
    for language in TranslationFitTests.languages {
      var model = model(in: language)
      model.press(.character("3"), .enter)
      let header = AppView.render(model).lines[2]
      XCTAssertFalse(header.contains("…"), "\(language): \(header)")
    }
  }
}
