import Practice
import TerminalUI

extension EarModel: Feature {
  var titleKey: String { "ear.title" }
  var screen: Screen { .ear(self) }

  func render(in area: Rect, model: AppModel, on canvas: inout Canvas) {
    EarView.render(self, model: model, in: area, on: &canvas)
  }

  mutating func handle(_ key: KeyEvent, context: inout FeatureContext) -> FeatureOutcome {
    FeatureOutcome(handle(key, history: context.history, catalog: context.catalog))
  }

  /// A session left midway is recorded as it stands, cut short; the notes' stream is closed.
  mutating func leave() -> Leaving {
    let record = isUnderWay ? record(at: now) : nil
    return .leaves((record.map { [.record($0)] } ?? []) + [.stopNotes])
  }

  func sessionInProgress(at time: MonotonicInstant, context: FeatureContext) -> SessionRecord? {
    isUnderWay ? record(at: time) : nil
  }
}
