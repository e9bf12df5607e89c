import FoundationEssentials
import MusicTheory
import Storage

/// `woodshed patterns`: the fretboard patterns there are, and sharing them as files.
public enum HeadlessPatterns {
  static func library(_ ground: Launcher.Ground) -> PatternLibrary {
    PatternLibrary(
      builtIn: ground.assets.appendingPathComponent("patterns"), user: ground.paths.patternsFolder)
  }

  /// One line per pattern in the order the fretboard offers them: id, category, tones, name,
  /// and whether it is the user's own. Files that cannot be used come after, one line each.
  public static func list(environment: [String: String]) throws(Launcher.Failure) -> String {
    let library = library(try Launcher.prepare(environment: environment))
    let own = Set(library.entries.filter { !$0.isBuiltIn }.map(\.pattern.id))
    let patterns = PatternOrder.sorted(library.patterns)
    let idWidth = patterns.map(\.id.count).max() ?? 0
    var lines = patterns.map { pattern in
      [
        pattern.id.padded(toWidth: idWidth), pattern.category.rawValue.padded(toWidth: 8),
        "\(pattern.tones.count) notes".padded(toWidth: 8),
        pattern.name + (own.contains(pattern.id) ? " (yours)" : ""),
      ].joined(separator: "  ")
    }
    lines += library.problems.map { "skipped: \($0)" }
    return lines.map { $0 + "\n" }.joined()
  }

  /// The pattern's file, for `woodshed patterns export ID > file.json`.
  public static func export(id: String, environment: [String: String]) throws(Launcher.Failure)
    -> String
  {
    let library = library(try Launcher.prepare(environment: environment))
    guard let pattern = library.pattern(id: id) else {
      throw Launcher.Failure(
        description: "no pattern has the id \"\(id)\"; `woodshed patterns list` shows them")
    }
    guard let data = try? pattern.fileData() else {
      throw Launcher.Failure(description: "the pattern \"\(id)\" could not be written as JSON")
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// Checks the file and copies it into the user's patterns; an id already taken is refused
  /// unless `force` (and a built-in pattern is never replaced).
  public static func importFile(
    _ path: String, force: Bool, environment: [String: String]
  ) throws(Launcher.Failure) -> String {
    let ground = try Launcher.prepare(environment: environment)
    do {
      let pattern = try library(ground).add(
        file: URL(fileURLWithPath: path), into: ground.paths.patternsFolder, replacing: force)
      return "imported \(pattern.id): \(pattern.name) (\(pattern.tones.count) notes)\n"
    } catch {
      throw Launcher.Failure(description: error.description)
    }
  }
}
