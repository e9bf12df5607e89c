import TerminalUI

extension ListenModel: Feature {
  var titleKey: String { "listen.title" }
  var keyHints: [KeyHint] {
    if case .naming = task {
      return KeyHint.typing("listen.key.typeName", enter: "listen.key.learnIt")
    }
    return Self.keyHints
  }
  var screen: Screen { .listen(self) }

  func render(in area: Rect, model: AppModel, on canvas: inout Canvas) {
    ListenView.render(self, model: model, in: area, on: &canvas)
  }

  func opened(context: FeatureContext) -> [Effect] {
    [.listen(.start(profile: context.settings.listening.profile))]
  }

  mutating func handle(_ key: KeyEvent, context: inout FeatureContext) -> FeatureOutcome {
    let overrides = context.overrides
    return FeatureOutcome(
      handle(
        key.key, at: key.time, settings: &context.settings,
        canMeasureLatency: overrides.audioIn == nil && overrides.audioOut == nil))
  }

  mutating func receive(_ event: AppEvent, context: inout FeatureContext) -> [Effect] {
    switch event {
    case .listening(let failure?, _):
      failed(failure)
    case .listening(nil, let source):
      started(source: source)
    case .heard(let events):
      hear(events)
    case .tick(let now):
      tick(now)
    case .calibrated(let result):
      // The result is in the settings by now: listening goes on, tuned to the instrument
      // now chosen.
      finish(result)
      return [.listen(.start(profile: context.settings.listening.profile))]
    default:
      break
    }
    return []
  }

  mutating func leave() -> Leaving { .leaves(leavingEffects) }
}
