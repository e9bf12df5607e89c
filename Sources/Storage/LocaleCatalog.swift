import Files
import FoundationEssentials
import Glibc

/// The translations shipped in `assets/locales/<language>.json`, each a flat JSON object from
/// key to text. English is the reference every other language is checked against and falls
/// back to.
public struct LocaleCatalog: Equatable, Sendable {
  public static let fallbackLanguage = "en"

  /// Language code → key → text.
  private let tables: [String: [String: String]]

  public init(tables: [String: [String: String]]) {
    self.tables = tables
  }

  /// Loads every `*.json` in `assetsFolder/locales`. Fails on the first file that cannot be read
  /// or is not a flat object of strings, and when English is missing.
  public init(assetsFolder: URL) throws(StorageError) {
    let folder = assetsFolder.appendingPathComponent("locales", isDirectory: true)
    let names: [String]
    do throws(SystemError) {
      names = try Platform.listFolder(folder)
    } catch {
      throw StorageError.cannotRead(file: "locales", reason: error.description)
    }
    var tables: [String: [String: String]] = [:]
    for name in names where name.hasSuffix(".json") && !name.hasPrefix(".") {
      let language = String(name.dropLast(".json".count))
      tables[language] = try Self.table(from: folder.appendingPathComponent(name))
    }
    guard tables[Self.fallbackLanguage] != nil else {
      let english = "locales/\(Self.fallbackLanguage).json"
      throw StorageError.cannotRead(file: english, reason: SystemError(code: ENOENT).description)
    }
    self.init(tables: tables)
  }

  /// Language codes with a locale file, English first, then alphabetical.
  public var availableLanguages: [String] {
    let others = tables.keys.filter { $0 != Self.fallbackLanguage }.sorted()
    return tables[Self.fallbackLanguage] == nil ? others : [Self.fallbackLanguage] + others
  }

  /// Texts for `language` backed by English; an unknown language gives plain English.
  public func localizer(for language: String) -> Localizer {
    let english = tables[Self.fallbackLanguage] ?? [:]
    guard let strings = tables[language] else {
      return Localizer(language: Self.fallbackLanguage, strings: english)
    }
    return Localizer(language: language, strings: strings, fallback: english)
  }

  /// English keys that `language` does not translate, sorted.
  public func missingKeys(in language: String) -> [String] {
    let own = tables[language] ?? [:]
    return (tables[Self.fallbackLanguage] ?? [:]).keys.filter { own[$0] == nil }.sorted()
  }

  /// Keys in `language` that English does not have (typos or leftovers), sorted.
  public func extraKeys(in language: String) -> [String] {
    let english = tables[Self.fallbackLanguage] ?? [:]
    return (tables[language] ?? [:]).keys.filter { english[$0] == nil }.sorted()
  }

  private static func table(from file: URL) throws(StorageError) -> [String: String] {
    let name = "locales/\(file.lastPathComponent)"
    let data: Data
    do throws(FileError) {
      data = try RegularFile.read(file, as: .locale)
    } catch {
      throw StorageError.cannotRead(file: name, reason: error.description)
    }
    let document: JSONValue
    do throws(JSONSyntaxError) {
      document = try JSONValue(parsing: data)
    } catch {
      throw StorageError.malformed(file: name, reason: error.description)
    }
    guard case .object(let members) = document else {
      throw StorageError.malformed(file: name, reason: "it is not a JSON object")
    }
    var table: [String: String] = [:]
    for (key, value) in members {
      guard case .string(let text) = value else {
        throw StorageError.malformed(file: name, reason: "the value of \"\(key)\" is not text")
      }
      table[key] = text
    }
    return table
  }
}
