/// The screens the router can stack. Each case carries its own view-model.
public enum Screen: Equatable, Sendable {
  case home(HomeModel)
  case settings(SettingsModel)
  case help(HelpModel)

  var titleKey: String {
    switch self {
    case .home: return "home.title"
    case .settings: return "settings.title"
    case .help: return "help.title"
    }
  }

  var keyHints: [KeyHint] {
    switch self {
    case .home: return HomeModel.keyHints
    case .settings: return SettingsModel.keyHints
    case .help: return HelpModel.keyHints
    }
  }
}

/// What a screen asks the router to do after a key.
enum Transition: Equatable, Sendable {
  case push(Screen)
  case pop
  case quit
}
