import TerminalUI

extension HomeModel: Feature {
  var titleKey: String { "home.title" }
  var keyHints: [KeyHint] { Self.keyHints }
  var screen: Screen { .home(self) }

  mutating func handle(_ key: KeyEvent, context: inout FeatureContext) -> FeatureOutcome {
    FeatureOutcome([], handle(key.key, seed: key.time.nanoseconds))
  }
}
