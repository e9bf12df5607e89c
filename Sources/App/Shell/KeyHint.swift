/// One key of a screen and what it does: shown in the hint bar and in the `?` overlay.
public struct KeyHint: Equatable, Sendable {
  public enum Keys: Equatable, Sendable {
    case upDown
    case leftRight
    case enter
    case escape
    case space
    /// The note names the player types, in the naming system chosen: a-g, do-si.
    case noteNames
    /// Any text: a name typed letter by letter.
    case typedText
    /// Every key does the same, as a tap does.
    case anyKey
    case text(String)
    /// A line of just this text, then Enter.
    case lineThenEnter(String)
  }

  public var keys: Keys
  public var actionKey: String
  /// Hints of secondary importance appear in the `?` overlay but not in the bottom bar.
  public var inBar: Bool

  public init(_ keys: Keys, _ actionKey: String, inBar: Bool = true) {
    self.keys = keys
    self.actionKey = actionKey
    self.inBar = inBar
  }

  static let help = KeyHint(.text("?"), "common.help")
  static let back = KeyHint(.escape, "common.back")
  static let quitNow = KeyHint(.text("Ctrl-C"), "help.key.ctrlC", inBar: false)

  /// The keys of a line being typed: the text, Enter to do `enter`, Esc to give it up.
  static func typing(_ what: String, enter: String) -> [KeyHint] {
    [
      KeyHint(.typedText, what), KeyHint(.enter, enter),
      KeyHint(.escape, "common.cancel"), KeyHint(.text("Backspace"), "common.erase", inBar: false),
    ]
  }
}
