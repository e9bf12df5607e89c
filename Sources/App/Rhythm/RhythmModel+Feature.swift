import Practice
import TerminalUI

extension RhythmModel: SteppingBack {
  var titleKey: String { "rhythm.title" }
  var screen: Screen { .rhythm(self) }

  func render(in area: Rect, model: AppModel, on canvas: inout Canvas) {
    RhythmView.render(self, model: model, in: area, on: &canvas)
  }

  mutating func handle(_ key: KeyEvent, context: inout FeatureContext) -> FeatureOutcome {
    inputsFromFiles = context.overrides.rhythmInputsFromFiles
    return FeatureOutcome(
      handle(
        key, settings: &context.settings, rhythms: context.rhythms, history: context.history))
  }

  mutating func receive(_ event: AppEvent, context: inout FeatureContext) -> [Effect] {
    inputsFromFiles = context.overrides.rhythmInputsFromFiles
    switch event {
    case .metronomeBeat(let display):
      return heardBeat(display)
    case .listening(let failure, _):
      listening(failure: failure)
    case .tick(let now):
      return tick(now, settings: &context.settings)
    case .played(let events):
      return played(events, settings: context.settings)
    case .midiInput(let failure, _):
      midiInput(failure: failure)
    default:
      break
    }
    return []
  }

  func sessionInProgress(at time: MonotonicInstant, context: FeatureContext) -> SessionRecord? {
    recordInProgress(settings: context.settings)
  }
}
