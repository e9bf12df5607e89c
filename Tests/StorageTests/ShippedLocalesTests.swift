import Foundation
import Storage
import TestHelpers
import XCTest

/// Checks the locale files that ship in `assets/locales`.
final class ShippedLocalesTests: XCTestCase {
  static let shippedLanguages = ["ca", "en", "es", "ru"]

  private var catalog: LocaleCatalog!

  override func setUpWithError() throws {
    catalog = try LocaleCatalog(assetsFolder: RepositoryPaths.assets)
  }

  func testTheFourLanguagesShip() {
    XCTAssertEqual(catalog.availableLanguages, ["en", "ca", "es", "ru"])
  }

  func testNoKeyExistsOnlyInATranslation() {
    for language in catalog.availableLanguages {
      XCTAssertEqual(catalog.extraKeys(in: language), [], "\(language).json has keys English lacks")
    }
  }

  /// Every string the player can see is translated: a key English has and a language lacks
  /// would show in English (or, for a short name looked up with a fallback, in English too).
  func testEveryLanguageHasEveryKey() {
    for language in catalog.availableLanguages where language != "en" {
      XCTAssertEqual(catalog.missingKeys(in: language), [], "\(language).json lacks these keys")
    }
  }

  func testTranslationsKeepTheirPlaceholders() throws {
    let english = try table("en")
    for language in Self.shippedLanguages where language != "en" {
      for (key, text) in try table(language) {
        guard let original = english[key] else { continue }
        XCTAssertEqual(
          placeholders(in: text), placeholders(in: original), "\(language).json \(key): \(text)")
      }
    }
  }

  func testASCIIKeyLabelsAreASCII() throws {
    for language in Self.shippedLanguages {
      for (key, text) in try table(language) where key.hasSuffix(".ascii") {
        XCTAssertTrue(text.allSatisfy(\.isASCII), "\(language).json \(key): \(text)")
      }
    }
  }

  private func table(_ language: String) throws -> [String: String] {
    let url = RepositoryPaths.assets.appendingPathComponent("locales/\(language).json")
    return try JSONDecoder().decode([String: String].self, from: Data(contentsOf: url))
  }

  private func placeholders(in text: String) -> Set<String> {
    var names: Set<String> = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      names.insert(String(rest[rest.index(after: open)..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return names
  }
}
