import Practice
import TerminalUI

/// The history screen: past sessions newest first, one chosen to show its details, and a
/// filter by module so that one module's accuracy is charted on its own.
public struct HistoryModel: Equatable, Sendable {
  /// Index into the shown sessions, newest first.
  public private(set) var selected = 0
  /// First shown row of the table.
  public private(set) var scroll = 0
  /// The module shown; nil shows all.
  public private(set) var module: String?

  public init() {}

  static let keyHints: [KeyHint] = [
    KeyHint(.upDown, "common.move"),
    KeyHint(.text("Tab"), "history.key.module"),
    .back,
    .help,
  ]

  /// The sessions shown, newest first.
  func sessions(_ history: [SessionRecord]) -> [SessionRecord] {
    history.filter { module == nil || $0.module == module }.reversed()
  }

  /// The modules there are sessions of, in the order first practised.
  static func modules(_ history: [SessionRecord]) -> [String] {
    var modules: [String] = []
    for record in history where !modules.contains(record.module) { modules.append(record.module) }
    return modules
  }

  mutating func handle(_ key: Key, history: [SessionRecord], visibleRows: Int) {
    let count = sessions(history).count
    switch key {
    case .up, .character("k"): selected = max(0, selected - 1)
    case .down, .character("j"): selected = min(max(0, count - 1), selected + 1)
    case .pageUp: selected = max(0, selected - max(1, visibleRows - 1))
    case .pageDown: selected = min(max(0, count - 1), selected + max(1, visibleRows - 1))
    case .home: selected = 0
    case .end: selected = max(0, count - 1)
    case .tab:
      let choices = [nil] + Self.modules(history).map(Optional.some)
      let index = choices.firstIndex(of: module) ?? 0
      module = choices[(index + 1) % choices.count]
      selected = 0
    default: break
    }
    if selected < scroll { scroll = selected }
    if visibleRows > 0, selected >= scroll + visibleRows { scroll = selected - visibleRows + 1 }
  }
}
