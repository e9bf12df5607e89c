import Audio
import AudioModel
import DSP
import Dispatch
import FoundationEssentials
import Glibc
import Logging
import MusicTheory
import Practice
import Storage
import TerminalUI

/// Runs the app in a real terminal: reads events, feeds them to the model, performs the
/// effects it asks for and draws each new state. It blocks in the terminal's wait between
/// events, so an idle app uses no CPU.
public final class AppRuntime {
  private var model: AppModel
  private let terminal: any InteractiveTerminal
  private let services: AppServices
  private let logger: Logger
  private let inbox: EventInbox
  private let serverRefresh: ServerRefreshSchedule
  /// While the metronome plays silently for want of a server: when to look for one again.
  private var nextServerCheck: UInt64?
  private var protocols: ProtocolStore { services.protocols }
  /// The protocols open, as their journals were last read, so that a line is checked and
  /// appended, and another writer's lines are read, without replaying the whole journal.
  private var openProtocols: [String: ProtocolJournal] = [:]
  /// Listing replays every protocol's journal (a day's session takes a few milliseconds): off
  /// the main loop, one list at a time, so that lists arrive in the order they were asked for.
  private let protocolListing = DispatchQueue(label: "woodshed.protocol-list")
  /// In screen-reader mode, what the last frame was and what was read out.
  private var screenReaderFrames = ScreenReaderFrames()
  static let serverCheckInterval: UInt64 = 3_000_000_000
  /// How often, and how long apart, the output is asked when an ear sound was first heard.
  static let earStartChecks = 500
  static let earStartCheckMicroseconds: useconds_t = 2_000

  /// What the run does before the first key: the effects of a screen opened from the command
  /// line.
  private let opening: [Effect]

  /// `services` makes the services, given where they post what they find.
  init(
    model: AppModel, terminal: any InteractiveTerminal, logger: Logger, opening: [Effect] = [],
    services: (_ post: @escaping @Sendable (AppEvent) -> Void) -> AppServices
  ) {
    self.model = model
    self.opening = opening
    self.terminal = terminal
    self.logger = logger
    let inbox = EventInbox(waker: terminal.makeWaker())
    self.inbox = inbox
    let services = services { inbox.post($0) }
    self.services = services
    services.daw?.whenRecordingStarts { inbox.post(.dawRecordStarted) }
    serverRefresh = ServerRefreshSchedule(
      refresh: services.refreshServer, read: services.readServerSnapshot,
      post: { inbox.post(.serverSnapshot($0)) })
  }

  /// The services of a real run: PulseAudio (or the `--audio-in` and `--audio-out` files), the
  /// ALSA sequencer (or `--midi-in`), and the user's files.
  static func liveServices(
    model: AppModel, store: any SettingsStoring, logger: Logger, pulseServer: String?,
    recorder: WAVRecorder?, daw: DAWLink? = nil, timecode: RecorderTimecode? = nil,
    soundFonts: [String],
    loadPatterns: @escaping @Sendable () -> PatternLibrary,
    loadPacks: @escaping @Sendable () -> PackLibrary
  ) -> (_ post: @escaping @Sendable (AppEvent) -> Void) -> AppServices {
    { post in
      let probeAudio: @Sendable () -> AudioStatus = { PulseAudioProbe.check(server: pulseServer) }
      let metronome = MetronomePlayer(
        server: pulseServer, soundsFolder: model.paths.soundsFolder, recorder: recorder
      ) { status in
        switch status {
        case .connected(let info):
          logger.info("audio connected to \(info.device), reconnection: \(info.isReconnection)")
          post(.audio(probeAudio()))
        case .unavailable(let reason):
          logger.warning("audio lost: \(reason)")
          post(.audio(.unavailable(reason: reason)))
        case .reconnecting(let attempt):
          logger.info("audio reconnecting, attempt \(attempt)")
        }
      }
      return AppServices(
        metronome: metronome,
        microphone: ListenService(overrides: model.overrides, server: pulseServer, post: post),
        midi: MIDIService(overrides: model.overrides, post: post),
        notes: NotePlayer(server: pulseServer, soundFonts: soundFonts), settings: store,
        history: HistoryLog(paths: model.paths),
        playbackLog: HistoryLog(file: model.paths.playbackLogFile),
        protocols: ProtocolStore(paths: model.paths), wallClock: WallClock(),
        probeAudio: probeAudio, loadPatterns: loadPatterns, playsNotes: recorder == nil,
        readServerSnapshot: { ServerRefresh.snapshot(paths: model.paths, logger: logger) },
        refreshServer: { ServerRefresh.run(paths: model.paths, logger: logger) },
        fetchPack: { ServerRefresh.fetchPack($0, logger: logger) }, loadPacks: loadPacks,
        daw: daw, timecode: timecode)
    }
  }

