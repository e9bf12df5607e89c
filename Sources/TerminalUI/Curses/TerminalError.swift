/// Why the full-screen interface could not start.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
  /// Standard input or output is redirected or piped.
  case notATerminal
  case cannotStart(String)

  public var description: String {
    switch self {
    case .notATerminal:
      "the full-screen interface needs a terminal, but standard input or output is not one"
    case .cannotStart(let reason):
      "cannot start the full-screen interface: \(reason)"
    }
  }
}
