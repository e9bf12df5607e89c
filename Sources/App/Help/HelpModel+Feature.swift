import TerminalUI

extension HelpModel: Feature {
  var titleKey: String { "help.title" }
  var keyHints: [KeyHint] { Self.keyHints }
  var screen: Screen { .help(self) }

  func render(in area: Rect, model: AppModel, on canvas: inout Canvas) {
    HelpView.render(self, model: model, in: area, on: &canvas)
  }

  mutating func handle(_ key: KeyEvent, context: inout FeatureContext) -> FeatureOutcome {
    let visibleRows = HelpView.visibleRows(in: context.size)
    let transition = handle(key.key, visibleRows: visibleRows)
    clampScroll(
      contentRows: context.helpLineCount(HelpView.textWidth(in: context.size)),
      visibleRows: visibleRows)
    return FeatureOutcome([], transition)
  }
}
