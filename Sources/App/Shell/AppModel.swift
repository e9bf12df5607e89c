import Audio
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
  public let packs: [NotePack]
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
  /// Past sessions, oldest first, as read from the history at start and added to since.
  public private(set) var history: [SessionRecord]
  /// The local time's distance from UTC in seconds, for showing when sessions happened.
  public let utcOffset: Int

  public init(
    settings: Settings, size: Size, clock: ClockTime, catalog: LocaleCatalog,
    paths: StoragePaths, detectedGlyphs: GlyphSet.Kind, overrides: RunOverrides = .init(),
    packs: [NotePack] = [], rhythms: [RhythmPattern] = [], patterns: [FretPattern]? = nil,
    history: [SessionRecord] = [],
    utcOffset: Int = 0, notices: [Message] = []
  ) {
    self.patterns = patterns
    self.utcOffset = utcOffset
    self.packs = packs
    self.rhythms = rhythms
    self.history = history
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
  public var deadline: MonotonicInstant? {
    if case .notes(let model) = screen { return model.deadline }
    if case .fretboard(let model) = screen { return model.deadline }
    if case .rhythm(let model) = screen { return model.deadline }
    if case .recordingProtocol(let model) = screen { return model.deadline }
    return nil
  }
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
      // Told where the change was made, not only in Settings, but once: a tempo held down
      // would otherwise stack a notice per step.
      let failure = Message("notice.saveFailed", ["reason": reason])
      if settingsStatus != failure { notices.append(failure) }
      settingsStatus = failure
    case .notice(let message):
      notices.append(message)
    case .metronomeBeat(let display):
      if case .metronome(var model) = screen {
        model.show(display)
        replaceTop(.metronome(model))
      }
      if case .fretboard(var model) = screen {
        model.heardBeat(display)
        replaceTop(.fretboard(model))
      }
      if case .rhythm(var model) = screen {
        let effects = model.heardBeat(display)
        replaceTop(.rhythm(model))
        return effects
      }
    case .listening(let failure, let source):
      if case .listen(var model) = screen {
        if let failure { model.failed(failure) } else { model.started(source: source) }
        replaceTop(.listen(model))
      }
      if case .notes(var model) = screen {
        model.listening(failure: failure)
        replaceTop(.notes(model))
      }
      if case .fretboard(var model) = screen {
        model.listening(failure: failure)
        replaceTop(.fretboard(model))
      }
      if case .rhythm(var model) = screen {
        model.listening(failure: failure)
        replaceTop(.rhythm(model))
      }
    case .calibrated(let result):
      return calibrated(result)
    case .tick(let now):
      if case .notes(var model) = screen {
        let effects = model.tick(now)
        replaceTop(.notes(model))
        return effects
      }
      if case .fretboard(var model) = screen {
        let effects = model.tick(now, patterns: patterns ?? [], history: history)
        replaceTop(.fretboard(model))
        return effects
      }
      if case .recordingProtocol(var model) = screen {
        let effects = model.tick(now)
        replaceTop(.recordingProtocol(model))
        return effects
      }
      if case .rhythm(var model) = screen {
        var edited = settings
        let effects = model.tick(now, settings: &edited)
        replaceTop(.rhythm(model))
        guard edited != settings else { return effects }
        settings = edited
        return [.save(edited)] + effects
      }
    case .patternSaved(let id):
      if case .patternEditor(var editor) = screen {
        editor.saved(id)
        replaceTop(.patternEditor(editor))
      }
    case .patternSaveFailed(let reason):
      if case .patternEditor(var editor) = screen {
        editor.saveFailed(reason)
        replaceTop(.patternEditor(editor))
      }
    case .recorded(let record):
      history.append(record)
    case .patternsLoaded(let loaded, let own, let problems):
      // A reload after a save would repeat the notices of the first reading.
      if patterns == nil {
        notices += problems.map { Message("notice.patternSkipped", ["problem": $0]) }
      }
      patterns = loaded
      ownPatternIds = own
    case .protocolsListed(let names):
      if case .recordingProtocol(var model) = screen {
        model.listed(names)
        replaceTop(.recordingProtocol(model))
      }
    case .protocolLoaded(let name, let session, let recent, let problems):
      if case .recordingProtocol(var model) = screen {
        model.loaded(name, session: session, recent: recent, problems: problems)
        replaceTop(.recordingProtocol(model))
      }
    case .protocolRefused(let reason):
      if case .recordingProtocol(var model) = screen {
        model.refused(reason)
        replaceTop(.recordingProtocol(model))
      }
    case .heard(let events, let timing):
      if case .listen(var model) = screen {
        model.hear(events)
        replaceTop(.listen(model))
      }
      if case .notes(var model) = screen {
        let effects = model.hear(events, settings: settings)
        replaceTop(.notes(model))
        return effects
      }
      if case .fretboard(var model) = screen {
        let effects = model.hear(events, timing: timing, patterns: patterns ?? [])
        replaceTop(.fretboard(model))
        return effects
      }
      if case .rhythm(var model) = screen {
        let effects = model.hear(events, timing: timing, settings: settings)
        replaceTop(.rhythm(model))
        return effects
      }
    case .played(let events):
      return played(events)
    case .midiInput(let failure, let port):
      midiInput(failure: failure, port: port)
    case .midiPortsListed(let ports, let problem):
      midiPorts = ports
      midiPortsProblem = problem
    case .key(let event):
      return handle(event)
    }
    return []
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
    if screen.capturesKeys { return routeToScreen(event) }
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
    for case .notes(let model) in stack where model.asksBeforeLeaving {
      return model.record(at: time)
    }
    for case .rhythm(let model) in stack {
      if let record = model.recordInProgress(settings: settings) { return record }
    }
    for case .fretboard(let model) in stack where model.phase == .playing {
      guard let patterns, patterns.indices.contains(model.selected) else { continue }
      return model.record(of: patterns[model.selected])
    }
    return nil
  }

  /// Opens a screen from outside, as `woodshed metronome` does at start.
  public mutating func open(_ entry: HomeEntry) {
    guard case .home(var home) = stack[0], let index = home.entries.firstIndex(of: entry) else {
      return
    }
    home.select(index)
    stack[0] = .home(home)
    if let transition = home.open(entry, seed: 0) { _ = apply(transition) }
  }

  private mutating func routeToScreen(_ event: KeyEvent) -> [Effect] {
    let key = event.key
    switch screen {
    case .home(var model):
      let transition = model.handle(key, seed: event.time.nanoseconds)
      replaceTop(.home(model))
      return transition.map { apply($0) } ?? []
    case .settings(var model):
      var edited = settings
      let changed = model.handle(
        key, settings: &edited, languages: languages, midiPorts: midiPorts)
      replaceTop(.settings(model))
      guard changed else { return [] }
      // Another tuning needs other shapes: they are made when the fretboard is next opened.
      if edited.fretboard.tuning != settings.fretboard.tuning { patterns = nil }
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
    case .metronome(var model):
      var edited = settings
      let command = model.handle(event, settings: &edited)
      replaceTop(.metronome(model))
      var effects: [Effect] = []
      if edited != settings {
        settings = edited
        effects.append(.save(edited))
      }
      if let command { effects.append(.metronome(command)) }
      return effects
    case .notes(var model):
      var edited = settings
      var effects = model.handle(event, settings: &edited, packs: packs, history: history)
      replaceTop(.notes(model))
      if model.isStopped {
        stack.removeLast()
        effects.append(.stopNotes)
      }
      guard edited != settings else { return effects }
      settings = edited
      return [.save(edited)] + effects
    case .fretboard(let model)
    where model.phase == .choosing && (key == .character("n") || key == .character("e")):
      let editor: PatternEditorModel
      if key == .character("e"), let patterns, patterns.indices.contains(model.selected) {
        let pattern = patterns[model.selected]
        editor = PatternEditorModel(editing: pattern, isOwn: ownPatternIds.contains(pattern.id))
      } else {
        editor = PatternEditorModel(tuning: settings.fretboard.tuning)
      }
      return apply(.push(.patternEditor(editor)))
    case .fretboard(var model)
    where model.phase == .choosing && key == .character("d") && !model.asksToDelete:
      if let patterns, patterns.indices.contains(model.selected) {
        model.askToDelete(isOwn: ownPatternIds.contains(patterns[model.selected].id))
      }
      replaceTop(.fretboard(model))
      return []
    case .patternEditor(var editor):
      let effects = editor.handle(key, takenIds: Set((patterns ?? []).map(\.id)))
      replaceTop(.patternEditor(editor))
      if editor.isLeaving { stack.removeLast() }
      return effects
    case .fretboard(var model):
      var edited = settings
      let effects = model.handle(
        event, settings: &edited, patterns: patterns ?? [], history: history)
      replaceTop(.fretboard(model))
      guard edited != settings else { return effects }
      settings = edited
      return [.save(edited)] + effects
    case .history(var model):
      model.handle(key, history: history, visibleRows: HistoryView.visibleRows(in: size))
      replaceTop(.history(model))
      return []
    case .recordingProtocol(var model):
      let effects = model.handle(event)
      replaceTop(.recordingProtocol(model))
      return effects
    case .rhythm(var model):
      var edited = settings
      let effects = model.handle(event, settings: &edited, rhythms: rhythms)
      replaceTop(.rhythm(model))
      guard edited != settings else { return effects }
      settings = edited
      return [.save(edited)] + effects
    case .listen(var model):
      var edited = settings
      let screenEffects = model.handle(
        key, settings: &edited,
        canMeasureLatency: overrides.audioIn == nil && overrides.audioOut == nil)
      replaceTop(.listen(model))
      var effects: [Effect] = []
      if edited != settings {
        settings = edited
        effects.append(.save(edited))
      }
      return effects + screenEffects
    }
  }

  private mutating func played(_ events: [PlayedEvent]) -> [Effect] {
    switch screen {
    case .rhythm(var model):
      let effects = model.played(events, settings: settings)
      replaceTop(.rhythm(model))
      return effects
    case .notes(var model):
      let effects = model.played(events, settings: settings)
      replaceTop(.notes(model))
      return effects
    case .fretboard(var model):
      let effects = model.played(events, patterns: patterns ?? [])
      replaceTop(.fretboard(model))
      return effects
    default:
      return []
    }
  }

  private mutating func midiInput(failure: String?, port: String?) {
    switch screen {
    case .rhythm(var model):
      model.midiInput(failure: failure)
      replaceTop(.rhythm(model))
    case .notes(var model):
      model.midiInput(failure: failure, port: port)
      replaceTop(.notes(model))
    case .fretboard(var model):
      model.midiInput(failure: failure, port: port)
      replaceTop(.fretboard(model))
    default:
      break
    }
  }

  /// A calibration's result is saved even if its screen was left meanwhile; on the listening
  /// screen it is shown and listening goes on, tuned to the instrument now chosen.
  private mutating func calibrated(_ result: CalibrationResult) -> [Effect] {
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
    var effects: [Effect] = []
    if edited != settings {
      settings = edited
      effects.append(.save(edited))
    }
    if case .listen(var model) = screen {
      model.finish(result)
      replaceTop(.listen(model))
      effects.append(.listen(.start(profile: settings.listening.profile)))
    }
    return effects
  }

  private mutating func apply(_ transition: Transition) -> [Effect] {
    switch transition {
    case .push(let screen):
      settingsStatus = nil
      stack.append(screen)
      if case .listen = screen { return [.listen(.start(profile: settings.listening.profile))] }
      if case .fretboard = screen, patterns == nil { return [.loadPatterns] }
      if case .recordingProtocol = screen { return [.protocolList] }
      if case .settings = screen { return [.listMIDIPorts] }
    case .pop:
      guard stack.count > 1 else { return [] }
      if case .metronome(var model) = screen, let command = model.leave() {
        stack.removeLast()
        return [.metronome(command)]
      }
      if case .listen(let model) = screen {
        stack.removeLast()
        return model.leavingEffects
      }
      if case .fretboard(var model) = screen, model.goesBackWithinScreen {
        model.goBack()
        replaceTop(.fretboard(model))
        return []
      }
      if case .rhythm(var model) = screen, model.goesBackWithinScreen {
        model.goBack()
        replaceTop(.rhythm(model))
        return []
      }
      if case .recordingProtocol(var model) = screen, model.goesBackWithinScreen {
        model.goBack()
        replaceTop(.recordingProtocol(model))
        return []
      }
      if case .notes(var model) = screen {
        if model.asksBeforeLeaving {
          model.askToStop()
          replaceTop(.notes(model))
          return []
        }
        stack.removeLast()
        return [.stopNotes] + (model.listens ? [.listen(.stop), .midiIn(.stop)] : [])
      }
      stack.removeLast()
    case .quit:
      return [.quit]
    }
    return []
  }

  private mutating func replaceTop(_ screen: Screen) {
    stack[stack.count - 1] = screen
  }
}
