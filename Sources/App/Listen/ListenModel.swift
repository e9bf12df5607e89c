import AudioModel
import DSP
import Storage
import TerminalUI

/// The listening screen: the microphone's level, the onsets it hears and the pitch of what is
/// played, as a tuner. It checks that the microphone path works before any exercise relies on
/// it. All times are input frames, so the screen never needs a clock of its own.
public struct ListenModel: Equatable, Sendable {
  static let sampleRate = Int64(ListenerEvent.frameRate)
  /// An onset lights the marker for this long from when it is reported (up to a quarter of a
  /// second after it sounded), so even a short clap is seen.
  public static let flashFrames = sampleRate * 15 / 100
  /// A pitch stays on screen this long after the sound loses it, so a fading note does not
  /// flicker.
  public static let pitchHoldFrames = sampleRate / 2
  /// Below this confidence an estimate is not shown; noise and breath give low values.
  static let shownConfidence = 0.8
  /// Events from one run of the microphone arrive at most a few tens of milliseconds out of
  /// order; one this far behind the newest comes from a new run.
  static let restartFrames = sampleRate

  public private(set) var isListening = false
  /// Why the microphone could not start; nil while it works.
  public private(set) var problem: String?
  public private(set) var decibels: Float?
  public private(set) var onsetCount = 0
  public private(set) var lastOnsetFrame: Int64?
  /// The newest input frame when the last onset was reported.
  private var lastOnsetReported: Int64?
  public private(set) var frequency: Double?
  public private(set) var pitchFrame: Int64 = 0
  /// The newest input frame any event spoke of.
  public private(set) var latestFrame: Int64 = 0
  /// The source the microphone records from, once it runs; nil for a file.
  public private(set) var source: String?
  public private(set) var task: Task? {
    didSet { if task != oldValue { taskStartedAt = nil } }
  }
  /// The metronome plays while listening, started from this screen.
  public private(set) var isClicking = false
  /// How the last calibration went, until the next one starts.
  public private(set) var outcome: Message?

  /// A calibration under way, or the name of an instrument being typed.
  public enum Task: Equatable, Sendable {
    case measuringLatency
    case naming(String)
    case learning(name: String)
  }

  /// How long the microphone listens to learn an instrument.
  public static let learningSeconds = 5.0

  /// When the measurement or the learning under way began (cleared whenever the task
  /// changes), and the latest time told, for its progress.
  public private(set) var taskStartedAt: MonotonicInstant?
  public private(set) var now = MonotonicInstant(nanoseconds: 0)

  /// How far the measurement or the learning under way has come, from 0 to 1; nil when none
  /// runs.
  public var taskProgress: Double? {
    let seconds: Double
    switch task {
    case .measuringLatency: seconds = Double(LatencyCalibration.seconds)
    case .learning: seconds = Self.learningSeconds
    case .naming, nil: return nil
    }
    guard let taskStartedAt else { return 0 }
    return min(1, Double(now.nanoseconds &- taskStartedAt.nanoseconds) / 1e9 / seconds)
  }

  /// While something is measured or learned, the screen is redrawn to show it moving.
  var deadline: MonotonicInstant? {
    taskProgress == nil ? nil : MonotonicInstant(nanoseconds: now.nanoseconds + 250_000_000)
  }

  mutating func tick(_ time: MonotonicInstant) {
    now = max(now, time)
  }

  public init() {}

  static let keyHints: [KeyHint] = [
    KeyHint(.text("m"), "listen.key.metronome"),
    KeyHint(.text("i"), "listen.key.instrument"),
    KeyHint(.text("c"), "listen.key.learn"),
    KeyHint(.text("l"), "listen.key.latency"),
    KeyHint(.text("r"), "listen.key.reset"),
    .back,
    .help,
    .quitNow,
  ]

  /// While a name is typed, every key goes to it.
  var capturesKeys: Bool {
    if case .naming = task { return true }
    return false
  }

  public var isFlashing: Bool {
    lastOnsetReported.map { latestFrame - $0 < Self.flashFrames } ?? false
  }

  /// The frequency to show, if the last confident estimate is recent enough.
  public var shownFrequency: Double? {
    guard let frequency, latestFrame - pitchFrame <= Self.pitchHoldFrames else { return nil }
    return frequency
  }

  mutating func started(source: String?) {
    isListening = true
    problem = nil
    self.source = source
  }

  mutating func failed(_ reason: String) {
    isListening = false
    problem = reason
  }

