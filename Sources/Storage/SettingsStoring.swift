/// Loads and saves settings; the app talks to this protocol so its tests can use a fake.
public protocol SettingsStoring: Sendable {
  /// Never fails: problems become defaults plus notices.
  func load() -> SettingsLoadResult
  /// Throws an error whose description is one line for the user.
  func save(_ settings: Settings) throws
}
