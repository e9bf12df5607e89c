import AudioModel
import MusicTheory
import Practice
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
  public let overrides: RunOverrides
  /// The note packs there are, easiest first.
  public private(set) var packs: [NotePack]
  /// The rhythm patterns there are, easiest first.
  public let rhythms: [RhythmPattern]
  /// The fretboard patterns there are: the library's, then the user's own; nil until the
  /// fretboard is first opened.
  public private(set) var patterns: [FretPattern]?
  /// The MIDI ports there are, by name, as last listed for the settings.
  public private(set) var midiPorts: [String] = []
  /// Why no MIDI port can be listed, such as no sequencer on this machine.
  public private(set) var midiPortsProblem: String?
  /// The ids of the patterns that are the user's own, which the editor changes in place.
  public private(set) var ownPatternIds: Set<String> = []
  /// The patterns recommended to the player on the practice-room server: who shared each.
  public private(set) var sharedPatternSenders: [String: String] = [:]
  /// How the players rated each pattern shared with the player, by pattern id, and their
  /// latest comments.
  public private(set) var sharedPatternRatings: [String: ServerSnapshot.Ratings] = [:]
  /// The patterns of the school's library on the practice-room server, by id: their version.
  public private(set) var libraryPatternVersions: [String: Int] = [:]
  /// What the practice-room server last said, or that it could not be reached; nil when
  /// nobody is logged in to one.
  public private(set) var server: ServerSnapshot?
  /// Past sessions, oldest first, as read from the history at start and added to since.
  public private(set) var history: [SessionRecord]
  /// The fretboard's study path and the levels of playing it through each pattern passed,
  /// from `history`: worked out when a fretboard session is added, not on every frame the
  /// Fretboard room draws.
  public private(set) var studyPath: StudyPath
  public private(set) var passedRunLevels: [String: Int]
  /// The live protocol's links (`woodshed protocol live`); nil in any other run.
  public private(set) var links: SessionLinks?
  /// The local time's distance from UTC in seconds, for showing when sessions happened.
  public let utcOffset: Int

  public init(
    settings: Settings, size: Size, clock: ClockTime, catalog: LocaleCatalog,
    paths: StoragePaths, detectedGlyphs: GlyphSet.Kind, overrides: RunOverrides = .init(),
    packs: [NotePack] = [], rhythms: [RhythmPattern] = [], patterns: [FretPattern]? = nil,
    history: [SessionRecord] = [],
    utcOffset: Int = 0, notices: [Message] = [], languagesNeedingUnicode: Set<String> = []
  ) {
    self.languagesNeedingUnicode = languagesNeedingUnicode
    self.patterns = patterns
    self.utcOffset = utcOffset
    self.packs = packs
    self.rhythms = rhythms
    self.history = history
    studyPath = StudyPath(history: history)
    passedRunLevels = StudyPath.passedLevels(in: history)
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
  /// The languages whose script this terminal cannot show (Russian in a locale that is not
  /// UTF-8): chosen, they are spoken in English, which ASCII can show.
  public let languagesNeedingUnicode: Set<String>
  public var strings: Localizer {
    let language = settings.language
    return catalog.localizer(
      for: languagesNeedingUnicode.contains(language) ? LocaleCatalog.fallbackLanguage : language)
  }

  /// Screen-reader mode, by `--screen-reader` or the setting.
  public var screenReader: Bool { overrides.screenReader || settings.screenReader }

  public var glyphs: GlyphSet {
    if let forced = overrides.glyphs { return .named(forced) }
    switch settings.glyphs {
    case .auto: return .named(detectedGlyphs)
    case .unicode: return .unicode
    case .ascii: return .ascii
    }
  }

  /// The audio devices for this run: saved settings, then command-line choices.
  public var audioDevices: AudioDeviceSettings { overrides.devices(settings.audio) }

  public var theme: Theme {
    if let forced = overrides.theme { return .named(forced) }
    switch settings.theme {
    case .dark: return .dark
    case .light: return .light
    case .mono: return .mono
    }
  }

  public var screen: Screen { stack[stack.count - 1] }

  /// When the screen on top wants a `.tick`, such as a flashcard that advances by itself.
  public var deadline: MonotonicInstant? { screen.feature.deadline }
  public var isTooSmall: Bool { !size.fits(.minimum) }

  public mutating func handle(_ event: AppEvent) -> [Effect] {
    switch event {
    case .key(let key):
      return handle(key)
    case .resized(let newSize):
      size = newSize
    case .clock(let time):
      clock = time
    case .audio(let status):
      audio = status
    case .saved:
      settingsStatus = Message("settings.saved")
    case .saveFailed(let reason):
      // Told where the change was made, not only in Settings, but once: a tempo held down
      // would otherwise stack a notice per step.
      let failure = Message("notice.saveFailed", ["reason": reason])
      if settingsStatus != failure { notices.append(failure) }
      settingsStatus = failure
    case .notice(let message):
      notices.append(message)
    case .sessionLinks(let newLinks):
      links = newLinks
    case .calibrated(let result):
      // Saved even if the screen that asked was left meanwhile.
      var edited = settings
      switch result {
      case .latency(let outcome):
        edited = outcome.stored(in: settings)
      case .instrument(let name, let profile?):
        edited.listening.profiles[name] = profile
        edited.listening.instrument = name
      case .instrument, .failed:
        break
      }
      let saving = adopt(edited)
      return saving + updateTop { FeatureOutcome($0.receive(event, context: &$1)) }.effects
    case .recorded(let record):
      history.append(record)
      if record.module == StudyPath.module {
        studyPath = StudyPath(history: history)
        passedRunLevels = StudyPath.passedLevels(in: history)
      }
    case .patternsLoaded(let loaded, let own, let shared, let ratings, let library, let problems):
      // A reload after a save would repeat the notices of the first reading.
      if patterns == nil {
        notices += problems.map { Message("notice.patternSkipped", ["problem": $0]) }
      }
      patterns = loaded
      ownPatternIds = own
      sharedPatternSenders = shared
      sharedPatternRatings = ratings
      libraryPatternVersions = library
    case .packsLoaded(let loaded, let problems):
      packs = loaded
      notices += problems.map { Message("notice.packSkipped", ["problem": $0]) }
    case .serverSnapshot(let snapshot):
      let sharesChanged =
        snapshot?.sharedWithYou != server?.sharedWithYou || snapshot?.library != server?.library
      // What a sync joined since the room started (not one it finds in the file at start,
      // which the room read with the history) is read again.
      let joined =
        server != nil && snapshot?.joinedAt != nil && snapshot?.joinedAt != server?.joinedAt
      server = snapshot
      // The list shows the patterns shared with the player and the library once read.
      let reload: [Effect] = (sharesChanged || joined) && patterns != nil ? [.loadPatterns] : []
      if joined || !reload.isEmpty { return (joined ? [.reloadJoined] : []) + reload }
    case .joinedReloaded(let loaded, let loadedSettings):
      history = loaded
      studyPath = StudyPath(history: history)
      passedRunLevels = StudyPath.passedLevels(in: history)
      if let loadedSettings { settings = loadedSettings }
    case .midiPortsListed(let ports, let problem):
      midiPorts = ports
      midiPortsProblem = problem
    default:
      break
    }
    return updateTop { FeatureOutcome($0.receive(event, context: &$1)) }.effects
  }

  /// What the screens may read, with the settings as they stand.
  var context: FeatureContext {
    let model = self
    return FeatureContext(
      settings: settings, size: size, overrides: overrides, languages: languages, packs: packs,
      rhythms: rhythms, patterns: patterns, ownPatternIds: ownPatternIds,
      sharedPatternIds: Set(sharedPatternSenders.keys), history: history,
      strings: strings, catalog: catalog, utcOffset: utcOffset, midiPorts: midiPorts,
      server: server,
      helpLineCount: { HelpView.lines(model: model, width: $0).count })
  }

  /// Runs `body` on the top screen with the context; settings it changed are adopted, and the
  /// effects that save them come first.
  private mutating func updateTop(
    _ body: (inout any Feature, inout FeatureContext) -> FeatureOutcome
  ) -> FeatureOutcome {
    var context = context
    var feature = screen.feature
    var outcome = body(&feature, &context)
    stack[stack.count - 1].feature = feature
    outcome.effects = adopt(context.settings) + outcome.effects
    return outcome
  }

  /// Takes `edited` as the settings, and asks for them to be saved if they changed.
  private mutating func adopt(_ edited: Settings) -> [Effect] {
    guard edited != settings else { return [] }
    // Another tuning needs other shapes: they are made when the fretboard is next opened.
    if edited.fretboard.tuning != settings.fretboard.tuning { patterns = nil }
    settings = edited
    settingsStatus = nil
    return [.save(edited)]
  }

  private mutating func handle(_ event: KeyEvent) -> [Effect] {
    let key = event.key
    if key == .control("c") {
      return (sessionInProgress(at: event.time).map { [.record($0)] } ?? []) + [.quit]
    }
    // Shrunk while a line is being typed, the typing goes on into the line unseen, and q is a
    // letter of it; otherwise keys wait for the size to come back (Ctrl-C still quits).
    if isTooSmall {
      return screen.capturesKeys ? routeToScreen(event) : []
    }
    if showsKeys {
      showsKeys = false
      return []
    }
    let opensKeys = key == .function(1) || key == .character("?")
    if screen.capturesKeys, !(opensKeys && screen.feature.opensKeysWhileCapturing) {
      return routeToScreen(event)
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
      return routeToScreen(event)
    }
  }

  /// The session under way, stopped short, such as when the app is told to stop.
  public func sessionInProgress(at time: MonotonicInstant) -> SessionRecord? {
    let context = context
    return stack.lazy.compactMap { $0.feature.sessionInProgress(at: time, context: context) }
      .first
  }

  /// Opens a screen from outside, as `woodshed metronome` does at start.
  public mutating func open(_ entry: HomeEntry) {
    guard case .home(var home) = stack[0], let index = home.entries.firstIndex(of: entry) else {
      return
    }
    home.select(index)
    stack[0] = .home(home)
    if let transition = home.open(entry, seed: 0, history: history, utcOffset: utcOffset) {
      _ = apply(transition)
    }
  }

  /// The Protocol room open on the protocol `name`, as `woodshed protocol live NAME` starts;
  /// the effects that list the protocols and load this one.
  public mutating func openProtocol(_ name: String) -> [Effect] {
    open(.recordingProtocol)
    guard case .recordingProtocol(var room) = screen else { return [] }
    let effects = room.open(name)
    stack[stack.count - 1] = .recordingProtocol(room)
    return [.protocolList] + effects
  }

  private mutating func routeToScreen(_ event: KeyEvent) -> [Effect] {
    let outcome = updateTop { $0.handle(event, context: &$1) }
    return outcome.effects + (outcome.transition.map { apply($0) } ?? [])
  }

  private mutating func apply(_ transition: Transition) -> [Effect] {
    switch transition {
    case .push(let screen):
      settingsStatus = nil
      stack.append(screen)
      return screen.feature.opened(context: context)
    case .pop:
      guard stack.count > 1 else { return [] }
      var feature = screen.feature
      let leaving = feature.leave()
      stack[stack.count - 1].feature = feature
      guard case .leaves(let effects) = leaving else { return [] }
      stack.removeLast()
      return effects
    case .close:
      if stack.count > 1 { stack.removeLast() }
    case .quit:
      return [.quit]
    }
    return []
  }
}
