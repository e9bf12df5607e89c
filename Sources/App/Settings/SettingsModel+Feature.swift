import TerminalUI

extension SettingsModel: Feature {
  var titleKey: String { "settings.title" }
  var keyHints: [KeyHint] { Self.keyHints }
  var screen: Screen { .settings(self) }

  func render(in area: Rect, model: AppModel, on canvas: inout Canvas) {
    SettingsView.render(self, model: model, in: area, on: &canvas)
  }

  /// The MIDI ports are listed for their row.
  func opened(context: FeatureContext) -> [Effect] { [.listMIDIPorts] }

  mutating func handle(_ key: KeyEvent, context: inout FeatureContext) -> FeatureOutcome {
    _ = handle(
      key.key, settings: &context.settings, languages: context.languages,
      midiPorts: context.midiPorts)
    return FeatureOutcome()
  }
}
