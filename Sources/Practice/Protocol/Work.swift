/// A work recorded in the session; its movements are kept in order of their numbers.
public struct Work: Equatable, Sendable {
  /// Empty for the work a session starts with when no `work` line comes first.
  public let name: String
  public internal(set) var movements: [Movement] = []

  init(name: String) {
    self.name = name
  }
}
