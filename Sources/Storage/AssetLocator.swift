import FoundationEssentials

/// Finds the `assets` folder (locales, packs, patterns, rhythms) for a development build and for
/// an installed program alike.
public enum AssetLocator {
  /// In order: `$WOODSHED_ASSETS`; the first `assets` folder holding `locales/en.json` found
  /// walking up from the executable's folder (so `.build/debug/woodshed` finds the repository's
  /// assets); `<executable folder>/../share/woodshed/assets` if it exists. Nil if none applies.
  public static func find(environment: [String: String], executableURL: URL?) -> URL? {
    if let explicit = environment["WOODSHED_ASSETS"], !explicit.isEmpty {
      return URL(fileURLWithPath: explicit, isDirectory: true)
    }
    guard let executableURL else { return nil }
    // A symlink in ~/.local/bin should lead to the real build, not to ~/.local/assets.
    let binFolder = executableURL.resolvingSymlinksInPath().deletingLastPathComponent()
    var folder = binFolder
    while true {
      let candidate = folder.appendingPathComponent("assets", isDirectory: true)
      if Platform.fileExists(candidate.appendingPathComponent("locales/en.json").path) {
        return candidate
      }
      let parent = folder.deletingLastPathComponent()
      if parent.path == folder.path { break }
      folder = parent
    }
    let installed = binFolder.deletingLastPathComponent()
      .appendingPathComponent("share/woodshed/assets", isDirectory: true)
    return Platform.isFolder(installed.path) ? installed : nil
  }
}
