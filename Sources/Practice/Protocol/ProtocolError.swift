/// Why the protocol refused an entry, in one line the producer can act on, such as
/// `bar 250 is not in movement 1 (0–245)`. A refused entry changes nothing.
public struct ProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
  public let description: String
  /// The refusal as a locale key and its arguments, for the app to say in the producer's
  /// language; nil where it is said in English only.
  public let key: String?
  public let arguments: [String: String]

  init(_ description: String, key: String? = nil, arguments: [String: String] = [:]) {
    self.description = description
    self.key = key
    self.arguments = arguments
  }
}
