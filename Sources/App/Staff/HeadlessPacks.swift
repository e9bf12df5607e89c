import FoundationEssentials
import Storage
import TerminalUI

/// `woodshed packs`: the note packs there are, and adding one of your own.
public enum HeadlessPacks {
  /// One line per pack, easiest first: id, clef, how many notes, name, and where it is from.
  /// Files that cannot be used come after, one line each.
  public static func list(environment: [String: String]) throws(Launcher.Failure) -> String {
    let library = library(try Launcher.prepare(environment: environment))
    let idWidth = library.entries.map(\.pack.id.count).max() ?? 0
    let clefWidth = library.entries.map(\.pack.staff.name.count).max() ?? 0
    var lines = library.entries.map { entry in
      let pack = entry.pack
      return [
        pack.id.padded(toWidth: idWidth), pack.staff.name.padded(toWidth: clefWidth),
        "\(pack.notes.count) notes".padded(toWidth: 9),
        pack.name + (entry.isBuiltIn ? "" : " (yours)"),
      ].joined(separator: "  ")
    }
    lines += library.problems.map { "skipped: \($0)" }
    return lines.map { $0 + "\n" }.joined()
  }

  /// Checks the file and copies it into the user's packs folder.
  public static func add(file path: String, environment: [String: String])
    throws(Launcher.Failure) -> String
  {
    let ground = try Launcher.prepare(environment: environment)
    do {
      let pack = try library(ground).add(
        file: URL(fileURLWithPath: path), into: ground.paths.packsFolder)
      return "added \(pack.id): \(pack.name) (\(pack.notes.count) notes, \(pack.staff.name))\n"
    } catch {
      throw Launcher.Failure(description: error.description)
    }
  }

  static func library(_ ground: Launcher.Ground) -> PackLibrary {
    PackLibrary(
      builtIn: ground.assets.appendingPathComponent("packs", isDirectory: true),
      user: ground.paths.packsFolder)
  }
}
