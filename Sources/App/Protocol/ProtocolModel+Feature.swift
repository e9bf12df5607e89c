import TerminalUI

extension ProtocolModel: SteppingBack {
  var titleKey: String { "protocol.title" }
  var screen: Screen { .recordingProtocol(self) }

  func render(in area: Rect, model: AppModel, on canvas: inout Canvas) {
    ProtocolView.render(self, model: model, in: area, on: &canvas)
  }

  func opened(context: FeatureContext) -> [Effect] { [.protocolList] }

  mutating func handle(_ key: KeyEvent, context: inout FeatureContext) -> FeatureOutcome {
    FeatureOutcome(handle(key, strings: context.strings))
  }

  mutating func receive(_ event: AppEvent, context: inout FeatureContext) -> [Effect] {
    switch event {
    case .tick(let now):
      return tick(now)
    case .protocolsListed(let summaries):
      listed(summaries)
    case .protocolLoaded(let name, let session, let recent, let problems):
      loaded(name, session: session, recent: recent, problems: problems)
    case .protocolRefused(let reason):
      refused(reason)
    case .scoreImported(let name, let lines):
      return lines.map { .protocolAdd(name, line: $0) }
    case .dawRecordStarted:
      return dawStartedRecording()
    default:
      break
    }
    return []
  }
}
