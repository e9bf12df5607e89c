import TerminalUI

extension HomeModel: Feature {
  var titleKey: String { "home.title" }
  var keyHints: [KeyHint] { Self.keyHints }
  var screen: Screen { .home(self) }

  func render(in area: Rect, model: AppModel, on canvas: inout Canvas) {
    HomeView.render(self, model: model, in: area, on: &canvas)
  }

  mutating func handle(_ key: KeyEvent, context: inout FeatureContext) -> FeatureOutcome {
    FeatureOutcome(
      [],
      handle(
        key.key, seed: key.time.nanoseconds, history: context.history,
        utcOffset: context.utcOffset, keyRoute: context.overrides.keyRoute))
  }
}
