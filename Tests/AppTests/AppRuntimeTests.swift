import DSP
import Foundation
import ListeningEval
import Logging
import MusicTheory
import Storage
import TerminalUI
import XCTest

@testable import App

/// The whole loop in this process: the runtime reads a scripted terminal, routes keys and
/// events through the model, performs effects through fake audio services and the real MIDI
/// file player, and draws onto a virtual terminal.
final class AppRuntimeTests: XCTestCase {
  private var home: URL!

  override func setUpWithError() throws {
    home = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-runtime-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(at: home)
  }

  /// The click, heard at once: its count-in and line beats, each when its time comes.
  final class FakeMetronome: MetronomeOutput {
    var isRunning = false
    let isSilentForLackOfServer = false
    private(set) var started: [MetronomeOptions] = []
    private(set) var stops = 0
    private var pending: [BeatDisplay] = []

    func start(_ options: MetronomeOptions, devices: AudioDeviceSettings) -> MetronomeStartReport {
      isRunning = true
      started.append(options)
      let first = MonotonicInstant.now().advanced(by: .milliseconds(50))
      let beatNanoseconds = Int64(60 / Double(options.bpm) * 1e9)
      pending = (0..<12).map { (index: Int) -> BeatDisplay in
        let audibleAt = first.advanced(by: .nanoseconds(Int64(index) * beatNanoseconds))
        return BeatDisplay(
          bar: index / 4 - 1, beatInBar: index % 4, isCountIn: index < 4, isMuted: false,
          bpm: Double(options.bpm), elapsed: .zero, audibleAt: audibleAt)
      }
      return MetronomeStartReport(silentBecause: nil, soundNotices: [])
    }

    func restart(devices: AudioDeviceSettings) -> MetronomeStartReport? { nil }
    func update(_ options: MetronomeOptions) {}

    func stop() -> PlaybackRecord? {
      isRunning = false
      stops += 1
      pending = []
      return nil
    }

    func serverLost() {}
    func serverBack() {}
    func clicksInTheRoom() -> MetronomeClicks? { nil }
    func nextAudibleBeat() -> UInt64? { pending.first?.audibleAt.nanoseconds }

    func beatsHeard(by now: UInt64) -> [BeatDisplay] {
      let heard = pending.prefix { $0.audibleAt.nanoseconds <= now }
      pending.removeFirst(heard.count)
      return Array(heard)
    }
  }

  final class SilentMicrophone: MicrophoneInput {
    var isRunning: Bool { false }
    func start(devices: AudioDeviceSettings, profile: InstrumentProfile?, clicks: MetronomeClicks?)
      -> (failure: String?, source: String?)
    { ("no microphone in this test", nil) }
    func stop() {}
    func measureLatency(devices: AudioDeviceSettings) {}
    func learnInstrument(name: String, seconds: Double) {}
  }

  final class QuietNotes: NoteOutput {
    private(set) var played: [[Pitch]] = []
    func play(
      _ pitches: [Pitch], sound: InstrumentSound, settings: Settings, devices: AudioDeviceSettings
    ) -> String? {
      played.append(pitches)
      return nil
    }
    private(set) var earSounds: [EarSound] = []
    /// Said by the first ear sound, as a player without a SoundFont says it.
    var withoutSoundFont: String?
    func playEar(_ sound: EarSound, settings: Settings, devices: AudioDeviceSettings)
      -> EarPlayback
    {
      earSounds.append(sound)
      defer { withoutSoundFont = nil }
      return EarPlayback(withoutSoundFont: withoutSoundFont)
    }
    func stop() {}
  }

  struct MemoryStore: SettingsStoring {
    func load() -> SettingsLoadResult { SettingsLoadResult(settings: Settings()) }
    func save(_ settings: Settings) throws {}
  }

  /// The whole loop for the protocol screen, on real files: `store` holds the journals.
  /// The app as it starts at 80×24, at 09:05 on the fixtures' day, its files under `paths`.
  private func startedModel(
    settings: Settings = Settings(), paths: StoragePaths, overrides: RunOverrides = .init()
  ) -> AppModel {
    AppModel(
      settings: settings, size: Size(width: 80, height: 24),
      clock: ClockTime(hour: 9, minute: 5, day: AppFixtures.today),
      catalog: AppFixtures.catalog, paths: paths, detectedGlyphs: .unicode,
      overrides: overrides, rhythms: RhythmPattern.shipped)
  }

