/// Why a text is not valid JSON, with the 1-based line where the problem was found.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  public let line: Int
  /// What is wrong, in a few words ("unexpected character", "unterminated string").
  public let problem: String

  public var description: String { "not valid JSON (line \(line))" }
}
