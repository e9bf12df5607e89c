import Foundation
import Storage
import TestHelpers
import XCTest

/// Checks the locale files that ship in `assets/locales`.
final class ShippedLocalesTests: XCTestCase {
  /// Strings of the foundation (home, settings, help, doctor, notices…): every shipped
  /// language has all of them. Later modules' strings may reach English first.
  static let foundationPrefixes = [
    "app.", "audio.", "common.", "doctor.", "glyphs.", "help.", "home.", "key.", "keys.",
    "language.", "naming.", "notice.", "settings.", "theme.", "tooSmall.",
  ]
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

  func testListsMissingKeysAndRequiresTheFoundationOnes() {
    for language in catalog.availableLanguages where language != "en" {
      let missing = catalog.missingKeys(in: language)
      if !missing.isEmpty {
        print(
          "\(language).json lacks \(missing.count) key(s), shown in English: \(missing.joined(separator: ", "))"
        )
      }
      let required = missing.filter { key in Self.foundationPrefixes.contains { key.hasPrefix($0) }
      }
      XCTAssertEqual(required, [], "\(language).json lacks foundation strings")
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
