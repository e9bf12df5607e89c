import App
import Storage
import TerminalUI
import XCTest

/// With the ASCII glyph set (the Linux console in a UTF-8 locale) no arrow, dash or box line
/// reaches the terminal, whether it comes from a widget or from a locale text; letters of every
/// script stay.
final class ASCIISymbolTests: XCTestCase {
  /// Key presses from home that reach a screen, or a state of one, with symbols in its texts.
  static let journeys: [(name: String, keys: [Key])] = [
    ("home", []),
    ("metronome trainer editor", [.enter, .character("p")]),
    ("listen", [.character("2")]),
    ("notes", [.character("3")]),
    ("fretboard list", [.character("4")]),
    ("fretboard pattern", [.character("4"), .enter]),
    ("rhythm", [.character("5")]),
    ("protocol", [.character("7")]),
    ("history", [.character("8")]),
    ("settings", [.character("9")]),
    ("help", [.end, .up, .enter]),
    ("key overlay", [.character("4"), .enter, .character("?")]),
    ("metronome playing", [.enter, .character(" ")]),
    ("notes drill", [.character("3"), .enter]),
    ("interval game", [.character("4"), .enter, .character("g"), .enter]),
  ]

  func testNoSymbolOutsideASCIIReachesTheScreen() {
    for language in ["en", "es", "ca", "ru"] {
      var settings = Settings()
      settings.language = language
      for journey in Self.journeys {
        var model = AppFixtures.model(
          settings: settings, glyphs: .ascii, patterns: [FretboardScreenTests.minorPentatonic])
        for key in journey.keys { model.press(key) }
        let symbols = AppView.render(model).lines.joined().filter { !$0.isASCII && !$0.isLetter }
        XCTAssertEqual(symbols, "", "\(journey.name) in \(language)")
      }
    }
  }

  /// What a terminal in a locale that is not UTF-8 receives: in English, on every screen, not
  /// one byte outside ASCII; in Spanish and Catalan every letter has an ASCII stand-in (é: e),
  /// so nothing becomes "?".
  func testEveryScreenInASCIIHasAnASCIIFormOfEveryCharacter() {
    for language in ["en", "es", "ca"] {
      var settings = Settings()
      settings.language = language
      for journey in Self.journeys {
        var model = AppFixtures.model(
          settings: settings, glyphs: .ascii, history: AppFixtures.history,
          patterns: [FretboardScreenTests.minorPentatonic])
        for key in journey.keys { model.press(key) }
        let text = AppView.render(model).lines.joined()
        if language == "en" {
          XCTAssertEqual(
            text.utf8.filter { $0 >= 0x80 }.count, 0, "\(journey.name): \(text)")
        }
        let unshowable = text.filter { $0 != "?" && ASCIIFallback.character(for: $0) == "?" }
        XCTAssertEqual(unshowable, "", "\(journey.name) in \(language)")
      }
    }
  }

  func testOnlyALanguageWithoutAnASCIIFormNeedsUnicode() {
    XCTAssertEqual(Launcher.languagesNeedingUnicode(AppFixtures.catalog), ["ru"])
    var settings = Settings()
    settings.language = "ru"
    let model = AppModel(
      settings: settings, size: Size(width: 80, height: 24),
      clock: ClockTime(hour: 9, minute: 5, day: AppFixtures.today), catalog: AppFixtures.catalog,
      paths: AppFixtures.paths, detectedGlyphs: .ascii, languagesNeedingUnicode: ["ru"])
    XCTAssertEqual(model.strings.language, "en", "Russian without UTF-8 is spoken in English")
    XCTAssertEqual(model.settings.language, "ru", "the choice itself is kept")
  }

  func testArrowKeysInATextAreSpelledOut() {
    var model = AppFixtures.model(
      glyphs: .ascii, patterns: [FretboardScreenTests.minorPentatonic])
    model.press(.character("4"), .enter)
    XCTAssertTrue(
      AppView.render(model).lines.contains { $0.contains("(Left/Right)") },
      "the fretboard's root line names the keys that change it")
  }
}
