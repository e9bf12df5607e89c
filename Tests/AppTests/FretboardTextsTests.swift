import Foundation
import MusicTheory
import Practice
import Storage
import TerminalUI
import TestHelpers
import XCTest

@testable import App

/// The library's descriptions and instructions in the player's language, composed from the
/// locale files, and the player's own texts as written.
final class FretboardTextsTests: XCTestCase {
  private static let translations = ["es", "ca", "ru"]
  /// Words of the English templates that no translation may show.
  private static let english = [
    "The ", " string", " frets", "root", " chord", " scale", " box", "Play ", "Fret ", " click",
  ]

  private func pattern(_ id: String) throws -> FretPattern {
    try XCTUnwrap(FretboardLibraryTests.shipped.first { $0.id == id })
  }

  private func text(_ model: AppModel) -> String {
    AppView.render(model).lines.joined(separator: "\n")
  }

  private func words(_ text: String, first count: Int) -> String {
    text.split(separator: " ").prefix(count).joined(separator: " ")
  }

  /// The screen's words in reading order, so a paragraph wrapped over lines reads whole where
  /// nothing stands beside it.
  private func prose(_ model: AppModel) -> String {
    AppView.render(model).lines.flatMap { $0.split(separator: " ") }.joined(separator: " ")
  }

  private func model(_ language: String, size: Size, patterns: [FretPattern]) -> AppModel {
    var settings = Settings()
    settings.language = language
    settings.fretboard.arpeggiosUnlocked = true
    return AppFixtures.model(size: size, settings: settings, patterns: patterns)
  }

  func testTheEnglishLocaleSaysWhatThePatternFilesHold() {
    let english = AppFixtures.catalog.localizer(for: "en")
    for (key, text) in PatternText.englishTexts {
      XCTAssertEqual(english.textIfPresent(key), text, key)
    }
  }

  /// `show scale` and the library say each scale type's line of description in the player's
  /// language: written in English, translated in each of the others.
  func testEveryScaleTypeIsSummarizedInEveryLanguage() throws {
    let english = AppFixtures.catalog.localizer(for: "en")
    for type in ScaleType.all {
      let summary = try XCTUnwrap(english.textIfPresent(type.summaryKey), type.summaryKey)
      for language in Self.translations {
        let said = AppFixtures.catalog.localizer(for: language).text(type.summaryKey)
        XCTAssertNotEqual(said, summary, "\(language) \(type.summaryKey)")
      }
    }
  }

  /// The narrow list (80 columns) shows each family short; no library family, the new
  /// scales' included, is longer there than the 20 characters the list was laid out for.
  func testEveryFamilyIsShortEnoughForTheNarrowList() {
    let families = Set(FretboardLibraryTests.shipped.map { PatternName($0.name).family })
      .map(PatternName.init)
    for language in ["en"] + Self.translations {
      let strings = AppFixtures.catalog.localizer(for: language)
      for family in families {
        XCTAssertLessThanOrEqual(
          family.shortFamilyText(strings).count, 20, "\(language): \(family.familyText(strings))")
      }
    }
  }

  /// Every text of the shipped patterns, and of those made for the other tunings (the ukulele's
  /// boxes are said with templates of their own), in every language: nothing left unfilled, the
  /// files' own text in English and no English in a translation.
  func testEveryLibraryTextIsSaidInEveryLanguage() {
    let patterns =
      FretboardLibraryTests.shipped + Tuning.presets.flatMap { PatternGenerator.library(for: $0) }
    let texts = Set(patterns.flatMap { [$0.description, $0.instructions] })
    XCTAssertGreaterThan(texts.count, 500)
    for language in ["en"] + Self.translations {
      let strings = AppFixtures.catalog.localizer(for: language)
      for written in texts {
        let said = FretPattern.said(written, strings)
        let context = "\(language): \(said)"
        XCTAssertFalse(said.contains("{") || said.contains("}"), context)
        guard language != "en" else {
          XCTAssertEqual(said, written, context)
          continue
        }
        XCTAssertNotEqual(said, written, context)
        for word in Self.english {
          XCTAssertFalse(said.contains(word), "\"\(word)\" in \(context)")
        }
      }
    }
  }

