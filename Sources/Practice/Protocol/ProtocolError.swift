/// Why the protocol refused an entry, in one line the producer can act on, such as
/// `bar 250 is not in movement 1 (0–245)`. A refused entry changes nothing.
public struct ProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}
