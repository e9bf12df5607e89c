/// One setting's place in `settings.json` and in `Settings`, with its validity rule.
struct SettingsField: Sendable {
  /// Keys from the top-level object down, e.g. `["volumes", "master"]`.
  let path: [String]
  private let readValue: @Sendable (JSONValue, inout Settings) -> Bool
  private let writeValue: @Sendable (Settings) -> JSONValue?

  /// `name` is the key, or keys from the top down joined by dots ("volumes.master").
  init<Value: JSONRepresentable & Sendable>(
    _ name: String,
    _ keyPath: WritableKeyPath<Settings, Value> & Sendable,
    isValid: @escaping @Sendable (Value) -> Bool = { _ in true }
  ) {
    path = name.split(separator: ".").map(String.init)
    readValue = { json, settings in
      guard let value = Value(json: json), isValid(value) else { return false }
      settings[keyPath: keyPath] = value
      return true
    }
    writeValue = { settings in
      let value = settings[keyPath: keyPath]
      return isValid(value) ? value.json : nil
    }
  }

  /// The name users see in notices, e.g. "volumes.master".
  var name: String { path.joined(separator: ".") }

  /// Stores `json` into `settings`; returns false, leaving `settings` unchanged, if it is not a
  /// valid value for this field.
  func read(_ json: JSONValue, into settings: inout Settings) -> Bool {
    readValue(json, &settings)
  }

  /// The JSON for this field's value in `settings`, or nil if the value is out of range.
  func json(from settings: Settings) -> JSONValue? {
    writeValue(settings)
  }
}
