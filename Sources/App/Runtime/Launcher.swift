import Audio
import AudioModel
import FoundationEssentials
import Logging
import MusicTheory
import Practice
import Storage
import TerminalUI

/// Wires the real parts together for the executable: paths, log, locale files, settings,
/// the terminal and the audio probe. Errors before the terminal is taken over are returned as
/// one line for the caller to print.
public enum Launcher {
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
    /// The same as a locale key, where it can be said in the user's language.
    public let message: Message?

    public init(description: String, message: Message? = nil) {
      self.description = description
      self.message = message
    }

    /// The failure in the language of `strings`, where it has a message.
    public func said(in strings: Localizer) -> Failure {
      Failure(description: message.map(strings.text) ?? description, message: message)
    }
  }

  public static let version = "0.1.0"

  /// Everything the app needs from the file system, loaded before the terminal is touched.
  struct Ground {
    var paths: StoragePaths
    var assets: URL
    var catalog: LocaleCatalog
    var store: SettingsStore
    var loaded: SettingsLoadResult
    var logger: Logger
  }

  static func prepare(environment: [String: String]) throws(Failure) -> Ground {
    let paths = StoragePaths(environment: environment)
    FileLogHandler.bootstrap(file: paths.logFile)
    let logger = Logger(label: "woodshed")
    guard
      let assets = AssetLocator.find(
        environment: environment, executableURL: RunningExecutable.url)
    else {
      throw Failure(
        description: "cannot find Woodshed's assets folder (locales); set WOODSHED_ASSETS to it")
    }
    let catalog: LocaleCatalog
    do {
      // English is read now, the language spoken when it is first asked for, and no other.
      catalog = try LocaleCatalog(assetsFolder: assets, reading: [])
    } catch {
      throw Failure(description: "\(error)")
    }
    let store = SettingsStore(paths: paths)
    var loaded = store.load()
    // Until the player chooses a language, the one the session's locale names, if it ships.
    if !store.holds("language"),
      let language = preferredLanguage(environment: environment, among: catalog.availableLanguages)
    {
      loaded.settings.language = language
    }
    for notice in loaded.notices {
      logger.warning("\(notice)")
    }
    return Ground(
      paths: paths, assets: assets, catalog: catalog, store: store, loaded: loaded, logger: logger)
  }

  /// The language of LC_ALL, LC_MESSAGES or LANG ("es_ES.UTF-8" is "es"), when it is one of
  /// `languages`.
  public static func preferredLanguage(environment: [String: String], among languages: [String])
    -> String?
  {
    guard
      let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ environment[$0] })
        .first(where: { !$0.isEmpty })
    else { return nil }
    let language = locale.prefix { $0.isLetter }.lowercased()
    return languages.contains(language) ? language : nil
  }

  /// Runs the full-screen app; returns the exit status.
  /// With `openMetronome`, the app opens on the metronome screen, its settings adjusted so.
  public static func runInteractive(
    environment: [String: String], overrides: RunOverrides,
    openMetronome: ((inout MetronomeSettings) -> Void)? = nil, openProtocol: String? = nil,
    daw: DAWLink? = nil, timecode: TimecodeInput? = nil
  ) throws(Failure) -> Int32 {
    // Before any thread starts: the locale is the process's.
    let locale = TerminalLocale.adopt(environment: environment)
    let ground = try prepare(environment: environment)
    if let openProtocol, !ProtocolStore(paths: ground.paths).exists(openProtocol) {
      let missing = Message("protocol.error.missing", ["name": openProtocol])
      throw Failure(
        description: ground.catalog.localizer(for: ground.loaded.settings.language).text(missing),
        message: missing)
    }
    let recorderTimecode = timecode.map {
      RecorderTimecode($0, server: Self.pulseServer(environment: environment))
    }
    try recorderTimecode?.start()
    defer { recorderTimecode?.stop() }
    let recorder: WAVRecorder?
    do {
      recorder = try overrides.audioOut.map { path throws(WAVWriteError) in
        try WAVRecorder(url: URL(fileURLWithPath: path))
      }
    } catch {
      throw Failure(description: error.description)
    }
    let detected = GlyphSet.detect(locale: locale, term: environment["TERM"])
    let unshown = locale.isUTF8 ? [] : languagesNeedingUnicode(ground.catalog)
    let clock = WallClock()
    let terminal: CursesTerminal
    do {
      terminal = try CursesTerminal.open(theme: .dark, environment: environment)
    } catch {
      recorder?.discard()
      throw Failure(description: "\(error)")
    }
    var settings = ground.loaded.settings
    openMetronome?(&settings.metronome)
    let library = HeadlessPacks.library(ground)
    for problem in library.problems { ground.logger.warning("pack skipped: \(problem)") }
    let rhythms = rhythmLibrary(ground)
    for problem in rhythms.problems { ground.logger.warning("rhythm skipped: \(problem)") }
    let history = HistoryLog(paths: ground.paths).readAll(as: SessionRecord.self)
    for notice in history.notices { ground.logger.warning("\(notice)") }
    var model = AppModel(
      settings: settings, size: terminal.size, clock: clock.time(),
      catalog: ground.catalog, paths: ground.paths, detectedGlyphs: detected,
      overrides: overrides, packs: library.packs, rhythms: rhythms.patterns,
      history: history.records,
      utcOffset: LocalTime.utcOffset(at: Date()),
      notices: ground.loaded.notices.map(\.message) + readOnlyNotices(ground.paths)
        + library.problems.map { Message("notice.packSkipped", ["problem": $0]) }
        + rhythms.problems.map { Message("notice.rhythmSkipped", ["problem": $0]) }
        + history.notices.map { Message("notice.history", ["text": $0]) }
        + (unshown.contains(settings.language)
          ? [Message("notice.languageNeedsUTF8", ["language": settings.language])] : []),
      languagesNeedingUnicode: unshown)
    if openMetronome != nil { model.open(.metronome) }
    let opening = openProtocol.map { model.openProtocol($0) } ?? []
    ground.logger.info("started \(version) at \(terminal.size), \(terminal.colorDepth) colours")
    let pulseServer = pulseServer(environment: environment)
    let runtime = AppRuntime(
      model: model, terminal: terminal, logger: ground.logger, opening: opening,
      services: AppRuntime.liveServices(
        model: model, store: ground.store, logger: ground.logger, pulseServer: pulseServer,
        recorder: recorder, daw: daw, timecode: recorderTimecode,
        // As for `woodshed ear quiz`: the room's questions sound on the same piano.
        soundFonts: environment["WOODSHED_SOUNDFONT"].map { [$0] } ?? SoundFontSynth.searchPaths,
        loadPatterns: { [assets = ground.assets, paths = ground.paths] in
          PatternLibrary(
            builtIn: assets.appendingPathComponent("patterns"), user: paths.patternsFolder)
        },
        loadPacks: { [assets = ground.assets, paths = ground.paths] in
          PackLibrary(
            builtIn: assets.appendingPathComponent("packs", isDirectory: true),
            user: paths.packsFolder)
        }))
    let status = runtime.run()
    do {
      try recorder?.finish()
    } catch {
      throw Failure(description: error.description)
    }
    return status
  }
}

