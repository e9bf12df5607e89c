import Audio
import AudioModel
import FoundationEssentials
import Storage

/// `woodshed metronome --no-ui`: the metronome without a terminal.
public enum HeadlessMetronome {
  public static let sampleRate = 48_000

  /// Renders `seconds` of clicks into a WAV file, exactly the samples the speakers would get.
  /// Never replaces an existing file unless `overwrite` is set. Returns a one-line summary.
  public static func render(
    _ options: MetronomeOptions, voices: MetronomeVoices, seconds: Double, to url: URL,
    overwrite: Bool
  ) throws(Launcher.Failure) -> String {
    guard seconds > 0, seconds <= 24 * 3600 else {
      throw Launcher.Failure(description: "--duration must be between 0 and 86400 seconds")
    }
    try Launcher.checkOutput(url, force: overwrite)
    let engine = try makeEngine(options, voices: voices)
    engine.start(atFrame: 0)
    let frames = Int64((seconds * Double(sampleRate)).rounded())
    do {
      try WAVFileOutput(url: url, sampleRate: sampleRate).record(engine, frameCount: frames)
    } catch {
      throw Launcher.Failure(description: error.description)
    }
    return "wrote \(seconds) s of \(options.bpm) BPM in \(options.meter) to \(url.path)"
  }

  static func makeEngine(_ options: MetronomeOptions, voices: MetronomeVoices)
    throws(Launcher.Failure) -> MetronomeEngine
  {
    do {
      return try MetronomeEngine(
        voices: voices, pattern: options.pattern(),
        bpm: Double(options.bpm), sampleRate: sampleRate)
    } catch {
      throw Launcher.Failure(description: error.description)
    }
  }
}

extension HeadlessMetronome {
  /// Plays through PulseAudio for `seconds`, or until interrupted (Ctrl-C, SIGTERM, SIGHUP),
  /// then lets the last click ring out. Returns a one-line summary.
  public static func play(
    _ options: MetronomeOptions, voices: MetronomeVoices, seconds: Double?,
    devices: AudioDeviceSettings, server: String?, playbackLog: HistoryLog
  ) throws(Launcher.Failure) -> String {
    if let seconds, !(seconds > 0) {
      throw Launcher.Failure(description: "--duration must be more than 0 seconds")
    }
    let engine = try makeEngine(options, voices: voices)
    engine.start()
    let output = PulseAudioOutput(devices: devices, server: server)
    do {
      try output.start(renderer: engine)
    } catch {
      throw Launcher.Failure(description: "no audio: \(error.reason)")
    }
    let started = ContinuousClock.now
    let stopSignal = StopSignal()
    stopSignal.wait(upTo: seconds.map { .milliseconds(Int64($0 * 1000)) })
    engine.stop()
    output.stop()
    let played = ContinuousClock.now - started
    let playedSeconds =
      Double(played.components.seconds)
      + Double(played.components.attoseconds) / 1e18
    let tenths = (playedSeconds * 10).rounded() / 10
    let underruns = output.underrunCount
    // A run that cannot be logged still played; doctor just will not know about it.
    try? playbackLog.append(
      PlaybackRecord(endedAt: Date(), seconds: playedSeconds, underruns: underruns))
    return "played \(tenths) s of \(options.bpm) BPM in \(options.meter); \(underruns) under-runs"
  }
}
