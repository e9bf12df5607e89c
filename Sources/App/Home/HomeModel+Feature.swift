import TerminalUI

extension HomeModel: Feature {
  var titleKey: String { "home.title" }
  var keyHints: [KeyHint] { Self.keyHints }
  var screen: Screen { .home(self) }

  func render(in area: Rect, model: AppModel, on canvas: inout Canvas) {
    HomeView.render(self, model: model, in: area, on: &canvas)
  }

  mutating func handle(_ key: KeyEvent, context: inout FeatureContext) -> FeatureOutcome {
    var transition = handle(
      key.key, seed: key.time.nanoseconds, history: context.history,
      utcOffset: context.utcOffset, keyRoute: context.overrides.keyRoute)
    // The Fretboard opens on the player's patterns: its cursor on the first of them, when the
    // patterns are read already (else once they are).
    if case .push(.fretboard(var fretboard)) = transition, let patterns = context.patterns {
      fretboard.keepSelectionListed(
        patterns, strings: context.strings, mine: context.minePatternIds)
      transition = .push(.fretboard(fretboard))
    }
    return FeatureOutcome([], transition)
  }
}
