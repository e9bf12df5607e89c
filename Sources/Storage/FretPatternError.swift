/// What is wrong with a pattern file, naming the field: "tones[3].string: 7 is not a string of
/// Guitar standard (1 to 6)".
public struct FretPatternError: Error, Equatable, Sendable, CustomStringConvertible {
  public let field: String
  public let reason: String

  public init(field: String, reason: String) {
    self.field = field
    self.reason = reason
  }

  public var description: String { "\(field): \(reason)" }
}
