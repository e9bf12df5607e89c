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
    ("protocol", [.character("6")]),
    ("history", [.character("7")]),
    ("settings", [.character("8")]),
    ("help", [.character("9")]),
    ("key overlay", [.character("4"), .enter, .character("?")]),
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

  func testArrowKeysInATextAreSpelledOut() {
    var model = AppFixtures.model(
      glyphs: .ascii, patterns: [FretboardScreenTests.minorPentatonic])
    model.press(.character("4"), .enter)
    XCTAssertTrue(
      AppView.render(model).lines.contains { $0.contains("(Left/Right)") },
      "the fretboard's root line names the keys that change it")
  }
}
