import FoundationEssentials

/// Where Woodshed keeps its files: the XDG config, data and state folders, or the three folders
/// under `WOODSHED_HOME` (handy for tests, demos and portable installs).
public struct StoragePaths: Equatable, Sendable {
  public let configFolder: URL
  public let dataFolder: URL
  public let stateFolder: URL

  public init(configFolder: URL, dataFolder: URL, stateFolder: URL) {
    self.configFolder = configFolder
    self.dataFolder = dataFolder
    self.stateFolder = stateFolder
  }

  /// Reads only `environment`, so the result is the same wherever it is computed.
  /// Without a usable `HOME`, `fallbackHome` (the account's home folder by default) stands in.
  public init(
    environment: [String: String],
    fallbackHome: @autoclosure () -> URL = FileManager.default.homeDirectoryForCurrentUser
  ) {
    if let home = environment["WOODSHED_HOME"], !home.isEmpty {
      let root = URL(fileURLWithPath: home, isDirectory: true)
      self.init(
        configFolder: root.appendingPathComponent("config", isDirectory: true),
        dataFolder: root.appendingPathComponent("data", isDirectory: true),
        stateFolder: root.appendingPathComponent("state", isDirectory: true))
      return
    }
    let home =
      environment["HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
      ?? fallbackHome()
    func folder(_ variable: String, default relative: String) -> URL {
      // The XDG spec says relative values are invalid and must be ignored.
      let base =
        environment[variable].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
        ?? home.appendingPathComponent(relative, isDirectory: true)
      return base.appendingPathComponent("woodshed", isDirectory: true)
    }
    self.init(
      configFolder: folder("XDG_CONFIG_HOME", default: ".config"),
      dataFolder: folder("XDG_DATA_HOME", default: ".local/share"),
      stateFolder: folder("XDG_STATE_HOME", default: ".local/state"))
  }

  public var settingsFile: URL { configFolder.appendingPathComponent("settings.json") }
  public var historyFile: URL { dataFolder.appendingPathComponent("history.jsonl") }
  public var patternsFolder: URL {
    dataFolder.appendingPathComponent("patterns", isDirectory: true)
  }
  /// Note packs the user added with `woodshed packs add`.
  public var packsFolder: URL { dataFolder.appendingPathComponent("packs", isDirectory: true) }
  /// The user's own rhythm patterns, read beside those in `assets/rhythms`.
  public var rhythmsFolder: URL {
    dataFolder.appendingPathComponent("rhythms", isDirectory: true)
  }
  public var protocolsFolder: URL {
    dataFolder.appendingPathComponent("protocols", isDirectory: true)
  }
  /// The user's own WAV sounds that replace built-in ones (click.wav, accent.wav …).
  public var soundsFolder: URL { dataFolder.appendingPathComponent("sounds", isDirectory: true) }
  public var logFile: URL { stateFolder.appendingPathComponent("woodshed.log") }
  public var playbackLogFile: URL { stateFolder.appendingPathComponent("playback.jsonl") }
  /// The practice-room server's login (`woodshed login`): present while someone is logged in.
  public var accountFile: URL { configFolder.appendingPathComponent("account.json") }

  /// Checks the three folders, creating them if missing, in the order `woodshed doctor` lists them.
  public func checkFolders() -> [FolderCheck] {
    [configFolder, dataFolder, stateFolder].map(FolderCheck.init(checking:))
  }
}