  /// Runs the app on `terminal` to its quitting with q while another terminal renames
  /// "brahms" to "schumann" a second in.
  private func runRenamingBrahmsElsewhere(
    model: AppModel, terminal: ScriptedTerminal, paths: StoragePaths, store: ProtocolStore
  ) {
    let other = Thread {
      Thread.sleep(forTimeInterval: 1)
      try? store.rename("brahms", to: "schumann")
    }
    other.start()
    let runtime = protocolRuntime(model: model, terminal: terminal, paths: paths, store: store)
    XCTAssertEqual(runtime.run(), 0, "quit with q; waiting for \(terminal.failedWait ?? "-")")
    XCTAssertNil(terminal.failedWait, terminal.text)
  }

  private func protocolRuntime(
    model: AppModel, terminal: ScriptedTerminal, paths: StoragePaths, store: ProtocolStore
  ) -> AppRuntime {
    AppRuntime(model: model, terminal: terminal, logger: Logger(label: "test")) { _ in
      AppServices(
        metronome: FakeMetronome(), microphone: SilentMicrophone(),
        midi: MIDIService(overrides: RunOverrides(), post: { _ in }),
        notes: QuietNotes(), settings: MemoryStore(), history: HistoryLog(paths: paths),
        playbackLog: HistoryLog(file: paths.playbackLogFile), protocols: store,
        wallClock: WallClock(), probeAudio: { AppFixtures.audio },
        loadPatterns: { PatternLibrary(builtIn: paths.patternsFolder, user: paths.patternsFolder) },
        playsNotes: true)
    }
  }

