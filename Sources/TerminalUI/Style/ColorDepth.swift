/// How many colours the terminal can show; themes degrade to what is there.
public enum ColorDepth: Int, Comparable, Sendable, CaseIterable {
  case none = 0
  /// The eight basic colours of TERM=xterm, screen and the Linux console.
  case ansi8 = 8
  case ansi16 = 16
  case xterm256 = 256

  public init(colorCount: Int) {
    switch colorCount {
    case 256...: self = .xterm256
    case 16...: self = .ansi16
    case 8...: self = .ansi8
    default: self = .none
    }
  }

  public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }
}
