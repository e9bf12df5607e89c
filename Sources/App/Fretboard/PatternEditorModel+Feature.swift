import MusicTheory
import TerminalUI

extension PatternEditorModel: Feature {
  var titleKey: String { "editor.title" }
  var screen: Screen { .patternEditor(self) }

  func render(in area: Rect, model: AppModel, on canvas: inout Canvas) {
    PatternEditorView.render(self, model: model, in: area, on: &canvas)
  }

  mutating func handle(_ key: KeyEvent, context: inout FeatureContext) -> FeatureOutcome {
    let effects = handle(key.key, takenIds: Set((context.patterns ?? []).map(\.id)))
    return FeatureOutcome(effects, isLeaving ? .close : nil)
  }

  mutating func receive(_ event: AppEvent, context: inout FeatureContext) -> [Effect] {
    switch event {
    case .patternSaved(let id): saved(id, among: context.patterns ?? [])
    case .patternSaveFailed(let reason): saveFailed(reason)
    default: break
    }
    return []
  }
}
