/// A key and the moment its first byte was read from the terminal.
public struct KeyEvent: Hashable, Sendable {
  public let key: Key
  public let time: MonotonicInstant

  public init(_ key: Key, time: MonotonicInstant) {
    self.key = key
    self.time = time
  }
}