extension Launcher {
  /// The languages whose own name has a letter with no ASCII stand-in (Русский, not Català):
  /// their texts cannot be read without UTF-8.
  public static func languagesNeedingUnicode(_ catalog: LocaleCatalog) -> Set<String> {
    Set(
      catalog.availableLanguages.filter { language in
        // Every language's own name is in the English file too.
        catalog.localizer(for: LocaleCatalog.fallbackLanguage).text("language.\(language)").contains
        {
          $0 != "?" && ASCIIFallback.character(for: $0) == "?"
        }
      })
  }

  /// The language and note names of a command that prints notes (`show`, `staff`, `ear`): the
  /// player's, in English where the locale cannot show the language's script, as on the
  /// screens; and every language's words, for reading what the player typed in any of them.
  public static func noteWords(environment: [String: String], isUTF8: Bool) throws(Failure) -> (
    strings: Localizer, naming: NamingSystem, catalog: LocaleCatalog
  ) {
    noteWords(try prepare(environment: environment), isUTF8: isUTF8)
  }

  /// `noteWords` for a command that has prepared its ground already.
  static func noteWords(_ ground: Ground, isUTF8: Bool) -> (
    strings: Localizer, naming: NamingSystem, catalog: LocaleCatalog
  ) {
    let settings = ground.loaded.settings
    let isUnshown = !isUTF8 && languagesNeedingUnicode(ground.catalog).contains(settings.language)
    return (
      ground.catalog.localizer(
        for: isUnshown ? LocaleCatalog.fallbackLanguage : settings.language),
      settings.noteNaming, ground.catalog
    )
  }

  /// One notice per folder Woodshed cannot write (a read-only home, a full or read-only mount),
  /// so that nobody practises a whole session believing their changes are kept.
  public static func readOnlyNotices(_ paths: StoragePaths) -> [Message] {
    [paths.configFolder, paths.dataFolder].compactMap { folder in
      let check = FolderCheck(checking: folder)
      return check.isWritable
        ? nil : Message("notice.readOnlyFolder", ["folder": folder.path, "reason": check.reason])
    }
  }