  func testARhythmRunOnMIDIPadsIsGradedAndRecordedThroughTheWholeLoop() throws {
    // At 160 BPM a beat is 0.375 s: the line's quarters 1.5, 1.875, 2.25 and 2.625 s after the
    // first click. The pads play the first three on the beat and leave out the fourth.
    let take = home.appendingPathComponent("pads.mid")
    let notes = [1500, 1875, 2250].map {
      MIDIFile.Note(millisecond: $0, length: 40, key: 38, velocity: 100)
    }
    try Data(MIDIFile(channel: 9, program: 0, notes: notes).bytes).write(to: take)
    var settings = Settings()
    settings.rhythm.bpm = 160
    settings.rhythm.bars = 1
    settings.rhythm.line = ["quarter", "quarter", "quarter", "quarter"]
    settings.rhythm.input = .midi
    let paths = StoragePaths(environment: ["WOODSHED_HOME": home.path])
    let model = startedModel(
      settings: settings, paths: paths, overrides: RunOverrides(midiIn: take.path))
    let terminal = try ScriptedTerminal(
      size: Size(width: 80, height: 24),
      steps: [
        .waitFor("Woodshed"), .keys([.character("5")]), .waitFor("MIDI pads"), .keys([.enter]),
        .waitFor("Accuracy 75.0 %"), .keys([.escape, .escape, .character("q")]),
      ])
    let metronome = FakeMetronome()
    let sounds = QuietNotes()
    let runtime = AppRuntime(model: model, terminal: terminal, logger: Logger(label: "test")) {
      post in
      AppServices(
        metronome: metronome, microphone: SilentMicrophone(),
        midi: MIDIService(overrides: RunOverrides(midiIn: take.path), post: post),
        notes: sounds, settings: MemoryStore(), history: HistoryLog(paths: paths),
        playbackLog: HistoryLog(file: paths.playbackLogFile),
        protocols: ProtocolStore(paths: paths), wallClock: WallClock(),
        probeAudio: { AppFixtures.audio },
        loadPatterns: { PatternLibrary(builtIn: paths.patternsFolder, user: paths.patternsFolder) },
        playsNotes: true)
    }
    XCTAssertEqual(runtime.run(), 0, "quit with q; waiting for \(terminal.failedWait ?? "-")")
    XCTAssertNil(terminal.failedWait, terminal.text)
    XCTAssertTrue(terminal.isClosed)
    XCTAssertEqual(metronome.started.map(\.bpm), [160])
    XCTAssertEqual(metronome.stops, 2, "when the run ended, and again on the way out")
    let history = try String(contentsOf: paths.historyFile, encoding: .utf8)
    XCTAssertTrue(history.contains(#""exercise":"midi""#), history)
    XCTAssertTrue(history.contains(#""perfect":3"#), history)
    XCTAssertTrue(history.contains(#""missed":1"#), history)
  }

  /// The Ear room's question goes to the notes' output as an ear sound, once at the question
  /// and again with `r`; the first one without a SoundFont says so in one notice, no later one.
  func testTheEarRoomSoundsItsQuestionAndSaysOnceThatItHasNoSoundFont() throws {
    let paths = StoragePaths(environment: ["WOODSHED_HOME": home.path])
    let terminal = try ScriptedTerminal(
      size: Size(width: 80, height: 24),
      steps: [
        .waitFor("Woodshed"), .keys([.character("6")]), .waitFor("Exercise"), .keys([.enter]),
        .waitFor("built-in voice: no SoundFont here"), .keys([.character("r")]),
        .waitFor("Question 1 of 10"), .keys([.character("r"), .character("1")]),
        .waitFor("Enter next"), .keys([.escape, .character("q")]),
      ])
    let sounds = QuietNotes()
    sounds.withoutSoundFont = "no SoundFont here"
    let runtime = AppRuntime(
      model: startedModel(paths: paths), terminal: terminal, logger: Logger(label: "test")
    ) { _ in
      AppServices(
        metronome: FakeMetronome(), microphone: SilentMicrophone(),
        midi: MIDIService(overrides: RunOverrides(), post: { _ in }), notes: sounds,
        settings: MemoryStore(), history: HistoryLog(paths: paths),
        playbackLog: HistoryLog(file: paths.playbackLogFile),
        protocols: ProtocolStore(paths: paths), wallClock: WallClock(),
        probeAudio: { AppFixtures.audio },
        loadPatterns: { PatternLibrary(builtIn: paths.patternsFolder, user: paths.patternsFolder) },
        playsNotes: true)
    }
    XCTAssertEqual(runtime.run(), 0, "quit with q; waiting for \(terminal.failedWait ?? "-")")
    XCTAssertNil(terminal.failedWait, terminal.text)
    XCTAssertEqual(sounds.earSounds.count, 3, "the question, and twice again with r")
    XCTAssertTrue(sounds.earSounds.allSatisfy { $0 == sounds.earSounds[0] })
    XCTAssertEqual(sounds.played, [], "nothing through the notes' spacing")
    XCTAssertFalse(terminal.text.contains("built-in voice"), "the notice was said once")
    let history = try String(contentsOf: paths.historyFile, encoding: .utf8)
    XCTAssertTrue(history.contains(#""module":"ear""#), history)
    XCTAssertTrue(history.contains(#""cutShort":true"#), history)
  }

  /// The Protocol screen follows its journal while an assistant appends to it from elsewhere,
  /// writes this run's author on every line, undoes the producer's own line only, and undoes
  /// the two lines of `f` as one.
  func testTheProtocolScreenFollowsTheJournalAndUndoesItsAuthorsOwnLines() throws {
    let paths = StoragePaths(environment: ["WOODSHED_HOME": home.path])
    let store = ProtocolStore(paths: paths)
    let date = Date(timeIntervalSince1970: 1_794_700_000)
    try store.create("brahms", at: date)
    for line in ["mvt 1: 1-40", "take", "1-8 ++"] {
      try store.append(ProtocolStore.Entry(at: date, line: line, by: "producer"), to: "brahms")
    }
    let model = startedModel(paths: paths, overrides: RunOverrides(author: "producer"))
    let terminal = try ScriptedTerminal(
      size: Size(width: 80, height: 24),
      steps: [
        .waitFor("Woodshed"), .keys([.character("7")]), .waitFor("brahms"), .keys([.enter]),
        .waitFor("as producer"), .waitFor("note cello late"), .keys([.character("u"), .enter]),
        .waitFor("undo"), .keys([.character("f"), .enter]), .waitFor("take 2"),
        .keys([.character("u"), .enter, .escape, .escape, .character("q")]),
      ])
    // The assistant, on another terminal, once the screen has read the journal.
    let assistant = Thread {
      Thread.sleep(forTimeInterval: 1)
      try? store.append(
        ProtocolStore.Entry(at: date, line: "note cello late", by: "assistant"), to: "brahms")
    }
    assistant.start()
    let runtime = protocolRuntime(model: model, terminal: terminal, paths: paths, store: store)
    XCTAssertEqual(runtime.run(), 0, "quit with q; waiting for \(terminal.failedWait ?? "-")")
    XCTAssertNil(terminal.failedWait, terminal.text)
    let entries = try store.entries(of: "brahms").entries
    XCTAssertEqual(
      entries.suffix(5).map(\.line), ["note cello late", "undo", "false", "take", "undo"])
    XCTAssertEqual(entries.suffix(4).map(\.by), ["producer", "producer", "producer", "producer"])
    XCTAssertEqual(entries.suffix(4).map(\.joinsPrevious), [false, false, true, false])
    let journal = try ProtocolJournal.open("brahms", store: store)
    XCTAssertEqual(journal.problems, [])
    let take = try XCTUnwrap(journal.session.takes.first)
    XCTAssertEqual(journal.session.takes.count, 1, "f and its undo leave one take")
    XCTAssertFalse(take.isFalseStart)
    XCTAssertEqual(take.marks, [], "the producer's rating was undone")
    XCTAssertEqual(take.notes, ["cello late"], "the assistant's note was not")
  }

  /// A background sync joins another machine's lines among the ones the screen has read (a new
  /// journal file in its place): the screen reads it whole again and shows the protocol as
  /// joined, rather than reading on from where it was in the old file.
  func testTheProtocolScreenReadsAJournalASyncReplacedWhole() throws {
    let paths = StoragePaths(environment: ["WOODSHED_HOME": home.path])
    let store = ProtocolStore(paths: paths)
    let date = Date(timeIntervalSince1970: 1_794_700_000)
    try store.create("brahms", at: date)
    for line in ["mvt 1: 1-40", "take", "1-8 ++", "note horns loud"] {
      try store.append(ProtocolStore.Entry(at: date, line: line, by: "producer"), to: "brahms")
    }
    let journalFile = paths.dataFolder.appendingPathComponent("protocols/brahms/journal.jsonl")
    let model = startedModel(paths: paths, overrides: RunOverrides(author: "producer"))
    let terminal = try ScriptedTerminal(
      size: Size(width: 80, height: 24),
      steps: [
        .waitFor("Woodshed"), .keys([.character("7")]), .waitFor("brahms"), .keys([.enter]),
        .waitFor("horns loud"), .waitFor("viola sharp"),
        .keys([.escape, .escape, .character("q")]),
      ])
    // The desk's line, written before the producer's last one, joined in where it belongs.
    let desk = Thread {
      Thread.sleep(forTimeInterval: 1)
      guard let text = try? String(contentsOf: journalFile, encoding: .utf8) else { return }
      var lines = text.split(separator: "\n").map(String.init)
      let deskLine = try? String(
        decoding: JSONEncoder().encode(
          ProtocolStore.Entry(at: date, line: "note viola sharp", by: "desk")), as: UTF8.self)
      lines.insert(deskLine ?? "", at: lines.count - 1)
      let joined = journalFile.deletingLastPathComponent().appendingPathComponent("joined.tmp")
      try? Data((lines.joined(separator: "\n") + "\n").utf8).write(to: joined)
      _ = rename(joined.path, journalFile.path)
    }
    desk.start()
    let runtime = protocolRuntime(model: model, terminal: terminal, paths: paths, store: store)
    XCTAssertEqual(runtime.run(), 0, "quit with q; waiting for \(terminal.failedWait ?? "-")")
    XCTAssertNil(terminal.failedWait, terminal.text)
    XCTAssertFalse(terminal.text.contains("could not be read"), terminal.text)
  }

  /// Preparation reads a script from disk as `protocol new --script` does: `s`, the path of a
  /// Markdown file, Enter; its sections become movements in the journal, by this run's author,
  /// and its text is kept beside the journal for the take sheets to quote.
  func testThePreparationScreenReadsAScriptFromDisk() throws {
    let paths = StoragePaths(environment: ["WOODSHED_HOME": home.path])
    let store = ProtocolStore(paths: paths)
    try store.create("book", at: Date(timeIntervalSince1970: 1_794_700_000))
    let text = "Read by the author.\n\n# Chapter 1\nIt was a dark night.\nThe wind rose.\n"
    let script = home.appendingPathComponent("book.md")
    try Data(text.utf8).write(to: script)
    let model = startedModel(paths: paths, overrides: RunOverrides(author: "producer"))
    let terminal = try ScriptedTerminal(
      size: Size(width: 80, height: 24),
      steps: [
        .waitFor("Woodshed"), .keys([.character("7")]), .waitFor("book"), .keys([.enter]),
        .waitFor("No take yet"), .keys([.tab, .tab]), .waitFor("preparation"),
        .keys([.character("s")] + script.path.map { Key.character($0) } + [.enter]),
        .waitFor("mvt 2 \"Chapter 1\": p2.1-2"), .keys([.escape, .escape, .character("q")]),
      ])
    let runtime = protocolRuntime(model: model, terminal: terminal, paths: paths, store: store)
    XCTAssertEqual(runtime.run(), 0, "quit with q; waiting for \(terminal.failedWait ?? "-")")
    XCTAssertNil(terminal.failedWait, terminal.text)
    let entries = try store.entries(of: "book").entries
    XCTAssertEqual(entries.map(\.line), ["mvt 1: p1.1", "mvt 2 \"Chapter 1\": p2.1-2"])
    XCTAssertEqual(entries.map(\.by), ["producer", "producer"])
    XCTAssertEqual(store.script(of: "book"), text)
  }

  /// The protocols' list on real files: a protocol renamed with `r`, archived with `a` (and
  /// shown again with `.`), deleted after `d` and `y` into the trash, where it lies whole.
  func testTheProtocolListRenamesArchivesAndDeletesOnDisk() throws {
    let paths = StoragePaths(environment: ["WOODSHED_HOME": home.path])
    let store = ProtocolStore(paths: paths)
    let date = Date(timeIntervalSince1970: 1_794_700_000)
    for name in ["brahms", "dvorak"] {
      try store.create(name, at: date)
      try store.append(ProtocolStore.Entry(at: date, line: "mvt 1: 1-40"), to: name)
    }
    let model = startedModel(paths: paths)
    let rename = Array(repeating: Key.backspace, count: 6) + "schumann".map { Key.character($0) }
    let terminal = try ScriptedTerminal(
      size: Size(width: 80, height: 24),
      steps: [
        .waitFor("Woodshed"), .keys([.character("7")]), .waitFor("dvorak"),
        .keys([.character("r")] + rename + [.enter]), .waitFor("schumann"),
        .keys([.character("a")]), .waitFor("▸ dvorak"), .keys([.character("d")]),
        .waitFor("Delete dvorak?"), .keys([.character("y")]), .waitFor("No protocol yet"),
        .keys([.character(".")]), .waitFor("archived"),
        .keys([.escape, .character("q")]),
      ])
    let runtime = protocolRuntime(model: model, terminal: terminal, paths: paths, store: store)
    XCTAssertEqual(runtime.run(), 0, "quit with q; waiting for \(terminal.failedWait ?? "-")")
    XCTAssertNil(terminal.failedWait, terminal.text)
    XCTAssertEqual(store.names(), [])
    XCTAssertEqual(store.archived.names(), ["schumann"])
    XCTAssertEqual(try store.archived.entries(of: "schumann").entries.map(\.line), ["mvt 1: 1-40"])
    let trashed = try FileManager.default.contentsOfDirectory(atPath: store.trashFolder.path)
    XCTAssertEqual(trashed.count, 1)
    XCTAssertTrue(trashed[0].hasPrefix("dvorak.deleted-"), "\(trashed)")
  }

  /// The list's and the journal's refusals on the screen are in the producer's language: a
  /// rename onto a name in use (the cursor stays on the protocol being renamed), a take that
  /// exists, a take a `T9` line names that does not.
  func testTheProtocolScreenRefusesInTheProducersLanguage() throws {
    let paths = StoragePaths(environment: ["WOODSHED_HOME": home.path])
    let store = ProtocolStore(paths: paths)
    let date = Date(timeIntervalSince1970: 1_794_700_000)
    for name in ["brahms", "dvorak"] {
      try store.create(name, at: date)
      try store.append(ProtocolStore.Entry(at: date, line: "mvt 1: 1-40"), to: name)
    }
    var settings = Settings()
    settings.language = "es"
    let model = startedModel(settings: settings, paths: paths)
    let rename = Array(repeating: Key.backspace, count: 6) + "dvorak".map { Key.character($0) }
    let take = "take 1".map { Key.character($0) } + [.enter]
    let terminal = try ScriptedTerminal(
      size: Size(width: 80, height: 24),
      steps: [
        .waitFor("Woodshed"), .keys([.character("7")]), .waitFor("dvorak"),
        .keys([.character("r")] + rename + [.enter]),
        .waitFor("no se pudo mover brahms a dvorak: ya hay un protocolo con ese nombre"),
        .keys([.enter]), .waitFor("brahms  ·  movimiento 1"), .keys(take), .waitFor("take 1"),
        .keys(take), .waitFor("la toma 1 ya existe"),
        .keys("T9 40 +".map { Key.character($0) } + [.enter]), .waitFor("no hay ninguna toma 9"),
        .keys([.escape, .escape, .character("q")]),
      ])
    let runtime = protocolRuntime(model: model, terminal: terminal, paths: paths, store: store)
    XCTAssertEqual(runtime.run(), 0, "quit with q; waiting for \(terminal.failedWait ?? "-")")
    XCTAssertNil(terminal.failedWait, terminal.text)
    XCTAssertEqual(store.names(), ["brahms", "dvorak"])
    XCTAssertEqual(try store.entries(of: "brahms").entries.map(\.line), ["mvt 1: 1-40", "take 1"])
  }

  /// A protocol open on this screen and renamed in another terminal: the screen says so in one
  /// line instead of offering to make it anew.
  func testAProtocolMovedElsewhereIsSaidSoOnTheOpenScreen() throws {
    let paths = StoragePaths(environment: ["WOODSHED_HOME": home.path])
    let store = ProtocolStore(paths: paths)
    let date = Date(timeIntervalSince1970: 1_794_700_000)
    try store.create("brahms", at: date)
    try store.append(ProtocolStore.Entry(at: date, line: "mvt 1: 1-40"), to: "brahms")
    let model = startedModel(paths: paths)
    let terminal = try ScriptedTerminal(
      size: Size(width: 80, height: 24),
      steps: [
        .waitFor("Woodshed"), .keys([.character("7")]), .waitFor("brahms"), .keys([.enter]),
        .waitFor("movement 1"),
        .waitFor("brahms was renamed, archived or deleted elsewhere: Esc goes back to the list"),
        .keys([.escape]), .waitFor("schumann"), .keys([.escape, .character("q")]),
      ])
    runRenamingBrahmsElsewhere(model: model, terminal: terminal, paths: paths, store: store)
    XCTAssertEqual(try store.entries(of: "schumann").entries.map(\.line), ["mvt 1: 1-40"])
  }

  /// The journal's lines that could not be read or were refused, and a protocol moved away in
  /// another terminal, are said in the producer's language.
  func testTheJournalsWarningsAndAMoveElsewhereAreInTheProducersLanguage() throws {
    let paths = StoragePaths(environment: ["WOODSHED_HOME": home.path])
    let store = ProtocolStore(paths: paths)
    let date = Date(timeIntervalSince1970: 1_794_700_000)
    try store.create("brahms", at: date)
    for line in ["mvt 1: 1-40", "take 1", "take 1"] {
      try store.append(ProtocolStore.Entry(at: date, line: line), to: "brahms")
    }
    let journal = try FileHandle(
      forWritingTo: paths.protocolsFolder.appendingPathComponent("brahms/journal.jsonl"))
    try journal.seekToEnd()
    try journal.write(contentsOf: Data("{torn\n".utf8))
    try journal.close()
    var settings = Settings()
    settings.language = "es"
    let model = startedModel(settings: settings, paths: paths)
    let terminal = try ScriptedTerminal(
      size: Size(width: 80, height: 24),
      steps: [
        .waitFor("Woodshed"), .keys([.character("7")]), .waitFor("brahms"), .keys([.enter]),
        .waitFor("no se pudo leer la línea 4 de journal.jsonl; se omite"),
        .waitFor("línea 3: la toma 1 ya existe"),
        .waitFor("brahms se ha movido o borrado en otro lugar: Esc vuelve a la lista"),
        .keys([.escape]), .waitFor("schumann"), .keys([.escape, .character("q")]),
      ])
    runRenamingBrahmsElsewhere(model: model, terminal: terminal, paths: paths, store: store)
  }
}
