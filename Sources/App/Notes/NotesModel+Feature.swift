import Practice
import TerminalUI

extension NotesModel: Feature {
  var titleKey: String { "notes.title" }
  var screen: Screen { .notes(self) }

  func render(in area: Rect, model: AppModel, on canvas: inout Canvas) {
    NotesView.render(self, model: model, in: area, on: &canvas)
  }

  mutating func handle(_ key: KeyEvent, context: inout FeatureContext) -> FeatureOutcome {
    let effects = handle(
      key, settings: &context.settings, packs: context.packs, history: context.history,
      offered: Self.offered(context.server, packs: context.packs))
    return isStopped ? FeatureOutcome(effects + [.stopNotes], .close) : FeatureOutcome(effects)
  }

  mutating func receive(_ event: AppEvent, context: inout FeatureContext) -> [Effect] {
    switch event {
    case .listening(let failure, _):
      listening(failure: failure)
    case .tick(let now):
      return tick(now)
    case .played(let events):
      return played(events, settings: context.settings)
    case .midiInput(let failure, let port):
      midiInput(failure: failure, port: port)
    case .packFetched(let id, let problem):
      fetched(id, problem: problem, settings: &context.settings, packs: context.packs)
    default:
      break
    }
    return []
  }

  /// A session with answers asks before it is left; play-it stops listening.
  mutating func leave() -> Leaving {
    if asksBeforeLeaving {
      askToStop()
      return .stays
    }
    return .leaves([.stopNotes] + (listens ? [.listen(.stop), .midiIn(.stop)] : []))
  }

  func sessionInProgress(at time: MonotonicInstant, context: FeatureContext) -> SessionRecord? {
    asksBeforeLeaving ? record(at: time) : nil
  }
}
