/// The screens the router can stack: the registry of features. Each case carries its own
/// view-model; `feature` is the one place the router looks into a case.
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
  case ear(EarModel)
  case recordingProtocol(ProtocolModel)

  /// The screen's model as a feature; setting it puts a changed model back in its case.
  var feature: any Feature {
    get {
      switch self {
      case .home(let model): model
      case .settings(let model): model
      case .help(let model): model
      case .metronome(let model): model
      case .listen(let model): model
      case .notes(let model): model
      case .fretboard(let model): model
      case .patternEditor(let model): model
      case .history(let model): model
      case .rhythm(let model): model
      case .ear(let model): model
      case .recordingProtocol(let model): model
      }
    }
    set { self = newValue.screen }
  }

  var titleKey: String { feature.titleKey }
  var keyHints: [KeyHint] { feature.keyHints }
  var capturesKeys: Bool { feature.capturesKeys }
}

/// What a screen asks the router to do after a key.
enum Transition: Equatable, Sendable {
  case push(Screen)
  /// Leave this screen as Esc does: it may stay, or stop what it started first.
  case pop
  /// This screen is done and has stopped its work: remove it without asking it again.
  case close
  case quit
}
