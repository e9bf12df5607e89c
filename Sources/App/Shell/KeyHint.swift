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
    case text(String)
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
}