  mutating func hear(_ events: [ListenerEvent]) {
    var reported = false
    defer { if reported { lastOnsetReported = latestFrame } }
    for event in events {
      if event.frame < latestFrame - Self.restartFrames { forgetTheEarlierRun() }
      latestFrame = max(latestFrame, event.frame)
      switch event {
      case .onset(let frame, _):
        onsetCount += 1
        lastOnsetFrame = frame
        reported = true
      case .pitch(let frame, let frequency, let confidence):
        if frequency > 0, confidence >= Self.shownConfidence {
          self.frequency = frequency
          pitchFrame = frame
        }
      case .level(_, let decibels):
        self.decibels = decibels
      }
    }
  }

  /// The microphone started again (the metronome, another instrument or a calibration
  /// restarts it) and counts its frames from 0 anew: the newest frame, the last onset and the
  /// last pitch belong to the earlier run and would hide what the new one hears until it caught
  /// up with them. An event of the earlier run that was still on its way when the new run began
  /// makes the next of the new run jump back again, which is handled the same way.
  private mutating func forgetTheEarlierRun() {
    latestFrame = 0
    lastOnsetFrame = nil
    lastOnsetReported = nil
    frequency = nil
  }

  /// A calibration came back; the settings are already updated.
  mutating func finish(_ result: CalibrationResult) {
    task = nil
    switch result {
    case .latency(let measured):
      outcome = LatencyCalibration.message(measured)
    case .instrument(let name, let profile?):
      outcome = Message(
        "calibrate.instrument.learned",
        [
          "name": name, "notes": "\(profile.noteCount)",
          "level": DecimalText.format(profile.peakLevel, places: 0),
        ])
    case .instrument:
      outcome = Message("calibrate.instrument.unclear")
    case .failed(let reason):
      outcome = Message("listen.calibrationFailed", ["reason": reason])
    }
  }

  /// What leaving the screen must stop.
  var leavingEffects: [Effect] {
    [.listen(.stop)] + (isClicking ? [.metronome(.stop)] : [])
  }

  /// `canMeasureLatency` is false when this run plays into or listens to a file.
  mutating func handle(
    _ key: Key, at time: MonotonicInstant, settings: inout Settings, canMeasureLatency: Bool
  ) -> [Effect] {
    now = max(now, time)
    defer { if taskProgress != nil, taskStartedAt == nil { taskStartedAt = time } }
    if case .naming(let typed) = task {
      return editName(typed, key, settings: &settings).map { [.listen($0)] } ?? []
    }
    guard task == nil else { return [] }
    if key == .character("m") {
      isClicking.toggle()
      // A bar of count-in, where nobody plays, teaches the listener how the clicks sound here.
      var options = MetronomeOptions(settings: settings)
      options.countInBars = 1
      return [.metronome(isClicking ? .start(options) : .stop)]
    }
    var effects: [Effect] = []
    if key == .character("l"), canMeasureLatency, isClicking {
      // The delay is measured with clicks of its own, alone.
      isClicking = false
      effects.append(.metronome(.stop))
    }
    if let command = command(for: key, settings: &settings, canMeasureLatency: canMeasureLatency) {
      effects.append(.listen(command))
    }
    return effects
  }

  private mutating func command(
    for key: Key, settings: inout Settings, canMeasureLatency: Bool
  ) -> ListenCommand? {
    switch key {
    case .character("r"):
      onsetCount = 0
      lastOnsetFrame = nil
    case .character("l"):
      guard canMeasureLatency else {
        outcome = Message("listen.latency.needsDevices")
        return nil
      }
      task = .measuringLatency
      outcome = nil
      return .measureLatency
    case .character("c"):
      task = .naming(settings.listening.instrument)
      outcome = nil
    case .character("i"):
      let names = [""] + settings.listening.profiles.keys.sorted()
      let current = names.firstIndex(of: settings.listening.instrument) ?? 0
      settings.listening.instrument = names[(current + 1) % names.count]
      return .start(profile: settings.listening.profile)
    default:
      break
    }
    return nil
  }

  private mutating func editName(_ typed: String, _ key: Key, settings: inout Settings)
    -> ListenCommand?
  {
    var typed = typed
    switch key {
    case .escape:
      task = nil
      return nil
    case .backspace:
      if !typed.isEmpty { typed.removeLast() }
    case .character(let character):
      if typed.count < ListeningSettings.nameLength.upperBound { typed.append(character) }
    case .enter:
      guard let name = ListeningSettings.instrumentName(typed) else {
        outcome = Message("listen.instrument.badName")
        return nil
      }
      task = .learning(name: name)
      outcome = nil
      return .learnInstrument(name: name, seconds: Self.learningSeconds)
    default:
      break
    }
    task = .naming(typed)
    return nil
  }
}
