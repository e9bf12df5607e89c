import Files
import FoundationEssentials
import Glibc
import Synchronization

/// The translations shipped in `assets/locales/<language>.json`, each a flat JSON object from
/// key to text. English is the reference every other language is checked against and falls
/// back to.
public struct LocaleCatalog: Equatable, Sendable {
  public static let fallbackLanguage = "en"

  /// Language code → key → text, for the languages read at once.
  private let tables: [String: [String: String]]
  /// The other languages' files, read when first asked for: a run speaks one language, and
  /// every table held costs the practice room's memory.
  private let later: LaterTables?

  public init(tables: [String: [String: String]]) {
    self.tables = tables
    later = nil
  }

  /// Reads English and `languages` (every `*.json` in `assetsFolder/locales` without them),
  /// and the other languages' files when first asked for. Fails on the first file read that
  /// cannot be read or is not a flat object of strings, and when English is missing; a file
  /// read later that fails leaves its language in English.
  public init(assetsFolder: URL, reading languages: Set<String>? = nil) throws(StorageError) {
    let folder = assetsFolder.appendingPathComponent("locales", isDirectory: true)
    let names: [String]
    do throws(SystemError) {
      names = try Platform.listFolder(folder)
    } catch {
      throw StorageError.cannotRead(file: "locales", reason: error.description)
    }
    var tables: [String: [String: String]] = [:]
    var files: [String: URL] = [:]
    for name in names where name.hasSuffix(".json") && !name.hasPrefix(".") {
      let language = String(name.dropLast(".json".count))
      let file = folder.appendingPathComponent(name)
      if language == Self.fallbackLanguage || languages?.contains(language) != false {
        tables[language] = try Self.table(from: file)
      } else {
        files[language] = file
      }
    }
    guard tables[Self.fallbackLanguage] != nil else {
      let english = "locales/\(Self.fallbackLanguage).json"
      throw StorageError.cannotRead(file: english, reason: SystemError(code: ENOENT).description)
    }
    self.tables = tables
    later = files.isEmpty ? nil : LaterTables(files: files)
  }

  public static func == (lhs: LocaleCatalog, rhs: LocaleCatalog) -> Bool {
    lhs.tables == rhs.tables && lhs.later?.files == rhs.later?.files
  }

  /// Language codes with a locale file, English first, then alphabetical.
  public var availableLanguages: [String] {
    let codes = Set(tables.keys).union(later?.files.keys ?? [:].keys)
    let others = codes.filter { $0 != Self.fallbackLanguage }.sorted()
    return codes.contains(Self.fallbackLanguage) ? [Self.fallbackLanguage] + others : others
  }

  private func table(_ language: String) -> [String: String]? {
    tables[language] ?? later?.table(language)
  }

  /// Texts for `language` backed by English; an unknown language gives plain English.
  public func localizer(for language: String) -> Localizer {
    let english = tables[Self.fallbackLanguage] ?? [:]
    guard let strings = table(language) else {
      return Localizer(language: Self.fallbackLanguage, strings: english)
    }
    return Localizer(language: language, strings: strings, fallback: english)
  }

  /// English keys that `language` does not translate, sorted.
  public func missingKeys(in language: String) -> [String] {
    let own = table(language) ?? [:]
    return (tables[Self.fallbackLanguage] ?? [:]).keys.filter { own[$0] == nil }.sorted()
  }

  /// Keys in `language` that English does not have (typos or leftovers), sorted.
  public func extraKeys(in language: String) -> [String] {
    let english = tables[Self.fallbackLanguage] ?? [:]
    return (table(language) ?? [:]).keys.filter { english[$0] == nil }.sorted()
  }

  /// The tables of the languages not read at once, each read once when first asked for.
  private final class LaterTables: Sendable {
    let files: [String: URL]
    private let read = Mutex<[String: [String: String]]>([:])

    init(files: [String: URL]) {
      self.files = files
    }

    func table(_ language: String) -> [String: String]? {
      if let table = read.withLock({ $0[language] }) { return table }
      guard let file = files[language], let table = try? LocaleCatalog.table(from: file) else {
        return nil
      }
      read.withLock { $0[language] = table }
      return table
    }
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
