import TerminalUI

/// The help screen: what Woodshed is, the keys that work everywhere, and where files live.
public struct HelpModel: Equatable, Sendable {
  /// First visible line; the view clamps it to the content it lays out.
  public private(set) var scroll = 0

  public init() {}

  static let keyHints: [KeyHint] = [
    KeyHint(.upDown, "common.scroll"),
    .back,
    .help,
    .quitNow,
  ]

  mutating func handle(_ key: Key, visibleRows: Int) -> Transition? {
    switch key {
    case .up, .character("k"): scroll = max(0, scroll - 1)
    case .down, .character("j"): scroll += 1
    case .pageUp: scroll = max(0, scroll - max(1, visibleRows - 1))
    case .pageDown: scroll += max(1, visibleRows - 1)
    case .home: scroll = 0
    default: break
    }
    return nil
  }

  mutating func clampScroll(contentRows: Int, visibleRows: Int) {
    scroll = min(scroll, max(0, contentRows - visibleRows))
  }
}
