/// The user-visible texts of one language, falling back to English for keys it lacks.
public struct Localizer: Equatable, Sendable {
  /// The language whose texts come first.
  public let language: String
  private let strings: [String: String]
  private let fallback: [String: String]

  public init(language: String, strings: [String: String], fallback: [String: String] = [:]) {
    self.language = language
    self.strings = strings
    self.fallback = fallback
  }

  /// The text for `key`; a key missing everywhere comes back as itself, so the gap shows on
  /// screen instead of crashing or leaving a blank.
  public subscript(key: String) -> String {
    strings[key] ?? fallback[key] ?? key
  }

  /// The text for `key`, or nil when no language has it, for names that may be the user's own.
  public func textIfPresent(_ key: String) -> String? {
    strings[key] ?? fallback[key]
  }

  /// The text for `key` with each `{name}` replaced by `arguments["name"]`. Placeholders without
  /// an argument stay as written, and inserted values are not searched for placeholders again.
  public func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
    let template = self[key]
    guard !arguments.isEmpty else { return template }
    var result = ""
    var rest = template[...]
    while let open = rest.firstIndex(of: "{"),
      let close = rest[open...].firstIndex(of: "}")
    {
      let name = String(rest[rest.index(after: open)..<close])
      result += rest[..<open]
      result += arguments[name] ?? String(rest[open...close])
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }
}
