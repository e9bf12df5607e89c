import Audio
import Storage
import TerminalUI

/// Plays the metronome for the running app: through PulseAudio when a server answers,
/// otherwise silently in real time so the beat display still runs. It also says when each
/// beat becomes audible, from the schedule log and the output's clock, so the display is drawn
/// in step with the sound rather than with a timer of its own.
final class MetronomePlayer {
  static let sampleRate = 48_000

  private let server: String?
  private let onStatus: @Sendable (PulseAudioStreamStatus) -> Void
  private lazy var voices = MetronomeVoices(sampleRate: Self.sampleRate)
  private var engine: MetronomeEngine?
  private var pulse: PulseAudioOutput?
  private var silent: SilentOutput?
  private var startedAt: UInt64 = 0
  private var shownThrough: Int64 = -1

  init(server: String?, onStatus: @escaping @Sendable (PulseAudioStreamStatus) -> Void) {
    self.server = server
    self.onStatus = onStatus
  }

  var isRunning: Bool { engine != nil }

  /// Starts playing; returns why there is no sound when it had to fall back to silence.
  func start(_ options: MetronomeOptions, devices: AudioDeviceSettings) -> String? {
    stop()
    let engine: MetronomeEngine
    do {
      engine = try MetronomeEngine(
        voices: voices, pattern: options.pattern(), bpm: Double(options.bpm),
        sampleRate: Self.sampleRate)
    } catch {
      return error.description
    }
    engine.start()
    self.engine = engine
    startedAt = MonotonicInstant.now().nanoseconds
    shownThrough = -1
    let output = PulseAudioOutput(
      sink: devices.sink.isEmpty ? nil : devices.sink, server: server,
      targetLatency: .milliseconds(devices.targetLatencyMilliseconds), onStatus: onStatus)
    do {
      try output.start(renderer: engine)
      pulse = output
      return nil
    } catch {
      let silent = SilentOutput(sampleRate: Self.sampleRate)
      silent.start(renderer: engine)
      self.silent = silent
      return error.reason
    }
  }

  /// Tempo from the next beat, pattern from the next bar; an invalid change is ignored.
  func update(_ options: MetronomeOptions) {
    guard let engine, let pattern = try? options.pattern() else { return }
    try? engine.setTempo(Double(options.bpm))
    engine.setPattern(pattern)
  }

  /// Stops scheduling clicks; those already sounding ring out before the stream closes.
  func stop() {
    engine?.stop()
    pulse?.stop()
    silent?.stop()
    engine = nil
    pulse = nil
    silent = nil
  }

  /// The next beat not shown yet (subdivisions are heard, not drawn) and the CLOCK_MONOTONIC
  /// nanoseconds at which it is heard; nil until the engine has scheduled it.
  func nextBeat() -> (click: ScheduledClick, audibleAt: UInt64)? {
    guard let engine, let clock = pulse?.timing() ?? silent?.timing() else { return nil }
    guard let click = engine.log.clicks(since: shownThrough + 1).first(where: { $0.subdivision == 0 })
    else { return nil }
    return (click, clock.instant(whenAudible: click.frame))
  }

  /// The display for a beat that is now audible; later calls move on to the next beat.
  func show(_ click: ScheduledClick, at instant: UInt64) -> BeatDisplay {
    shownThrough = click.frame
    return BeatDisplay(
      bar: click.bar, beatInBar: click.beatInBar, isCountIn: click.isCountIn,
      isMuted: click.isMuted, bpm: engine?.tempo ?? 0,
      elapsed: .nanoseconds(Int64(clamping: instant &- startedAt)))
  }

  var underrunCount: Int { pulse?.underrunCount ?? 0 }
}
