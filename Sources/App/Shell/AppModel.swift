import Audio
import Storage
import TerminalUI

/// The whole app's state and its reducer. It owns the settings and a stack of screens, handles
/// the keys that work everywhere, routes the rest to the top screen, and answers with effects
/// for the runtime to perform.
public struct AppModel: Equatable, Sendable {
  public private(set) var stack: [Screen] = [.home(HomeModel())]
  public private(set) var settings: Settings
  public private(set) var size: Size
  public private(set) var audio: AudioStatus = .checking
  public private(set) var clock: ClockTime
  public private(set) var notices: [Message]
  public private(set) var showsKeys = false
  public private(set) var settingsStatus: Message?
  public let catalog: LocaleCatalog
  public let paths: StoragePaths
  /// The glyph set the locale and terminal type call for, used when settings say "auto".
  public let detectedGlyphs: GlyphSet.Kind
  public let overrides: DisplayOverrides

  public init(
    settings: Settings, size: Size, clock: ClockTime, catalog: LocaleCatalog,
    paths: StoragePaths, detectedGlyphs: GlyphSet.Kind, overrides: DisplayOverrides = .init(),
    notices: [Message] = []
  ) {
    self.settings = settings
    self.size = size
    self.clock = clock
    self.catalog = catalog
    self.paths = paths
    self.detectedGlyphs = detectedGlyphs
    self.overrides = overrides
    self.notices = notices
  }

  public var languages: [String] { catalog.availableLanguages }
  public var strings: Localizer { catalog.localizer(for: settings.language) }

  public var glyphs: GlyphSet {
    if let forced = overrides.glyphs { return .named(forced) }
    switch settings.glyphs {
    case .auto: return .named(detectedGlyphs)
    case .unicode: return .unicode
    case .ascii: return .ascii
    }
  }

  public var theme: Theme {
    if let forced = overrides.theme { return .named(forced) }
    switch settings.theme {
    case .dark: return .dark
    case .light: return .light
    case .mono: return .mono
    }
  }

  public var screen: Screen { stack[stack.count - 1] }
  public var isTooSmall: Bool { !size.fits(.minimum) }

  public mutating func handle(_ event: AppEvent) -> [Effect] {
    switch event {
    case .resized(let newSize):
      size = newSize
    case .clock(let time):
      clock = time
    case .audio(let status):
      audio = status
    case .saved:
      settingsStatus = Message("settings.saved")
    case .saveFailed(let reason):
      settingsStatus = Message("notice.saveFailed", ["reason": reason])
    case .key(let event):
      return handle(event.key)
    }
    return []
  }

  private mutating func handle(_ key: Key) -> [Effect] {
    if key == .control("c") { return [.quit] }
    if isTooSmall {
      return key == .character("q") ? [.quit] : []
    }
    if showsKeys {
      showsKeys = false
      return []
    }
    if !notices.isEmpty {
      notices.removeFirst()
      if key == .escape || key == .enter { return [] }
    }
    switch key {
    case .character("?"), .function(1):
      showsKeys = true
      return []
    case .escape:
      return apply(.pop)
    case .character("q"):
      return apply(stack.count == 1 ? .quit : .pop)
    default:
      return routeToScreen(key)
    }
  }

  private mutating func routeToScreen(_ key: Key) -> [Effect] {
    switch screen {
    case .home(var model):
      let transition = model.handle(key)
      replaceTop(.home(model))
      return transition.map { apply($0) } ?? []
    case .settings(var model):
      var edited = settings
      let changed = model.handle(key, settings: &edited, languages: languages)
      replaceTop(.settings(model))
      guard changed else { return [] }
      settings = edited
      settingsStatus = nil
      return [.save(edited)]
    case .help(var model):
      let visibleRows = HelpView.visibleRows(in: size)
      let transition = model.handle(key, visibleRows: visibleRows)
      let contentRows = HelpView.lines(model: self, width: HelpView.textWidth(in: size)).count
      model.clampScroll(contentRows: contentRows, visibleRows: visibleRows)
      replaceTop(.help(model))
      return transition.map { apply($0) } ?? []
    }
  }

  private mutating func apply(_ transition: Transition) -> [Effect] {
    switch transition {
    case .push(let screen):
      settingsStatus = nil
      stack.append(screen)
    case .pop:
      if stack.count > 1 { stack.removeLast() }
    case .quit:
      return [.quit]
    }
    return []
  }

  private mutating func replaceTop(_ screen: Screen) {
    stack[stack.count - 1] = screen
  }
}
