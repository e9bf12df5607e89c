import Practice
import TerminalUI

/// The history screen: the practice log (minutes per day, streaks, totals) over the sittings
/// newest first, one chosen to show its details, and a filter by module.
public struct HistoryModel: Equatable, Sendable {
  /// Index into the shown sittings, newest first.
  public private(set) var selected = 0
  /// First shown row of the table.
  public private(set) var scroll = 0
  /// The module shown; nil shows all.
  public private(set) var module: String?
  /// The log of the module shown, kept so that a long history is not read again every frame.
  private(set) var log: PracticeLog
  /// The sittings of `log`, newest first.
  public private(set) var sittings: [PracticeSession]
  private let utcOffset: Int

  init(history: [SessionRecord], utcOffset: Int) {
    self.utcOffset = utcOffset
    log = PracticeLog(records: history, utcOffset: { _ in utcOffset })
    sittings = log.sessions.reversed()
  }

  static let keyHints: [KeyHint] = [
    KeyHint(.upDown, "common.move"),
    KeyHint(.text("Tab"), "history.key.module"),
    .back,
    .help,
  ]

  /// The modules there are sessions of, in the order first practised.
  static func modules(_ history: [SessionRecord]) -> [String] {
    var modules: [String] = []
    for record in history where !modules.contains(record.module) { modules.append(record.module) }
    return modules
  }

  mutating func handle(_ key: Key, history: [SessionRecord], visibleRows: Int) {
    let count = sittings.count
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
      let offset = utcOffset
      log = PracticeLog(
        records: history.filter { module == nil || $0.module == module }, utcOffset: { _ in offset }
      )
      sittings = log.sessions.reversed()
      selected = 0
    default: break
    }
    if selected < scroll { scroll = selected }
    if visibleRows > 0, selected >= scroll + visibleRows { scroll = selected - visibleRows + 1 }
  }
}