  /// Returns the process exit status.
  public func run() -> Int32 {
    defer {
      services.microphone.stop()
      services.midi.stop()
      services.notes.stop()
      stopMetronome()
      terminal.close()
    }
    terminal.theme = model.theme
    if perform(opening) { return 0 }
    draw()
    startAudioProbe()
    serverRefresh.start()
    while true {
      let event = terminal.nextEvent(timeout: nextWakeUp())
      var quit = false
      switch event {
      case .keys(let keys):
        for key in keys where !quit {
          quit = process(.key(key))
        }
      case .resized(let size):
        quit = process(.resized(size))
      case .timedOut:
        quit = process(.clock(services.wallClock.time()))
        if !quit, let links = links() { quit = process(.sessionLinks(links)) }
        if !quit, let deadline = model.deadline, MonotonicInstant.now() >= deadline {
          quit = process(.tick(MonotonicInstant.now()))
        }
        lookForServer()
        showAudibleBeats()
      case .woken:
        for posted in inbox.takeAll() where !quit {
          quit = process(posted)
        }
      case .signal(let signal):
        logger.notice("stopping on \(signal)")
        if let record = model.sessionInProgress(at: MonotonicInstant.now()) { append(record) }
        return signal.exitStatus
      }
      if quit {
        logger.info("quit")
        return 0
      }
      draw()
    }
  }

  /// Returns true when the app should stop.
  private func process(_ event: AppEvent) -> Bool {
    if case .audio(let status) = event {
      if status.isAvailable {
        services.metronome.serverBack()
      } else {
        services.metronome.serverLost()
      }
    }
    let themeBefore = model.theme
    let quits = perform(model.handle(event))
    if model.theme != themeBefore {
      terminal.theme = model.theme
    }
    return quits
  }