  /// The list's preview and the open pattern (at 80×24 it has no room for the texts) say a
  /// scale, a blues box, an arpeggio and a chord in the player's language: the whole texts at
  /// 120×40, and the preview's first words at 80×24.
  func testThePreviewAndTheOpenPatternAreInThePlayersLanguage() throws {
    for id in ["major-1", "blues-2", "m7b5-arpeggio-1", "9-chord-3"] {
      let pattern = try pattern(id)
      for language in Self.translations {
        let strings = AppFixtures.catalog.localizer(for: language)
        let (description, instructions) = (
          pattern.descriptionText(strings), pattern.instructionsText(strings)
        )
        for size in [Size(width: 80, height: 24), Size(width: 120, height: 40)] {
          var model = model(language, size: size, patterns: [pattern])
          model.press(.character("4"))
          let preview = prose(model)
          let context = "\(id) \(language) \(size.width)x\(size.height) preview:\n\(text(model))"
          let isWide = size.width == 120
          XCTAssertTrue(
            preview.contains(isWide ? description : words(description, first: 5)), context)
          XCTAssertFalse(preview.contains(words(pattern.description, first: 3)), context)
          guard isWide else { continue }
          model.press(.enter)
          let open = prose(model)
          let shown = "\(id) \(language) open:\n\(text(model))"
          XCTAssertTrue(open.contains(description + " " + instructions), shown)
          for paragraph in [pattern.description, pattern.instructions] {
            XCTAssertFalse(open.contains(words(paragraph, first: 3)), shown)
          }
        }
      }
    }
  }

  /// The songs a pattern names show under its description in the browser and in the open
  /// pattern, in the player's language, the titles as written; a pattern naming none shows no
  /// such line.
  func testTheSongsAPatternNamesAreShownWithItsDescription() throws {
    var played = FretboardScreenTests.minorPentatonic
    played.id = "my-box"
    played.name = "My box"
    played.description = "The box I learnt first."
    played.songs = ["Song One", "Song Two"]
    for (language, line) in [
      ("en", "Played in: Song One; Song Two"), ("es", "Se toca en: Song One; Song Two"),
    ] {
      var model = model(language, size: Size(width: 120, height: 40), patterns: [played])
      model.press(.character("4"))
      XCTAssertTrue(prose(model).contains(line), text(model))
      model.press(.enter)
      XCTAssertTrue(prose(model).contains(line), text(model))
    }
    var silent = played
    silent.songs = []
    var model = model("en", size: Size(width: 120, height: 40), patterns: [silent])
    model.press(.character("4"))
    XCTAssertFalse(text(model).contains("Played in"), text(model))
    XCTAssertEqual(silent.songsText(AppFixtures.catalog.localizer(for: "en")), "")
  }

  /// A user pattern's texts, and a library text the player changed, are the player's words; the
  /// library's text the player left as it was is still translated.
  func testThePlayersOwnTextsAreShownAsWritten() throws {
    var edited = try pattern("major-1")
    edited.description = edited.description.replacing("three notes", with: "3 notes")
    var own = FretboardScreenTests.minorPentatonic
    own.id = "my-box"
    own.name = "Mi caja"
    own.description = "Mi caja de siempre: sube despacio."
    own.instructions = "Play it with the record, twice."
    for (pattern, language) in [(edited, "es"), (own, "es"), (own, "ru")] {
      var model = model(language, size: Size(width: 120, height: 40), patterns: [pattern])
      model.press(.character("4"))
      XCTAssertTrue(text(model).contains(words(pattern.description, first: 5)), text(model))
      model.press(.enter)
      XCTAssertTrue(text(model).contains(pattern.description), text(model))
      let instructions = pattern.instructionsText(AppFixtures.catalog.localizer(for: language))
      XCTAssertTrue(text(model).contains(words(instructions, first: 4)), text(model))
    }
    XCTAssertEqual(own.instructionsText(AppFixtures.catalog.localizer(for: "es")), own.instructions)
    XCTAssertTrue(
      edited.instructionsText(AppFixtures.catalog.localizer(for: "es")).hasPrefix("Toca desde"))
  }
}
