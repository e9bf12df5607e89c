import AudioModel
import DSP
import Glibc
import Synchronization

/// Clicks played through a PulseAudio sink, what an input recorded meanwhile, and both clocks:
/// the material for the checks that compare what was played with what was heard.
public struct ClickRecording: Sendable {
  public static let sampleRate = PulseAudioInput.sampleRate
  /// After the last click is heard, recording goes on this long, for the longest round trip
  /// believed and the input's own latency.
  static let tail: Int64 = RoundTripMeasurement.latest + 150_000_000
  /// An idle sink may take this long to play the first click.
  static let startAllowance: UInt64 = 3_000_000_000

  public var sink: String
  public var source: String
  /// The clicks that were played, in output frames.
  public var clicks: [ScheduledClick]
  /// Everything the input captured, from input frame `firstFrame` on.
  public var samples: [Float]
  public var firstFrame: Int64
  /// The clocks at the end; nil when a stream had stopped.
  public var outputClock: OutputClock?
  public var inputClock: InputClock?
  /// How often the output ran dry while the clicks played: each time it moved the clicks after
  /// it, and the clocks at the end place the ones before wrong.
  public var underruns = 0

  /// Plays `clickCount` of the standard clicks at `bpm` through `output` while recording from
  /// the input `input` makes for the sink's name (which is known only once the output plays),
  /// and returns when the last click has had time to come back. Throws a one-line reason when
  /// a stream cannot start or the output never plays.
  public static func record(
    clickCount: Int, bpm: Double, output: PulseAudioOutput,
    input makeInput: (_ sink: String) -> PulseAudioInput
  ) throws(ClickRecordingError) -> ClickRecording {
    let engine: MetronomeEngine
    do {
      engine = try MetronomeEngine(
        voices: MetronomeVoices(sampleRate: sampleRate), bpm: bpm, sampleRate: sampleRate)
    } catch {
      throw ClickRecordingError(reason: error.description)
    }
    let silence = HandOverRenderer()
    do {
      try output.start(renderer: silence)
    } catch {
      throw ClickRecordingError(reason: "no audio: \(error.reason)")
    }
    defer { output.stop() }
    guard let sink = output.connectedSink else {
      throw ClickRecordingError(reason: "no audio: the output stream did not start")
    }
    let recorded = Mutex<(firstFrame: Int64?, samples: [Float])>((nil, []))
    let input = makeInput(sink)
    do {
      try input.start { block, frame in
        recorded.withLock { recording in
          if recording.firstFrame == nil { recording.firstFrame = frame }
          recording.samples.append(contentsOf: block)
        }
      }
    } catch {
      let name = input.source ?? "the default source"
      throw ClickRecordingError(reason: "cannot record \(name): \(error.reason)")
    }
    defer { input.stop() }
    let source = input.connectedSource ?? input.source ?? ""
    // A source may deliver its first blocks some time after it starts; a click played before
    // then would not be recorded.
    let leadIn = sampleRate / 5
    let ready = MonotonicClock.nanoseconds() + startAllowance
    while recorded.withLock({ $0.samples.count }) < leadIn, MonotonicClock.nanoseconds() < ready {
      usleep(10_000)
    }
    let underrunsBefore = output.underrunCount
    engine.start()
    silence.hand(over: engine)
    try waitForLastClick(engine: engine, clickCount: clickCount, output: output)
    engine.stop()
    let (firstFrame, samples) = recorded.withLock { $0 }
    return ClickRecording(
      sink: sink, source: source, clicks: Array(engine.log.clicks(since: 0).prefix(clickCount)),
      samples: samples, firstFrame: firstFrame ?? 0, outputClock: output.timing(),
      inputClock: input.timing(), underruns: output.underrunCount - underrunsBefore)
  }

  private static func waitForLastClick(
    engine: MetronomeEngine, clickCount: Int, output: PulseAudioOutput
  ) throws(ClickRecordingError) {
    let expected = UInt64(Double(clickCount) * 60e9 / engine.tempo)
    let deadline = MonotonicClock.nanoseconds() + expected + startAllowance + UInt64(tail)
    while MonotonicClock.nanoseconds() < deadline {
      let clicks = engine.log.clicks(since: 0)
      if clicks.count >= clickCount, let clock = output.timing() {
        let heard = clock.instant(whenAudible: clicks[clickCount - 1].frame)
        if MonotonicClock.nanoseconds() >= heard + UInt64(tail) { return }
      }
      usleep(10_000)
    }
    throw ClickRecordingError(reason: "no audio: the output did not play the clicks")
  }

  /// Each click's audible instant against the instant the onset detector places it in the
  /// recording; nil when a clock was not running at the end.
  public func roundTrip() -> RoundTripMeasurement? {
    guard let outputClock, let inputClock else { return nil }
    let heard = OnsetDetector.onsets(in: samples, sampleRate: Self.sampleRate).map {
      inputClock.instant(whenCaptured: firstFrame + Int64($0.frame))
    }
    return RoundTripMeasurement(
      clicks: clicks.map { outputClock.instant(whenAudible: $0.frame) }, onsets: heard)
  }

  /// How the clicks reached the microphone, each placed `roundTrip` after it was heard; nil
  /// when a clock was not running at the end.
  public func clickPath(roundTrip nanoseconds: Int64) -> ClickPath? {
    guard let outputClock, let inputClock else { return nil }
    let expected = clicks.compactMap { click -> ExpectedClick? in
      guard !click.isMuted, let sound = click.kind.soundIndex else { return nil }
      let heard = Int64(clamping: outputClock.instant(whenAudible: click.frame)) + nanoseconds
      let captured = inputClock.capturedFrame(at: UInt64(clamping: max(0, heard)))
      return ExpectedClick(frame: Int(captured - firstFrame), sound: sound, isAlone: true)
    }
    return OnsetDetector.clickPath(
      in: samples, sampleRate: Self.sampleRate, clicks: expected,
      clickTemplates: MetronomeVoices(sampleRate: Self.sampleRate).sounding)
  }
}

/// Why clicks could not be played and recorded, in one line.
public struct ClickRecordingError: Error, Equatable, Sendable, CustomStringConvertible {
  public let reason: String

  public var description: String { reason }
}

/// Plays silence until handed a renderer, then plays that, keeping the output's frame count.
private final class HandOverRenderer: AudioRenderer {
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