  /// Carries out the model's effects, in order; true once one of them quits.
  private func perform(_ effects: [Effect]) -> Bool {
    for effect in effects {
      switch effect {
      case .quit:
        return true
      case .save(let settings):
        save(settings)
      case .metronome(let command):
        perform(command)
        // The listener must know the clicks the metronome now plays, or that it plays none.
        if services.microphone.isRunning {
          startListening(profile: model.settings.listening.profile)
        }
      case .listen(.start(let profile)):
        startListening(profile: profile)
      case .listen(.stop):
        services.microphone.stop()
      case .listen(.measureLatency):
        services.microphone.measureLatency(devices: model.audioDevices)
      case .listen(.learnInstrument(let name, let seconds)):
        services.microphone.learnInstrument(name: name, seconds: seconds)
      case .midiIn(.start(let origin)):
        startMIDI(origin: origin)
      case .midiIn(.stop):
        services.midi.stop()
      case .listMIDIPorts:
        let listed = services.midi.portNames()
        inbox.post(.midiPortsListed(listed.ports, problem: listed.problem))
      case .playNote(let pitch):
        play([pitch], sound: .piano)
      case .playNotes(let pitches, let sound):
        play(pitches, sound: sound)
      case .playEar(let sound):
        playEar(sound)
      case .stopNotes:
        services.notes.stop()
      case .record(let record):
        append(record)
      case .loadPatterns:
        reloadPatterns()
      case .reloadJoined:
        // Read in the loop, as sessions are appended, so one recorded meanwhile is never lost
        // from the history the room shows.
        let history = services.history.readAll(as: SessionRecord.self).records
        let settings = services.settings.load()
        inbox.post(
          .joinedReloaded(
            history: history, settings: settings.notices.isEmpty ? settings.settings : nil))
      case .fetchPack(let id):
        let (fetch, load, inbox) = (services.fetchPack, services.loadPacks, inbox)
        DispatchQueue.global().async {
          let problem = fetch(id)
          if let library = load() {
            inbox.post(.packsLoaded(library.packs, problems: []))
          }
          inbox.post(.packFetched(id, problem: problem))
        }
      case .bell:
        terminal.ringBell()
      case .protocolList:
        listProtocols()
      case .protocolCreate(let name):
        do {
          try protocols.create(name, at: Date())
          listProtocols()
          loadProtocol(name)
        } catch {
          let refusal = Launcher.Failure(protocol: name, error)
          inbox.post(.protocolRefused(refusal.said(in: model.strings).description))
        }
      case .protocolRename(let name, let newName):
        change(name, to: newName) { () throws(StorageError) in
          try protocols.rename(name, to: newName)
        }
      case .protocolArchive(let name):
        change(name) { () throws(StorageError) in try protocols.archive(name) }
      case .protocolUnarchive(let name):
        change(name) { () throws(StorageError) in try protocols.unarchive(name) }
      case .protocolDelete(let name):
        change(name) { () throws(StorageError) in try protocols.moveToTrash(name, at: Date()) }
      case .protocolLoad(let name):
        loadProtocol(name)
      case .protocolAdd(let name, let line):
        add([line], to: name)
      case .protocolAddTogether(let name, let lines):
        add(lines, to: name)
      case .protocolImportScore(let name, let path):
        // A large score takes most of a second to read: the screen stays live meanwhile.
        let inbox = inbox
        DispatchQueue.global().async {
          do throws(Launcher.Failure) {
            inbox.post(.scoreImported(name, lines: try HeadlessProtocol.movementLines(path: path)))
          } catch {
            inbox.post(.protocolRefused(error.description))
          }
        }
      case .protocolImportScript(let name, let path):
        let (inbox, protocols) = (inbox, protocols)
        DispatchQueue.global().async {
          do throws(Launcher.Failure) {
            let lines = try HeadlessProtocol.importScript(path, into: name, store: protocols)
            inbox.post(.scoreImported(name, lines: lines))
          } catch {
            inbox.post(.protocolRefused(error.description))
          }
        }
      case .protocolRefresh(let name) where !protocols.exists(name):
        inbox.post(
          .protocolRefused(model.strings.text("protocol.error.goneElsewhere", ["name": name])))
      case .protocolRefresh(let name):
        if openProtocols[name]?.hasUnread(in: protocols) ?? true { readOn(name) }
      case .deletePattern(let id):
        do {
          try services.loadPatterns().remove(id: id)
        } catch {
          logger.warning("pattern not deleted: \(error)")
          inbox.post(
            .notice(
              Message("notice.patternNotDeleted", ["reason": model.strings.text(of: error)])))
        }
        reloadPatterns()
      case .savePattern(let pattern, let replacing):
        do {
          try services.loadPatterns().save(
            pattern, into: model.paths.patternsFolder, replacing: replacing)
          reloadPatterns()
          inbox.post(.patternSaved(id: pattern.id))
        } catch {
          logger.warning("pattern not saved: \(error)")
          inbox.post(.patternSaveFailed(reason: model.strings.text(of: error)))
        }
      }
    }
    return false
  }

