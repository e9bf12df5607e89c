import TerminalUI

extension HistoryModel: Feature {
  var titleKey: String { "history.title" }
  var keyHints: [KeyHint] { Self.keyHints }
  var screen: Screen { .history(self) }

  /// The patterns are read if they were not yet, so that sittings name what was practised.
  func opened(context: FeatureContext) -> [Effect] {
    context.patterns == nil ? [.loadPatterns] : []
  }

  func render(in area: Rect, model: AppModel, on canvas: inout Canvas) {
    HistoryView.render(self, model: model, in: area, on: &canvas)
  }

  mutating func handle(_ key: KeyEvent, context: inout FeatureContext) -> FeatureOutcome {
    handle(
      key.key, history: context.history, visibleRows: HistoryView.visibleRows(in: context.size))
    return FeatureOutcome()
  }
}
