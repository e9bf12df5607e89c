/// The screens the router can stack. Each case carries its own view-model.
public enum Screen: Equatable, Sendable {
  case home(HomeModel)
  case settings(SettingsModel)
  case help(HelpModel)
  case metronome(MetronomeModel)
  case listen(ListenModel)
  case notes(NotesModel)
  case fretboard(FretboardModel)
  case patternEditor(PatternEditorModel)
  case history(HistoryModel)
  case rhythm(RhythmModel)
  case recordingProtocol(ProtocolModel)

  var titleKey: String {
    switch self {
    case .home: return "home.title"
    case .settings: return "settings.title"
    case .help: return "help.title"
    case .metronome: return "metronome.title"
    case .listen: return "listen.title"
    case .notes: return "notes.title"
    case .fretboard: return "fretboard.title"
    case .patternEditor: return "editor.title"
    case .history: return "history.title"
    case .rhythm: return "rhythm.title"
    case .recordingProtocol: return "protocol.title"
    }
  }

  var keyHints: [KeyHint] {
    switch self {
    case .home: return HomeModel.keyHints
    case .settings: return SettingsModel.keyHints
    case .help: return HelpModel.keyHints
    case .metronome: return MetronomeModel.keyHints
    case .listen: return ListenModel.keyHints
    case .notes(let model): return model.keyHints
    case .fretboard(let model): return model.keyHints
    case .patternEditor(let model): return model.keyHints
    case .history: return HistoryModel.keyHints
    case .rhythm(let model): return model.keyHints
    case .recordingProtocol(let model): return model.keyHints
    }
  }

  /// True while the screen takes every key itself (typing a value).
  var capturesKeys: Bool {
    switch self {
    case .metronome(let model): model.capturesKeys
    case .listen(let model): model.capturesKeys
    case .notes(let model): model.capturesKeys
    case .fretboard(let model): model.capturesKeys
    case .patternEditor(let model): model.capturesKeys
    case .rhythm(let model): model.capturesKeys
    case .recordingProtocol(let model): model.capturesKeys
    default: false
    }
  }
}

/// What a screen asks the router to do after a key.
enum Transition: Equatable, Sendable {
  case push(Screen)
  case pop
  case quit
}