  /// The library ships for guitar standard; for another tuning its shapes are made afresh, so
  /// the positions fit the strings. The user's own patterns keep the tuning they were drawn in.
  /// Reading 146 files and making shapes takes a while: it is done off the main loop.
  private func reloadPatterns() {
    let (load, inbox, logger) = (services.loadPatterns, inbox, logger)
    let snapshot = services.readServerSnapshot
    let tuning = model.settings.fretboard.tuning
    DispatchQueue.global().async {
      let library = load()
      for problem in library.problems { logger.warning("pattern skipped: \(problem)") }
      let own = library.entries.filter { !$0.isBuiltIn }.map(\.pattern)
      let builtIn =
        tuning == .guitarStandard
        ? library.entries.filter(\.isBuiltIn).map(\.pattern)
        : PatternGenerator.library(for: tuning)
      // A pattern shared with the player comes after their own, and the school's library after
      // those; one whose id a pattern here has already is left out: the player's own wins.
      let server = snapshot()
      let shared = server.map(ServerSnapshotFile.patterns(of:))
      for problem in shared?.problems ?? [] { logger.warning("shared pattern skipped: \(problem)") }
      var ids = Set((builtIn + own).map(\.id))
      let sharedHere = (shared?.shared ?? []).filter { ids.insert($0.pattern.id).inserted }
      let school = server.map(ServerSnapshotFile.libraryPatterns(of:))
      for problem in school?.problems ?? [] {
        logger.warning("library pattern skipped: \(problem)")
      }
      // A library pattern the player fetched, or has under its id, is theirs.
      let libraryHere = (school?.patterns ?? []).filter { ids.insert($0.pattern.id).inserted }
      inbox.post(
        .patternsLoaded(
          PatternOrder.sorted(builtIn + own) + sharedHere.map(\.pattern)
            + libraryHere.map(\.pattern), own: Set(own.map(\.id)),
          shared: Dictionary(
            sharedHere.map { ($0.pattern.id, $0.from) }, uniquingKeysWith: { first, _ in first }),
          ratings: Dictionary(
            sharedHere.compactMap { share in share.ratings.map { (share.pattern.id, $0) } },
            uniquingKeysWith: { first, _ in first }),
          library: Dictionary(
            libraryHere.map { ($0.pattern.id, $0.version) }, uniquingKeysWith: { first, _ in first }
          ),
          problems: library.problems))
    }
  }

  /// Every protocol with its status and last change, archived ones too, for the list.
  private func listProtocols() {
    let (store, inbox) = (protocols, inbox)
    protocolListing.async {
      inbox.post(
        .protocolsListed(
          ProtocolLibrary.summaries(
            store: store, includingArchived: true, utcOffset: LocalTime.utcOffset(at:))))
    }
  }

  /// Renames (to `newName`), archives or deletes protocol `name`, says why not if it cannot, in
  /// the user's language, and lists the protocols again either way, as another terminal may
  /// have changed them too.
  private func change(
    _ name: String, to newName: String? = nil, _ move: () throws(StorageError) -> Void
  ) {
    do {
      try move()
      openProtocols[name] = nil
    } catch {
      let refusal = Launcher.Failure(moving: name, to: newName, error)
      inbox.post(.protocolRefused(refusal.said(in: model.strings).description))
    }
    listProtocols()
  }

  /// Reads a protocol's journal, replays it and hands it to the screen, noting where the
  /// reading stopped so that a refresh reads only what someone adds after.
  private func loadProtocol(_ name: String) {
    do throws(Launcher.Failure) {
      let journal = try ProtocolJournal.open(name, store: protocols)
      openProtocols[name] = journal
      show(journal)
    } catch {
      inbox.post(.protocolRefused(error.said(in: model.strings).description))
    }
  }

  /// Applies the lines someone else has added to an open protocol's journal.
  private func readOn(_ name: String) {
    guard var journal = openProtocols[name] else { return loadProtocol(name) }
    do throws(Launcher.Failure) {
      let before = journal.session
      try journal.readOn(store: protocols)
      openProtocols[name] = journal
      cue(from: before, to: journal.session)
      show(journal)
    } catch {
      inbox.post(.protocolRefused(error.said(in: model.strings).description))
    }
  }

