import Practice
import TerminalUI

extension EarModel: Feature {
  var titleKey: String { "ear.title" }
  var screen: Screen { .ear(self) }

  func render(in area: Rect, model: AppModel, on canvas: inout Canvas) {
    EarView.render(self, model: model, in: area, on: &canvas)
  }

  mutating func handle(_ key: KeyEvent, context: inout FeatureContext) -> FeatureOutcome {
    FeatureOutcome(
      handle(
        key, history: context.history, catalog: context.catalog, settings: context.settings,
        keyRoute: context.overrides.keyRoute))
  }

  mutating func receive(_ event: AppEvent, context: inout FeatureContext) -> [Effect] {
    switch event {
    case .listening(let failure, _): listening(failure: failure)
    case .midiInput(let failure, let port): midiInput(failure: failure, port: port)
    case .played(let events): return played(events, settings: context.settings)
    case .tick(let now): return tapped(at: now)
    case .earSoundStarted(let instant): soundStarted(at: instant)
    default: break
    }
    return []
  }

  /// A session left midway is recorded as it stands, cut short; the notes' stream is closed,
  /// and the microphone and MIDI where answers were played.
  mutating func leave() -> Leaving {
    let record = isUnderWay ? record(at: now) : nil
    let stops = listens ? Self.stopInputs : []
    return .leaves((record.map { [.record($0)] } ?? []) + [.stopNotes] + stops)
  }

  func sessionInProgress(at time: MonotonicInstant, context: FeatureContext) -> SessionRecord? {
    isUnderWay ? record(at: time) : nil
  }
}