  /// Looks at this machine the way the app would: terminal, locale, folders, settings, audio.
  public static func doctor(environment: [String: String]) throws(Failure) -> (
    report: DoctorReport, strings: Localizer, devices: AudioDeviceSettings
  ) {
    let locale = TerminalLocale.adopt(environment: environment)
    let ground = try prepare(environment: environment)
    let term = environment["TERM"].flatMap { $0.isEmpty ? nil : $0 }
    let capabilities = term.flatMap { TerminalProbe.capabilities(term: $0) }
    let folders = zip(
      ["config", "data", "state"],
      [ground.paths.configFolder, ground.paths.dataFolder, ground.paths.stateFolder]
    ).map { role, folder in
      let check = FolderCheck(checking: folder)
      return DoctorReport.Folder(
        role: role, path: folder.path, isWritable: check.isWritable, reason: check.reason)
    }
    let pulseServer = pulseServer(environment: environment)
    let language = ground.loaded.settings.language
    let isUnshown = !locale.isUTF8 && languagesNeedingUnicode(ground.catalog).contains(language)
    let report = DoctorReport(
      version: version, terminalSize: TerminalProbe.size(), term: term, locale: locale.name,
      isUTF8: locale.isUTF8, isLocaleMissing: locale.isUTF8NameNotGenerated,
      isRemote: !(environment["SSH_CONNECTION"] ?? "").isEmpty,
      unshownLanguage: isUnshown ? language : nil,
      glyphs: GlyphSet.detect(locale: locale, term: term),
      colorCount: capabilities?.colorCount,
      canMoveCursor: capabilities?.canMoveCursor ?? true,
      noColor: !(environment["NO_COLOR"] ?? "").isEmpty, folders: folders,
      settingsNotices: ground.loaded.notices, pulseServer: pulseServer,
      audio: PulseAudioProbe.check(server: pulseServer),
      recentPlayback: HistoryLog(file: ground.paths.playbackLogFile)
        .readAll(as: PlaybackRecord.self).records.suffix(DoctorReport.playbackRunsShown),
      midi: midiStatus())
    return (
      report, ground.catalog.localizer(for: isUnshown ? LocaleCatalog.fallbackLanguage : language),
      ground.loaded.settings.audio
    )
  }
}

extension Launcher {
  /// The MIDI ports there are, for `doctor`.
  static func midiStatus() -> DoctorReport.MIDIStatus {
    do throws(ALSASequencerError) {
      return .ports(try ALSASequencer().ports().map { "\($0.name) (\($0.address))" })
    } catch {
      return .unavailable(error.description)
    }
  }
}

extension Launcher {
  /// The metronome as last used, adjusted by the command line, and the audio devices to use.
  public static func metronomeSetup(
    environment: [String: String], adjust: @escaping (inout MetronomeSettings) -> Void
  ) throws(Failure) -> (
    options: MetronomeOptions, devices: AudioDeviceSettings, sounds: UserSounds,
    playbackLog: HistoryLog
  ) {
    let ground = try prepare(environment: environment)
    var settings = ground.loaded.settings
    adjust(&settings.metronome)
    let sounds = UserSounds.load(
      from: ground.paths.soundsFolder,
      over: MetronomeVoices(sampleRate: HeadlessMetronome.sampleRate),
      sampleRate: HeadlessMetronome.sampleRate)
    for notice in sounds.notices { ground.logger.warning("\(notice)") }
    return (
      MetronomeOptions(settings: settings), settings.audio, sounds,
      HistoryLog(file: ground.paths.playbackLogFile)
    )
  }
}

extension Launcher {
  /// The server `PULSE_SERVER` names; unset or empty means PulseAudio's own default.
  public static func pulseServer(environment: [String: String]) -> String? {
    environment["PULSE_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
  }
}

extension PulseAudioInput {
  /// An input on the source and with the latency the settings (and this run's choices) name.
  convenience init(devices: AudioDeviceSettings, server: String?) {
    self.init(
      source: devices.source.isEmpty ? nil : devices.source, server: server,
      targetLatency: .milliseconds(devices.targetLatencyMilliseconds))
  }
}

extension PulseAudioOutput {
  /// An output on the sink and with the latency the settings (and this run's choices) name.
  convenience init(
    devices: AudioDeviceSettings, server: String?,
    onStatus: @escaping @Sendable (PulseAudioStreamStatus) -> Void = { _ in }
  ) {
    self.init(
      sink: devices.sink.isEmpty ? nil : devices.sink, server: server,
      targetLatency: .milliseconds(devices.targetLatencyMilliseconds), onStatus: onStatus)
  }
}
