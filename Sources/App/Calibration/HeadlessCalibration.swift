import Audio
import DSP
import Dispatch
import Storage
import Synchronization

/// `woodshed calibrate`: measures the microphone's round trip, or learns an instrument, and
/// saves the result in the settings as the practice room would.
public enum HeadlessCalibration {
  /// How long the microphone listens when an instrument is learned live.
  public static let learningSeconds = 5.0

  public static func latency(environment: [String: String], overrides: RunOverrides)
    throws(Launcher.Failure) -> String
  {
    let ground = try Launcher.prepare(environment: environment)
    let strings = ground.catalog.localizer(for: ground.loaded.settings.language)
    let outcome = try LatencyCalibration.run(
      devices: overrides.devices(ground.loaded.settings.audio),
      server: Launcher.pulseServer(environment: environment))
    let line = LatencyCalibration.text(outcome, strings)
    // The same delay measured again is still a measurement, though it changes nothing.
    guard outcome.measurement.milliseconds != nil else { throw Launcher.Failure(description: line) }
    try save(outcome.stored(in: ground.loaded.settings), ground)
    return line + "\n"
  }

  /// Learns `name` from the `overrides.audioIn` file, or from `seconds` of the microphone, and
  /// makes it the instrument listened for.
  public static func instrument(
    name typed: String, seconds: Double, environment: [String: String], overrides: RunOverrides,
    announce: (String) -> Void
  ) throws(Launcher.Failure) -> String {
    guard let name = ListeningSettings.instrumentName(typed) else {
      throw Launcher.Failure(
        description:
          "an instrument name has 1 to \(ListeningSettings.nameLength.upperBound) characters")
    }
    guard seconds >= 2, seconds <= 60 else {
      throw Launcher.Failure(description: "--seconds must be between 2 and 60")
    }
    let ground = try Launcher.prepare(environment: environment)
    let strings = ground.catalog.localizer(for: ground.loaded.settings.language)
    let audio: (samples: [Float], rate: Int)
    if let file = overrides.audioIn {
      audio = try HeadlessAnalysis.load(file)
    } else {
      announce(strings.text("calibrate.instrument.play", ["seconds": "\(Int(seconds))"]))
      audio = (
        try record(
          seconds: seconds, devices: overrides.devices(ground.loaded.settings.audio),
          server: Launcher.pulseServer(environment: environment)),
        PulseAudioInput.sampleRate
      )
    }
    guard let profile = InstrumentProfile.learn(from: audio.samples, sampleRate: audio.rate) else {
      throw Launcher.Failure(description: strings.text("calibrate.instrument.unclear"))
    }
    var settings = ground.loaded.settings
    settings.listening.profiles[name] = profile
    settings.listening.instrument = name
    try save(settings, ground)
    return strings.text(
      "calibrate.instrument.learned",
      [
        "name": name, "notes": "\(profile.noteCount)",
        "level": DecimalText.format(profile.peakLevel, places: 0),
      ]) + "\n"
  }

  /// `seconds` of the microphone, as the practice room hears it.
  private static func record(seconds: Double, devices: AudioDeviceSettings, server: String?)
    throws(Launcher.Failure) -> [Float]
  {
    let wanted = Int(seconds * Double(PulseAudioInput.sampleRate))
    let recorded = Mutex<[Float]>([])
    let done = DispatchSemaphore(value: 0)
    let input = PulseAudioInput(devices: devices, server: server)
    do {
      try input.start { block, _ in
        let count = recorded.withLock { samples in
          samples.append(contentsOf: block.prefix(wanted - samples.count))
          return samples.count
        }
        if count >= wanted { done.signal() }
      }
    } catch {
      throw Launcher.Failure(description: "no microphone: \(error.reason)")
    }
    defer { input.stop() }
    guard done.wait(timeout: .now() + .milliseconds(Int(seconds * 1000) + 3000)) == .success else {
      throw Launcher.Failure(description: "no microphone: the source stopped sending sound")
    }
    return recorded.withLock { $0 }
  }

  private static func save(_ settings: Settings, _ ground: Launcher.Ground)
    throws(Launcher.Failure)
  {
    do {
      try ground.store.save(settings)
    } catch {
      throw Launcher.Failure(description: "settings not saved: \(error)")
    }
  }
}
