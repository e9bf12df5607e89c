import Audio
import AudioModel
import FoundationEssentials
import Glibc
import Storage
import TerminalUI

/// Plays the metronome for the running app: through PulseAudio when a server answers,
/// otherwise silently in real time so the beat display still runs. It also says when each
/// beat becomes audible, from the schedule log and the output's clock, so the display is drawn
/// in step with the sound rather than with a timer of its own.
final class MetronomePlayer: MetronomeOutput {
  static let sampleRate = 48_000
  /// Longer than the longest built-in voice (the 80 ms beep) and a block.
  static let ringOut = Duration.milliseconds(120)

  private let server: String?
  private let soundsFolder: URL
  /// With `--audio-out`, what would go to the speakers goes into this file instead.
  private let recorder: WAVRecorder?
  private let onStatus: @Sendable (PulseAudioStreamStatus) -> Void
  /// Synthesized (or read from the user's sounds folder) on first play, not at start-up.
  private var sounds: UserSounds?
  private var engine: MetronomeEngine?
  private var pulse: PulseAudioOutput?
  private var silent: SilentOutput?
  private var startedAt: UInt64 = 0
  private var shownThrough: Int64 = -1
  private var options: MetronomeOptions?
  /// While the server is gone, a silent stand-in keeps the beat display going; the real stream
  /// keeps its own schedule and resumes it when the server is back.
  private var standIn: (engine: MetronomeEngine, output: SilentOutput, shownThrough: Int64)?

  init(
    server: String?, soundsFolder: URL, recorder: WAVRecorder?,
    onStatus: @escaping @Sendable (PulseAudioStreamStatus) -> Void
  ) {
    self.server = server
    self.soundsFolder = soundsFolder
    self.recorder = recorder
    self.onStatus = onStatus
  }

  /// The voices to play, and on first use the notices about unusable user sound files.
  private func voices() -> (MetronomeVoices, notices: [String]) {
    if let sounds { return (sounds.voices, []) }
    let loaded = UserSounds.load(
      from: soundsFolder, over: MetronomeVoices(sampleRate: Self.sampleRate),
      sampleRate: Self.sampleRate)
    sounds = loaded
    return (loaded.voices, loaded.notices)
  }

  var isRunning: Bool { engine != nil }

  /// Playing without sound because no server answered at start (not because of --audio-out).
  var isSilentForLackOfServer: Bool { silent != nil && recorder == nil }

  /// Starts again with the same options, to move from silence onto a server that has appeared.
  func restart(devices: AudioDeviceSettings) -> MetronomeStartReport? {
    guard let options else { return nil }
    return start(options, devices: devices)
  }

  /// What starting found: why there is no sound when it fell back to silence, and notices
  /// about the user's sound files.
  func start(_ options: MetronomeOptions, devices: AudioDeviceSettings) -> MetronomeStartReport {
    stop()
    let (voices, notices) = voices()
    let engine: MetronomeEngine
    do {
      engine = try MetronomeEngine(
        voices: options.clickSound.applied(to: voices, sampleRate: Self.sampleRate),
        pattern: options.pattern(), bpm: Double(options.bpm),
        sampleRate: Self.sampleRate)
    } catch {
      return MetronomeStartReport(silentBecause: error.description, soundNotices: notices)
    }
    engine.start()
    self.engine = engine
    self.options = options
    startedAt = MonotonicInstant.now().nanoseconds
    shownThrough = -1
    if let recorder {
      let output = SilentOutput(sampleRate: Self.sampleRate)
      output.start(renderer: engine, tap: recorder.append)
      silent = output
      return MetronomeStartReport(silentBecause: nil, soundNotices: notices)
    }
    let output = PulseAudioOutput(devices: devices, server: server, onStatus: onStatus)
    do {
      try output.start(renderer: engine)
      pulse = output
      return MetronomeStartReport(silentBecause: nil, soundNotices: notices)
    } catch {
      let silent = SilentOutput(sampleRate: Self.sampleRate)
      silent.start(renderer: engine)
      self.silent = silent
      return MetronomeStartReport(silentBecause: error.reason, soundNotices: notices)
    }
  }

  /// Tempo from the next beat, pattern from the next bar; an invalid change is ignored.
  func update(_ options: MetronomeOptions) {
    guard let pattern = try? options.pattern() else { return }
    self.options = options
    for engine in [engine, standIn?.engine].compactMap({ $0 }) {
      try? engine.setTempo(Double(options.bpm))
      engine.setPattern(pattern)
    }
  }

