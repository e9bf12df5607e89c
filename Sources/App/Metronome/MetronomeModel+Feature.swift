import TerminalUI

extension MetronomeModel: Feature {
  var titleKey: String { "metronome.title" }
  var keyHints: [KeyHint] { currentHints }
  var screen: Screen { .metronome(self) }

  func render(in area: Rect, model: AppModel, on canvas: inout Canvas) {
    MetronomeView.render(self, model: model, in: area, on: &canvas)
  }

  mutating func handle(_ key: KeyEvent, context: inout FeatureContext) -> FeatureOutcome {
    FeatureOutcome(handle(key, settings: &context.settings).map { [.metronome($0)] } ?? [])
  }

  mutating func receive(_ event: AppEvent, context: inout FeatureContext) -> [Effect] {
    guard case .metronomeBeat(let display) = event else { return [] }
    return show(display, settings: &context.settings).map { [.metronome($0)] } ?? []
  }

  mutating func leave() -> Leaving {
    .leaves(leave().map { [.metronome($0)] } ?? [])
  }
}
