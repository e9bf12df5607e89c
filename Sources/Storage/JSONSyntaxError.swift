/// Text that is not valid JSON. Foundation's decoder does not say where the problem is.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  public var description: String { "not valid JSON" }
}
