import Audio
import DSP
import Dispatch
import Storage
import Synchronization

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
    let engine: MetronomeEngine
    do {
      engine = try MetronomeEngine(
        voices: MetronomeVoices(sampleRate: sampleRate), bpm: bpm, sampleRate: sampleRate)
    } catch {
      throw Launcher.Failure(description: error.description)
    }
    let output = PulseAudioOutput(devices: devices, server: server)
    let silence = SilenceRenderer()
    do {
      // Silence first: the sink's name is known only once a stream plays on it.
      try output.start(renderer: silence)
    } catch {
      throw Launcher.Failure(description: "no audio: \(error.reason)")
    }
    defer { output.stop() }
    guard let sink = output.connectedSink else {
      throw Launcher.Failure(description: "no audio: the output stream did not start")
    }
    let recorded = Mutex<(firstFrame: Int64?, samples: [Float])>((nil, []))
    let input = PulseAudioInput(monitorOf: sink, server: server)
    do {
      try input.start { block, frame in
        recorded.withLock { recording in
          if recording.firstFrame == nil { recording.firstFrame = frame }
          recording.samples.append(contentsOf: block)
        }
      }
    } catch {
      throw Launcher.Failure(description: "cannot record \(sink).monitor: \(error.reason)")
    }
    defer { input.stop() }
    engine.start()
    silence.hand(over: engine)
    // An idle null sink may hold up to two seconds before the first click is heard.
    _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(Int((seconds + 2.5) * 1000)))
    engine.stop()
    let (firstFrame, samples) = recorded.withLock { $0 }
    let roundTrip = measureRoundTrip(
      clicks: engine.log.clicks(since: 0), output: output.timing(), input: input.timing(),
      recording: samples, firstFrame: firstFrame ?? 0)
    let onsets = ClickGridCheck.onsets(in: samples)
    let lastFrame = (onsets.first ?? 0) + Int64(seconds * Double(sampleRate)) - 1
    let check = ClickGridCheck(
      onsets: onsets.filter { $0 <= lastFrame }, bpm: bpm, sampleRate: sampleRate,
      lastFrame: lastFrame)
    return Result(
      sink: sink, check: check, underruns: output.underrunCount, roundTrip: roundTrip)
  }

  /// Each click's audible instant against the instant the onset detector places it in the
  /// recording. Through a monitor the sound never leaves the machine, so this is how well the
  /// output and input clocks agree.
  private static func measureRoundTrip(
    clicks: [ScheduledClick], output: OutputClock?, input: InputClock?, recording: [Float],
    firstFrame: Int64
  ) -> RoundTripMeasurement? {
    guard let output, let input else { return nil }
    let heard = OnsetDetector.onsets(in: recording, sampleRate: sampleRate).map {
      input.instant(whenCaptured: firstFrame + Int64($0.frame))
    }
    return RoundTripMeasurement(
      clicks: clicks.map { output.instant(whenAudible: $0.frame) }, onsets: heard)
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
        "samples": "\(check.worstDeviation)", "ms": "\(rounded)", "underruns": "\(result.underruns)",
      ]) + roundTripText(result, strings)
  }

  private static func roundTripText(_ result: Result, _ strings: Localizer) -> String {
    guard let roundTrip = result.roundTrip else { return "" }
    guard let milliseconds = roundTrip.milliseconds, let spread = roundTrip.spreadMilliseconds
    else {
      return "\n" + strings.text("doctor.metronome.roundTrip.unheard", ["source": result.sink + ".monitor"])
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

/// Plays silence until handed a renderer, then plays that, keeping the output's frame count.
private final class SilenceRenderer: AudioRenderer {
  private let next = Mutex<(any AudioRenderer)?>(nil)

  func hand(over renderer: any AudioRenderer) {
    next.withLock { $0 = renderer }
  }

  func render(into buffer: UnsafeMutableBufferPointer<Float>, startFrame: Int64) {
    if let renderer = next.withLock({ $0 }) {
      renderer.render(into: buffer, startFrame: startFrame)
    } else {
      buffer.update(repeating: 0)
    }
  }
}
