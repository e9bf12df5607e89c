/// How good a passage of a take is, on the producers' five-step scale `✗ ± ok + ++`.
public enum Rating: Int, CaseIterable, Comparable, Sendable {
  case unusable, poor, usable, good, excellent

  /// Reads a rating as typed: its number `0`–`4` or its glyph, `x`/`✗`, `+-`/`±`, `ok`, `+`, `++`.
  public init?(_ token: some StringProtocol) {
    switch token {
    case "0", "x", "X", "✗": self = .unusable
    case "1", "+-", "±": self = .poor
    case "2", "ok", "OK": self = .usable
    case "3", "+": self = .good
    case "4", "++": self = .excellent
    default: return nil
    }
  }

  /// The glyph for terminals without Unicode; it is also what `init(_:)` reads back.
  public var ascii: String {
    switch self {
    case .unusable: "x"
    case .poor: "+-"
    case .usable: "ok"
    case .good: "+"
    case .excellent: "++"
    }
  }

  /// The glyph of the paper protocol.
  public var unicode: String {
    switch self {
    case .unusable: "✗"
    case .poor: "±"
    case .usable, .good, .excellent: ascii
    }
  }

  public static func < (lhs: Rating, rhs: Rating) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
