import Foundation
import Storage
import XCTest

final class LocaleCatalogTests: StorageTestCase {
  private func writeLocales(_ files: [String: String]) throws {
    for (name, text) in files { try folder.write(text, to: "assets/locales/\(name)") }
  }

  private var assets: URL { folder.file("assets") }

  private func makeCatalog() throws -> LocaleCatalog {
    try writeLocales([
      "en.json": #"{"menu.quit": "Quit", "menu.help": "Help", "score": "{n} right"}"#,
      "de.json": #"{"menu.quit": "Beenden", "menu.hlep": "Hilfe"}"#,
      "fr.json": #"{"menu.quit": "Quitter", "menu.help": "Aide", "score": "{n} justes"}"#,
      "README.md": "not a locale",
    ])
    return try LocaleCatalog(assetsFolder: assets)
  }

  func testAvailableLanguagesPutEnglishFirst() throws {
    XCTAssertEqual(try makeCatalog().availableLanguages, ["en", "de", "fr"])
  }

  func testLocalizerFallsBackToEnglish() throws {
    let german = try makeCatalog().localizer(for: "de")

    XCTAssertEqual(german.language, "de")
    XCTAssertEqual(german["menu.quit"], "Beenden")
    XCTAssertEqual(german.text("score", ["n": "3"]), "3 right")
  }

  func testUnknownLanguageGivesEnglish() throws {
    let strings = try makeCatalog().localizer(for: "xx")

    XCTAssertEqual(strings.language, "en")
    XCTAssertEqual(strings["menu.quit"], "Quit")
  }

  func testMissingAndExtraKeys() throws {
    let catalog = try makeCatalog()

    XCTAssertEqual(catalog.missingKeys(in: "de"), ["menu.help", "score"])
    XCTAssertEqual(catalog.extraKeys(in: "de"), ["menu.hlep"])
    XCTAssertEqual(catalog.missingKeys(in: "fr"), [])
    XCTAssertEqual(catalog.extraKeys(in: "fr"), [])
  }

  /// The practice room reads English at start and another language when it is first spoken.
  func testALanguageNotReadAtOnceIsReadWhenAskedForAndABrokenOneIsEnglish() throws {
    _ = try makeCatalog()
    try writeLocales(["xx.json": "{ not json"])
    let catalog = try LocaleCatalog(assetsFolder: assets, reading: [])
    XCTAssertEqual(catalog.availableLanguages, ["en", "de", "fr", "xx"])
    XCTAssertEqual(catalog.localizer(for: "fr")["menu.quit"], "Quitter")
    XCTAssertEqual(catalog.missingKeys(in: "de"), ["menu.help", "score"])
    let broken = catalog.localizer(for: "xx")
    XCTAssertEqual(broken.language, "en")
    XCTAssertEqual(broken["menu.quit"], "Quit")
    XCTAssertThrowsError(try LocaleCatalog(assetsFolder: assets), "read at once, it is refused")
  }

  func testInvalidJSONIsAOneLineError() throws {
    try writeLocales(["en.json": #"{"a": "A"}"#, "de.json": "{\n\"a\": \"A\",\n\"b\" \"B\"\n}"])

    XCTAssertThrowsError(try LocaleCatalog(assetsFolder: assets)) { error in
      XCTAssertEqual(
        String(describing: error), "locales/de.json cannot be used: not valid JSON")
    }
  }

  func testNonTextValueIsAOneLineError() throws {
    try writeLocales(["en.json": #"{"a": "A", "b": {"nested": "no"}}"#])

    XCTAssertThrowsError(try LocaleCatalog(assetsFolder: assets)) { error in
      XCTAssertEqual(
        String(describing: error), #"locales/en.json cannot be used: the value of "b" is not text"#)
    }
  }

  func testMissingEnglishIsAnError() throws {
    try writeLocales(["de.json": #"{"a": "A"}"#])

    XCTAssertThrowsError(try LocaleCatalog(assetsFolder: assets)) { error in
      XCTAssertEqual(
        String(describing: error), "could not read locales/en.json: No such file or directory")
    }
  }

  func testMissingLocalesFolderIsAnError() {
    XCTAssertThrowsError(try LocaleCatalog(assetsFolder: assets)) { error in
      XCTAssertEqual(String(describing: error), "could not read locales: No such file or directory")
    }
  }
}
