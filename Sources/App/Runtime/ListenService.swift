import Audio
import DSP
import Dispatch
import FoundationEssentials
import Storage
import Synchronization

/// The microphone for the running app: the PulseAudio source, or the `--audio-in` file, with
/// the listener that turns its blocks into events for the main loop; and the calibrations that
/// need the microphone. Everything it learns is posted as an event.
final class ListenService: MicrophoneInput {
  private let overrides: RunOverrides
  private let server: String?
  private let post: @Sendable (AppEvent) -> Void
  private var microphone: Microphone?
  private let take = InstrumentTake()
  /// The `--audio-in` file, read once at start-up so that listening to it starts as promptly as
  /// a microphone and lines up with a click started at the same moment.
  private let file: WAVFileInput?

  init(overrides: RunOverrides, server: String?, post: @escaping @Sendable (AppEvent) -> Void) {
    self.overrides = overrides
    self.server = server
    self.post = post
    file = overrides.audioIn.map {
      WAVFileInput(
        url: URL(fileURLWithPath: $0),
        pacing: overrides.readsAudioInFast ? .asFastAsPossible : .realTime)
    }
    // A file that cannot be read says so when listening starts.
    _ = try? file?.prepare()
  }

  var isRunning: Bool { microphone != nil }

  /// Starts listening, tuned to `profile`; returns why it cannot, in one line, or the source
  /// it records from (nil for a file). With `clicks`, the metronome's sound in the microphone
  /// is told from the player's hits, using the round trip measured for the sink and source.
  func start(devices: AudioDeviceSettings, profile: InstrumentProfile?, clicks: MetronomeClicks?)
    -> (failure: String?, source: String?)
  {
    stop()
    let microphone: Microphone
    var connectedSource: () -> String? = { nil }
    if let file {
      microphone = .file(file)
    } else {
      let input = PulseAudioInput(devices: devices, server: server)
      microphone = .pulse(input)
      connectedSource = { input.connectedSource }
    }
    let post = post
    let announcer = clicks.map {
      ClickAnnouncer(log: $0.log, outputClock: $0.outputClock)
    }
    // The round trip is known only for a click playing through a server; a file has none.
    let listener = Listener(profile: profile, clickTemplates: clicks?.templates ?? []) { events in
      let timing = microphone.timing().map {
        InputTiming(clock: $0, roundTrip: announcer?.roundTrip ?? .zero)
      }
      post(.heard(events))
      let played = PlayedEvent.heard(events, timing: timing)
      if !played.isEmpty { post(.played(played)) }
    }
    let take = take
    do {
      try microphone.start { block, frame in
        announcer?.announce(to: listener, inputClock: microphone.timing())
        listener.consume(block, at: frame)
        if let finished = take.append(block) { Self.learn(finished, post: post) }
      }
    } catch {
      return (error.reason, nil)
    }
    self.microphone = microphone
    let source = connectedSource()
    if let announcer, let sink = clicks?.sink, let source,
      let milliseconds = devices.roundTrip(sink: sink, source: source)
    {
      announcer.setRoundTrip(nanoseconds: Int64(milliseconds * 1e6))
      if let path = devices.clickPath(sink: sink, source: source) { listener.follow(path) }
    }
    return (nil, source)
  }

  func stop() {
    microphone?.stop()
    microphone = nil
  }

  /// Pauses listening while clicks play through the sink and come back through the source;
  /// posts the outcome. The caller starts listening again when it arrives.
  func measureLatency(devices: AudioDeviceSettings) {
    stop()
    let server = server
    let post = post
    DispatchQueue.global().async {
      do throws(Launcher.Failure) {
        post(.calibrated(.latency(try LatencyCalibration.run(devices: devices, server: server))))
      } catch {
        post(.calibrated(.failed(reason: error.description)))
      }
    }
  }

  /// Keeps the next `seconds` of what the microphone hears and learns `name` from it. A
  /// microphone that stops sending (a file that ends) gives what it sent by then.
  func learnInstrument(name: String, seconds: Double) {
    take.begin(name: name, frames: Int(seconds * Double(Listener.sampleRate)))
    let take = take
    let post = post
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds + 2) {
      if let finished = take.finishEarly() { Self.learn(finished, post: post) }
    }
  }

  private static func learn(
    _ finished: (name: String, samples: [Float]), post: @escaping @Sendable (AppEvent) -> Void
  ) {
    DispatchQueue.global().async {
      let profile = InstrumentProfile.learn(
        from: finished.samples, sampleRate: Listener.sampleRate)
      post(.calibrated(.instrument(name: finished.name, profile: profile)))
    }
  }
}

/// The samples kept to learn an instrument from: filled on the capture thread, handed over once.
private final class InstrumentTake: Sendable {
  private struct Recording {
    var name: String
    var wanted: Int
    var samples: [Float]
  }

  private let recording = Mutex<Recording?>(nil)

  func begin(name: String, frames: Int) {
    var samples: [Float] = []
    samples.reserveCapacity(frames)
    recording.withLock { $0 = Recording(name: name, wanted: frames, samples: samples) }
  }

  /// Adds a captured block; returns the whole take once it is long enough.
  func append(_ block: UnsafeBufferPointer<Float>) -> (name: String, samples: [Float])? {
    recording.withLock { recording in
      guard var current = recording else { return nil }
      current.samples.append(contentsOf: block.prefix(current.wanted - current.samples.count))
      guard current.samples.count >= current.wanted else {
        recording = current
        return nil
      }
      recording = nil
      return (current.name, current.samples)
    }
  }

  /// The take as it stands, if it was not handed over yet.
  func finishEarly() -> (name: String, samples: [Float])? {
    recording.withLock { recording in
      defer { recording = nil }
      return recording.map { ($0.name, $0.samples) }
    }
  }
}
