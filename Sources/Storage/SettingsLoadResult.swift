/// What `SettingsStoring.load()` found: usable settings, always, and what the user should be told.
public struct SettingsLoadResult: Equatable, Sendable {
  public var settings: Settings
  /// Empty when the file was fine or simply absent.
  public let notices: [SettingsNotice]
  /// False when saving would risk overwriting something the user wrote; `save` then throws.
  public let canSave: Bool

  public init(settings: Settings, notices: [SettingsNotice] = [], canSave: Bool = true) {
    self.settings = settings
    self.notices = notices
    self.canSave = canSave
  }
}
