/// An item on the home screen. Practice modules join this list as they are built; there are
/// no placeholder entries for modules that do not exist yet.
public enum HomeEntry: CaseIterable, Equatable, Sendable {
  case metronome
  case listen
  case notes
  case fretboard
  case rhythm
  case ear
  case recordingProtocol
  case history
  case settings
  case help
  case quit

  var titleKey: String {
    switch self {
    case .metronome: return "home.metronome"
    case .listen: return "home.listen"
    case .notes: return "home.notes"
    case .fretboard: return "home.fretboard"
    case .rhythm: return "home.rhythm"
    case .ear: return "home.ear"
    case .recordingProtocol: return "home.protocol"
    case .history: return "home.history"
    case .settings: return "home.settings"
    case .help: return "home.help"
    case .quit: return "home.quit"
    }
  }

  var detailKey: String? {
    switch self {
    case .metronome: return "home.metronome.detail"
    case .listen: return "home.listen.detail"
    case .notes: return "home.notes.detail"
    case .fretboard: return "home.fretboard.detail"
    case .rhythm: return "home.rhythm.detail"
    case .ear: return "home.ear.detail"
    case .recordingProtocol: return "home.protocol.detail"
    case .history: return "home.history.detail"
    case .settings: return "home.settings.detail"
    case .help: return "home.help.detail"
    case .quit: return nil
    }
  }
}