  /// Checks lines entered together against the protocol as its journal stands and appends
  /// them, under the journal's lock, by this run's author.
  private func add(_ lines: [String], to name: String) {
    if openProtocols[name] == nil { loadProtocol(name) }
    guard var journal = openProtocols[name] else { return }
    let before = journal.session
    do throws(Launcher.Failure) {
      let now = Date()
      let timecode = services.timecode?.now(rate: before.frameRate)
      try journal.add(
        ProtocolJournal.stamped(lines, with: timecode), by: model.overrides.author,
        store: protocols, at: now,
        utcOffset: LocalTime.utcOffset(at: now), recorderTimecode: timecode?.description)
    } catch {
      inbox.post(.protocolRefused(error.said(in: model.strings).description))
    }
    openProtocols[name] = journal
    cue(from: before, to: journal.session)
    show(journal)
  }

  /// The live protocol's links as they stand, for the screen; nil without any.
  private func links() -> SessionLinks? {
    guard services.timecode != nil || services.daw != nil else { return nil }
    let rate = openProtocols.values.first?.session.frameRate ?? .fps25
    return SessionLinks(
      timecodeKind: services.timecode?.kind, timecode: services.timecode?.now(rate: rate),
      driftPPM: services.timecode?.driftPPM, daw: services.daw?.name)
  }

  /// Tells the DAW what changed in an open protocol; a DAW that cannot be told is said on
  /// screen, and the protocol goes on without it.
  private func cue(from old: ProtocolSession, to new: ProtocolSession) {
    do throws(Launcher.Failure) {
      try services.daw?.send(from: old, to: new)
    } catch {
      logger.warning("DAW not told: \(error)")
      inbox.post(.notice(Message("protocol.daw.unreachable", ["reason": error.description])))
    }
  }

  private func show(_ journal: ProtocolJournal) {
    inbox.post(
      .protocolLoaded(
        journal.name, session: journal.session, recent: journal.recent,
        problems: journal.problems.map(model.strings.text)))
  }

  private func play(_ pitches: [Pitch], sound: InstrumentSound) {
    // Without a server, opening a stream would only hold up the screen.
    guard services.playsNotes, model.audio.isAvailable else { return }
    if let failure = services.notes.play(
      pitches, sound: sound, settings: model.settings, devices: model.audioDevices)
    {
      logger.info("notes not heard: \(failure)")
    }
  }

  private func playEar(_ sound: EarSound) {
    guard services.playsNotes, model.audio.isAvailable else { return }
    let playback = services.notes.playEar(
      sound, settings: model.settings, devices: model.audioDevices)
    if let failure = playback.failure { logger.info("ear question not heard: \(failure)") }
    if let audibleStart = playback.audibleStart {
      let inbox = inbox
      // The audio thread takes the sound with its next block; a second is far past that.
      DispatchQueue.global().async {
        for _ in 0..<Self.earStartChecks {
          if let instant = audibleStart() { return inbox.post(.earSoundStarted(instant)) }
          usleep(Self.earStartCheckMicroseconds)
        }
      }
    }
    if let reason = playback.withoutSoundFont {
      logger.info("ear questions on the built-in voice: \(reason)")
      inbox.post(.notice(Message("notice.earWithoutSoundFont", ["reason": reason])))
    }
  }

  private func startListening(profile: InstrumentProfile?) {
    let (failure, source) = services.microphone.start(
      devices: model.audioDevices, profile: profile,
      clicks: services.metronome.clicksInTheRoom())
    if let failure { logger.warning("no microphone: \(failure)") }
    inbox.post(.listening(failure: failure, source: source))
  }

  private func startMIDI(origin: MonotonicInstant?) {
    let choice = model.settings.audio.midiPort
    let (failure, port) = services.midi.start(choice: choice.isEmpty ? nil : choice, origin: origin)
    if let failure { logger.info("no MIDI input: \(failure)") }
    inbox.post(.midiInput(failure: failure, port: port))
  }

