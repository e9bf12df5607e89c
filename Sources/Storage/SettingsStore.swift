import Files
import FoundationEssentials
import Glibc
import Synchronization

/// `settings.json` on disk. Keys this version does not know are kept, a broken file is set aside
/// before anything replaces it, and a file that could not be read or comes from a newer Woodshed
/// is never overwritten in this run.
public final class SettingsStore: SettingsStoring {
  public let file: URL
  private let now: @Sendable () -> Date
  /// Nil until the first load.
  private let state = Mutex<State?>(nil)

  private struct State {
    /// The JSON object last loaded or saved, into which `save` merges.
    var document: JSONValue
    /// Why saving is refused for the rest of this run, if it is.
    var refusal: String?
  }

  /// `now` dates the `.bad-<timestamp>` copies; tests pass a fixed date.
  public init(file: URL, now: @escaping @Sendable () -> Date = Date.init) {
    self.file = file
    self.now = now
  }

  public convenience init(paths: StoragePaths, now: @escaping @Sendable () -> Date = Date.init) {
    self.init(file: paths.settingsFile, now: now)
  }

  public func load() -> SettingsLoadResult {
    state.withLock { state in
      let (loaded, result) = read()
      state = loaded
      return result
    }
  }

  /// Whether the file loaded holds `key`: a setting the player has chosen, rather than its
  /// default.
  public func holds(_ key: String) -> Bool {
    state.withLock { state in
      guard case .object(let members) = state?.document else { return false }
      return members[key] != nil
    }
  }

  public func save(_ settings: Settings) throws(StorageError) {
    try state.withLock { (state) throws(StorageError) in
      // Saving before loading must not replace a file nobody has looked at.
      let current = state ?? read().state
      state = current
      if let refusal = current.refusal {
        throw StorageError.saveRefused(file: file.lastPathComponent, reason: refusal)
      }
      let document: JSONValue
      switch settings.merged(into: current.document) {
      case .success(let merged): document = merged
      case .failure(let invalid):
        throw cannotSave("invalid values for \(invalid.keys.joined(separator: ", "))")
      }
      let written = try joined(document, since: current.document)
      guard let data = try? written.serialized() else {
        throw cannotSave("the settings could not be turned into JSON")
      }
      try AtomicFile.write(data + Data("\n".utf8), to: file)
      state = State(document: document)
    }
  }

  /// What to write: `document`, the caller's settings, joined with what another program (a
  /// background sync joining another machine's settings) wrote to the file since the caller's
  /// settings were read (`known`), field by field: a field only the file changed keeps the
  /// file's value, one the caller changed the caller's. A file that cannot be read now is
  /// replaced as before; one from a newer Woodshed is not.
  private func joined(_ document: JSONValue, since known: JSONValue) throws(StorageError)
    -> JSONValue
  {
    guard let data = try? RegularFile.read(file, as: .settings),
      let onDisk = try? JSONValue(parsing: data), case .object = onDisk, onDisk != known
    else { return document }
    let version = Settings.decoded(from: onDisk).settings.version
    if version > Settings.currentVersion {
      throw StorageError.saveRefused(
        file: file.lastPathComponent, reason: "it is from a newer Woodshed (version \(version))")
    }
    return SettingsMerge.merged(
      .init(settings: document, modifiedAt: now()),
      .init(settings: onDisk, modifiedAt: .distantPast), base: known)
  }

  private func read() -> (state: State, result: SettingsLoadResult) {
    let name = file.lastPathComponent
    let data: Data
    do throws(FileError) {
      data = try RegularFile.read(file, as: .settings)
    } catch  where error.code == ENOENT {
      return (State(document: .object([:])), SettingsLoadResult(settings: Settings()))
    } catch {
      return refuse(
        Settings(), because: "it could not be read when Woodshed started",
        notice: .unreadable(file: name, reason: "\(error)"))
    }

    let problem: SettingsNotice.Problem
    do throws(JSONSyntaxError) {
      let document = try JSONValue(parsing: data)
      if case .object = document { return interpret(document) }
      problem = .notAnObject
    } catch {
      problem = .notJSON
    }
    do throws(StorageError) {
      let kept = try Quarantine.setAside(file, at: now(), by: .rename)
      let notice = SettingsNotice.setAside(
        file: name, problem: problem, keptAs: kept.lastPathComponent)
      return (
        State(document: .object([:])),
        SettingsLoadResult(settings: Settings(), notices: [notice])
      )
    } catch {
      return refuse(
        Settings(), because: "it is broken and could not be set aside",
        notice: .cannotSetAside(file: name, problem: problem, reason: error.reason))
    }
  }

  /// Handles a file that is a JSON object: newer versions and wrong values.
  private func interpret(_ document: JSONValue) -> (state: State, result: SettingsLoadResult) {
    let name = file.lastPathComponent
    let (settings, invalidKeys) = Settings.decoded(from: document)
    if settings.version > Settings.currentVersion {
      let newer = "from a newer Woodshed (version \(settings.version))"
      return refuse(
        settings, because: "it is \(newer)",
        notice: .newerVersion(file: name, version: settings.version))
    }
    guard !invalidKeys.isEmpty else {
      return (State(document: document), SettingsLoadResult(settings: settings))
    }
    // The next save replaces the wrong values, so keep what the user wrote first.
    do throws(StorageError) {
      let kept = try Quarantine.setAside(file, at: now(), by: .copy)
      let notice = SettingsNotice.invalidValues(
        file: name, keys: invalidKeys, keptAs: kept.lastPathComponent)
      return (
        State(document: document), SettingsLoadResult(settings: settings, notices: [notice])
      )
    } catch {
      return refuse(
        settings, because: "its invalid values could not be copied aside",
        notice: .invalidValuesNotCopied(file: name, keys: invalidKeys, reason: error.reason))
    }
  }

  /// Makes this run read-only.
  private func refuse(_ settings: Settings, because reason: String, notice: SettingsNotice)
    -> (state: State, result: SettingsLoadResult)
  {
    (
      State(document: .object([:]), refusal: reason),
      SettingsLoadResult(
        settings: settings, notices: [notice],
        canSave: false)
    )
  }

  private func cannotSave(_ reason: String) -> StorageError {
    StorageError.cannotSave(file: file.lastPathComponent, reason: reason)
  }
}
