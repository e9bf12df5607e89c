import Audio
import DSP
import Storage

/// `woodshed doctor --metronome`: plays clicks into the sink and records them back from its
/// monitor, to show how exactly this machine keeps time.
public enum MetronomeLoopback {
  public static let bpm = 120.0
  public static let seconds = 10.0
  static let sampleRate = 48_000

  public struct Result: Equatable, Sendable {
    public var sink: String
    public var check: ClickGridCheck
    public var underruns: Int
    /// How late the monitor hears each click, by the clocks' own account and the onset
    /// detector; nil when the clocks were not running at the end.
    public var roundTrip: RoundTripMeasurement?
  }

  /// Runs the check; throws a one-line reason when there is no server or no monitor to record.
  public static func run(devices: AudioDeviceSettings, server: String?) throws(Launcher.Failure)
    -> Result
  {
    let output = PulseAudioOutput(devices: devices, server: server)
    let recording: ClickRecording
    do {
      recording = try ClickRecording.record(
        clickCount: Int(seconds * bpm / 60), bpm: bpm, output: output
      ) { sink in PulseAudioInput(monitorOf: sink, server: server) }
    } catch {
      throw Launcher.Failure(description: error.reason)
    }
    let onsets = ClickGridCheck.onsets(in: recording.samples)
    let lastFrame = (onsets.first ?? 0) + Int64(seconds * Double(sampleRate)) - 1
    let check = ClickGridCheck(
      onsets: onsets.filter { $0 <= lastFrame }, bpm: bpm, sampleRate: sampleRate,
      lastFrame: lastFrame)
    return Result(
      sink: recording.sink, check: check, underruns: output.underrunCount,
      roundTrip: recording.roundTrip())
  }
}

extension MetronomeLoopback {
  /// One line for `doctor`: clicks heard, worst deviation in samples and milliseconds.
  public static func text(_ result: Result, _ strings: Localizer) -> String {
    let check = result.check
    let milliseconds = Double(check.worstDeviation) * 1000 / Double(sampleRate)
    let rounded = (milliseconds * 1000).rounded() / 1000
    return strings.text(
      check.isExact ? "doctor.metronome.exact" : "doctor.metronome.off",
      [
        "clicks": "\(check.clicks)", "expected": "\(check.expectedClicks)",
        "seconds": "\(Int(seconds))", "bpm": "\(Int(bpm))", "sink": result.sink,
        "samples": "\(check.worstDeviation)", "ms": "\(rounded)",
        "underruns": "\(result.underruns)",
      ]) + roundTripText(result, strings)
  }

  private static func roundTripText(_ result: Result, _ strings: Localizer) -> String {
    guard let roundTrip = result.roundTrip else { return "" }
    guard let milliseconds = roundTrip.milliseconds, let spread = roundTrip.spreadMilliseconds
    else {
      return "\n"
        + strings.text("doctor.metronome.roundTrip.unheard", ["source": result.sink + ".monitor"])
    }
    return "\n"
      + strings.text(
        "doctor.metronome.roundTrip",
        [
          "source": result.sink + ".monitor", "ms": DecimalText.format(milliseconds, places: 2),
          "spread": DecimalText.format(spread, places: 2), "heard": "\(roundTrip.offsets.count)",
          "clicks": "\(roundTrip.clickCount)",
        ])
  }
}
