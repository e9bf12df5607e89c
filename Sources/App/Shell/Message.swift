import Storage

/// Text to show, kept as a locale key and arguments so it follows a language change. An
/// argument can itself be a message, worded in the same language.
public struct Message: Equatable, Sendable {
  public var key: String
  public var arguments: [String: String]
  public var nested: [String: Message]

  public init(_ key: String, _ arguments: [String: String] = [:], nested: [String: Message] = [:]) {
    self.key = key
    self.arguments = arguments
    self.nested = nested
  }
}

extension Localizer {
  func text(_ message: Message) -> String {
    var arguments = message.arguments
    for (name, inner) in message.nested {
      arguments[name] = text(inner)
    }
    return text(message.key, arguments)
  }
}
