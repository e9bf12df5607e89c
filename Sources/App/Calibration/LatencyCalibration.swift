import Audio
import DSP
import Storage

/// Measures how late the microphone hears the speakers: plays clicks through the sink, records
/// the source, and finds each click with the same onset detector that later listens to the
/// player, so its own delay cancels. The result is kept per sink and source.
public enum LatencyCalibration {
  public static let clickCount = 16
  /// 600 ms apart: further than the longest round trip believed plus the earliest, so no click
  /// can be taken for its neighbour.
  public static let bpm = 100.0

  public struct Outcome: Equatable, Sendable {
    public var sink: String
    public var source: String
    public var measurement: RoundTripMeasurement
    /// How the clicks sounded in the microphone, learned from the clicks once the round trip
    /// placed them.
    public var clickPath: ClickPath?

    public init(
      sink: String, source: String, measurement: RoundTripMeasurement, clickPath: ClickPath? = nil
    ) {
      self.sink = sink
      self.source = source
      self.measurement = measurement
      self.clickPath = clickPath
    }

    /// The settings with this round trip and click path stored; unchanged when too few clicks
    /// were heard.
    public func stored(in settings: Settings) -> Settings {
      guard let milliseconds = measurement.milliseconds,
        AudioDeviceSettings.roundTripRange.contains(milliseconds)
      else { return settings }
      var stored = settings
      stored.audio.setRoundTrip((milliseconds * 100).rounded() / 100, sink: sink, source: source)
      if let clickPath { stored.audio.setClickPath(clickPath, sink: sink, source: source) }
      return stored
    }
  }

  /// How long a run takes, to tell the user.
  public static var seconds: Int { Int((Double(clickCount) * 60 / bpm).rounded(.up)) + 1 }

  /// Runs that ran dry are measured again, this many times in all.
  static let attempts = 3

  /// Plays and records; throws a one-line reason when a stream cannot start, or when the
  /// output ran dry in every attempt: a run that did places the clicks before it wrong.
  public static func run(devices: AudioDeviceSettings, server: String?) throws(Launcher.Failure)
    -> Outcome
  {
    var recording: ClickRecording?
    for _ in 1...attempts where recording == nil {
      let made: ClickRecording
      do {
        made = try ClickRecording.record(
          clickCount: clickCount, bpm: bpm,
          output: PulseAudioOutput(devices: devices, server: server)
        ) { _ in PulseAudioInput(devices: devices, server: server) }
      } catch {
        throw Launcher.Failure(description: error.reason)
      }
      if made.underruns == 0 { recording = made }
    }
    guard let recording else {
      let busy = Message("calibrate.latency.busy", ["attempts": "\(attempts)"])
      throw Launcher.Failure(
        description:
          "Microphone round trip not measured: the sound ran dry in each of \(attempts) tries "
          + "(the machine is too busy). Close what else is running, and try again.",
        message: busy)
    }
    let measurement = recording.roundTrip() ?? RoundTripMeasurement(clicks: [], onsets: [])
    return Outcome(
      sink: recording.sink, source: recording.source, measurement: measurement,
      clickPath: measurement.milliseconds.flatMap {
        recording.clickPath(roundTrip: Int64($0 * 1e6))
      })
  }

  /// One line: the round trip and how sure it is, or why there is none.
  public static func text(_ outcome: Outcome, _ strings: Localizer) -> String {
    strings.text(message(outcome))
  }

  static func message(_ outcome: Outcome) -> Message {
    let measurement = outcome.measurement
    guard let milliseconds = measurement.milliseconds,
      let spread = measurement.spreadMilliseconds
    else {
      return Message(
        "calibrate.latency.unheard",
        [
          "heard": "\(measurement.offsets.count)", "clicks": "\(clickCount)",
          "source": outcome.source,
        ])
    }
    return Message(
      "calibrate.latency.measured",
      [
        "ms": DecimalText.format(milliseconds, places: 1),
        "spread": DecimalText.format(spread, places: 1), "heard": "\(measurement.offsets.count)",
        "clicks": "\(clickCount)", "sink": outcome.sink, "source": outcome.source,
      ])
  }
}
