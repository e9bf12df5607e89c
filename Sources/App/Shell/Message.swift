/// Text to show, kept as a locale key and arguments so it follows a language change.
public struct Message: Equatable, Sendable {
  public var key: String
  public var arguments: [String: String]

  public init(_ key: String, _ arguments: [String: String] = [:]) {
    self.key = key
    self.arguments = arguments
  }
}