  /// The server went away while playing: keep the beat visible on a silent stand-in.
  func serverLost() {
    guard pulse != nil, standIn == nil, let options, let sounds,
      let engine = try? MetronomeEngine(
        voices: options.clickSound.applied(to: sounds.voices, sampleRate: Self.sampleRate),
        pattern: options.pattern(), bpm: Double(options.bpm),
        sampleRate: Self.sampleRate)
    else { return }
    engine.start()
    let output = SilentOutput(sampleRate: Self.sampleRate)
    output.start(renderer: engine)
    standIn = (engine, output, -1)
  }

  /// The server is back and the real stream plays again.
  func serverBack() {
    guard let standIn else { return }
    standIn.output.stop()
    self.standIn = nil
    // Beats written before the loss but never heard are not shown late.
    let now = MonotonicInstant.now().nanoseconds
    while let next = nextBeat(), next.audibleAt <= now { shownThrough = next.click.frame }
  }

  /// Stops scheduling clicks; those already sounding ring out before the stream closes.
  /// Returns what the run through the server was like; nil when nothing played through one.
  @discardableResult
  func stop() -> PlaybackRecord? {
    let record = pulse.map { output in
      PlaybackRecord(
        endedAt: Date(),
        seconds: Double(MonotonicInstant.now().nanoseconds &- startedAt) / 1e9,
        underruns: output.underrunCount)
    }
    standIn?.output.stop()
    standIn = nil
    engine?.stop()
    if recorder != nil, silent != nil {
      // The recording must hold the last click to its end, as a speaker would play it.
      usleep(UInt32(Self.ringOut.components.attoseconds / 1_000_000_000_000))
    }
    pulse?.stop()
    silent?.stop()
    engine = nil
    pulse = nil
    silent = nil
    return record
  }

  /// The clicks as they sound in the room, for a listener to tell them from the player's
  /// hits; nil unless the metronome plays through a server.
  func clicksInTheRoom() -> MetronomeClicks? {
    guard let engine, let pulse, standIn == nil else { return nil }
    return MetronomeClicks(
      log: engine.log, templates: engine.soundingClicks, sink: pulse.connectedSink,
      outputClock: { pulse.timing() })
  }

  /// The next beat not shown yet (subdivisions are heard, not drawn) and the CLOCK_MONOTONIC
  /// nanoseconds at which it is heard; nil until the engine has scheduled it.
  private func nextBeat() -> (click: ScheduledClick, audibleAt: UInt64)? {
    if let standIn, let clock = standIn.output.timing() {
      return Self.firstBeat(in: standIn.engine.log, after: standIn.shownThrough, clock: clock)
    }
    guard let engine, let clock = pulse?.timing() ?? silent?.timing() else { return nil }
    return Self.firstBeat(in: engine.log, after: shownThrough, clock: clock)
  }

  private static func firstBeat(in log: ScheduleLog, after frame: Int64, clock: OutputClock)
    -> (click: ScheduledClick, audibleAt: UInt64)?
  {
    guard let click = log.clicks(since: frame + 1).first(where: { $0.subdivision == 0 }) else {
      return nil
    }
    return (click, clock.instant(whenAudible: click.frame))
  }

  func nextAudibleBeat() -> UInt64? { nextBeat()?.audibleAt }

  func beatsHeard(by now: UInt64) -> [BeatDisplay] {
    var heard: [BeatDisplay] = []
    while let next = nextBeat(), next.audibleAt <= now {
      heard.append(show(next.click, at: next.audibleAt))
    }
    return heard
  }

  /// The display for a beat that is now audible; later calls move on to the next beat.
  private func show(_ click: ScheduledClick, at instant: UInt64) -> BeatDisplay {
    if standIn != nil {
      standIn?.shownThrough = click.frame
    } else {
      shownThrough = click.frame
    }
    return BeatDisplay(
      bar: click.bar, beatInBar: click.beatInBar, isCountIn: click.isCountIn,
      isMuted: click.isMuted, bpm: (standIn?.engine ?? engine)?.tempo ?? 0,
      elapsed: .nanoseconds(Int64(clamping: instant &- startedAt)),
      audibleAt: MonotonicInstant(nanoseconds: instant))
  }
}

/// What a listener needs to know of the metronome playing in the room.
struct MetronomeClicks {
  var log: ScheduleLog
  /// Each click sound as the engine plays it, in the order of `ClickKind.sounding`.
  var templates: [[Float]]
  var sink: String?
  var outputClock: @Sendable () -> OutputClock?
}