  private func perform(_ command: MetronomeCommand) {
    switch command {
    case .start(let options):
      let report = services.metronome.start(options, devices: model.audioDevices)
      for notice in report.soundNotices {
        logger.warning("\(notice)")
        inbox.post(.notice(Message("notice.sounds", ["text": notice])))
      }
      if let reason = report.silentBecause {
        logger.warning("metronome plays silently: \(reason)")
        inbox.post(.audio(.unavailable(reason: reason)))
      }
      nextServerCheck =
        services.metronome.isSilentForLackOfServer
        ? MonotonicInstant.now().nanoseconds + Self.serverCheckInterval : nil
    case .update(let options):
      services.metronome.update(options)
    case .stop:
      nextServerCheck = nil
      stopMetronome()
    }
  }

  private func stopMetronome() {
    guard let record = services.metronome.stop() else { return }
    logger.info("metronome stopped, \(record.underruns) under-runs")
    do {
      try services.playbackLog.append(record)
    } catch {
      logger.warning("\(error)")
    }
  }

  /// While the metronome plays, wake when its next beat is heard; otherwise at the next minute.
  private func nextWakeUp() -> Duration {
    let now = MonotonicInstant.now().nanoseconds
    /// How long until a CLOCK_MONOTONIC instant in nanoseconds; zero once it has passed.
    func until(_ instant: UInt64) -> Duration {
      max(.zero, .nanoseconds(Int64(clamping: instant) - Int64(clamping: now)))
    }
    var wait = services.wallClock.untilNextMinute()
    if let deadline = model.deadline { wait = min(wait, until(deadline.nanoseconds)) }
    if let check = nextServerCheck { wait = min(wait, until(check)) }
    guard services.metronome.isRunning else { return wait }
    // A beat enters the log a block or so before it is heard; until then, look again soon.
    guard let next = services.metronome.nextAudibleBeat() else {
      return min(wait, .milliseconds(5))
    }
    return min(wait, until(next))
  }

  /// A server that was missing when the metronome started may have appeared: if it answers,
  /// the metronome moves onto it.
  private func lookForServer() {
    guard let check = nextServerCheck, MonotonicInstant.now().nanoseconds >= check else { return }
    let status = services.probeAudio()
    guard status.isAvailable,
      let report = services.metronome.restart(devices: model.audioDevices),
      report.silentBecause == nil
    else {
      nextServerCheck = MonotonicInstant.now().nanoseconds + Self.serverCheckInterval
      return
    }
    logger.info("audio server found; the metronome plays through it")
    nextServerCheck = nil
    inbox.post(.audio(status))
  }

  private func showAudibleBeats() {
    for beat in services.metronome.beatsHeard(by: MonotonicInstant.now().nanoseconds) {
      _ = process(.metronomeBeat(beat))
    }
  }

  /// Dates the session now, as it has just ended, and adds it to the history.
  private func append(_ record: SessionRecord) {
    let dated = record.ended(at: Date())
    do {
      try services.history.append(dated)
      inbox.post(.recorded(dated))
      serverRefresh.request()
    } catch {
      logger.error("session not recorded: \(error)")
      inbox.post(
        .notice(Message("notice.historyFailed", ["reason": model.strings.text(of: error)])))
    }
  }

  private func save(_ settings: Settings) {
    do {
      try services.settings.save(settings)
      inbox.post(.saved)
    } catch {
      logger.error("settings not saved: \(error)")
      inbox.post(.saveFailed(reason: model.strings.text(of: error)))
    }
  }

  private func draw() {
    terminal.draw(AppView.frame(model, screenReader: &screenReaderFrames))
  }

  private func startAudioProbe() {
    let inbox = self.inbox
    let probe = services.probeAudio
    DispatchQueue.global().async {
      inbox.post(.audio(probe()))
    }
  }
}

extension TerminationSignal {
  /// The shell's convention: 128 plus the signal number.
  var exitStatus: Int32 {
    switch self {
    case .interrupt: return 128 + SIGINT
    case .terminate: return 128 + SIGTERM
    case .hangup: return 128 + SIGHUP
    }
  }
}
