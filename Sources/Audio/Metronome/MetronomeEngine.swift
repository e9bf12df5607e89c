import AudioModel
import DSP
import Synchronization

/// The metronome that outputs pull from. The UI thread sends commands; the audio thread
/// renders. Every click is placed at its exact frame from the tempo timeline, so where it lands
/// depends neither on block size nor on when a command arrived within a block.
///
/// Commands take effect at musical boundaries that have not been rendered yet: a start at the
/// asked frame (or the next block), a tempo change at the next unscheduled beat, a pattern at
/// the next unscheduled bar. Stopping schedules nothing more but lets every click already
/// started ring out, so a click is never cut.
public final class MetronomeEngine: AudioRenderer {
  public let sampleRate: Int
  /// Every click scheduled, muted ones included, for the beat display and the graders.
  public let log: ScheduleLog
  private let state: Mutex<State>

  private enum StartRequest {
    case nextBlock
    case frame(Int64)
  }

  private struct State {
    var voices: MetronomeVoices
    /// The latest pattern asked for; the run may still be finishing a bar of the one before.
    var pattern: MetronomePattern
    /// The latest tempo asked for, which the next run starts at.
    var bpm: Double
    var run: ClickScheduler?
    /// Set until the next render fixes where the run starts.
    var startRequest: StartRequest?
    var mixer: VoiceMixer
    var random: any RandomNumberGenerator & Sendable

    // `run!` mutates the run in place; a copy would share the timeline's storage, and the
    // next tempo change would then allocate on the audio thread.
    mutating func schedule(blockStart: Int64, blockEnd: Int64, into log: ScheduleLog) {
      guard run != nil else { return }
      switch startRequest {
      case .nextBlock: run!.origin = blockStart
      // A frame already rendered is too late; the next best is now.
      case .frame(let frame): run!.origin = max(frame, blockStart)
      case nil: break
      }
      startRequest = nil
      while run!.nextFrame < blockEnd {
        let click = run!.next(using: &random)
        log.append(click)
        guard !click.isMuted else { continue }
        let gain = click.kind == .subdivision ? pattern.subdivisionVolume : pattern.clickVolume
        mixer.play(voices.samples(for: click.kind), atFrame: click.frame, gain: gain.linear)
      }
    }
  }

  /// `random` decides which bars a random gap click mutes; pass a seeded generator to replay.
  public init(
    voices: MetronomeVoices, pattern: MetronomePattern = .standard, bpm: Double = 120,
    sampleRate: Int = 48_000, log: ScheduleLog = ScheduleLog(),
    random: some RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()
  ) throws(MetronomeError) {
    try TempoTimeline.validate(bpm: bpm)
    precondition(sampleRate > 0, "sample rate must be positive")
    self.sampleRate = sampleRate
    self.log = log
    let mixer = VoiceMixer(capacity: Self.mixerCapacity(voices: voices, sampleRate: sampleRate))
    state = Mutex(
      State(
        voices: voices, pattern: pattern, bpm: bpm, run: nil, startRequest: nil, mixer: mixer,
        random: random))
  }

  public var isRunning: Bool {
    state.withLock { $0.run != nil }
  }

  /// The tempo of the next beat, or of the next run when stopped.
  public var tempo: Double {
    state.withLock { $0.run?.tempo ?? $0.bpm }
  }

  public var pattern: MetronomePattern {
    state.withLock { $0.pattern }
  }

  /// Each sound as the engine plays it now, at its volume, in the order of
  /// `ClickKind.sounding`: what a listener is to recognise in the microphone.
  public var soundingClicks: [[Float]] {
    state.withLock { state in
      ClickKind.sounding.map { kind in
        let gain =
          kind == .subdivision ? state.pattern.subdivisionVolume : state.pattern.clickVolume
        return state.voices.samples(for: kind).map { $0 * gain.linear }
      }
    }
  }

  /// Starts a run whose first beat (count-in included) falls on `frame`, or on the first frame
  /// of the next block when `frame` is nil or already rendered. A running run is replaced;
  /// its clicks already sounding ring out.
  public func start(atFrame frame: Int64? = nil) {
    let (pattern, bpm) = state.withLock { ($0.pattern, $0.bpm) }
    // Both were checked when they were set.
    let run = try! ClickScheduler(pattern: pattern, bpm: bpm, sampleRate: sampleRate)
    state.withLock { state in
      state.run = run
      state.startRequest = frame.map(StartRequest.frame) ?? .nextBlock
    }
  }

  /// Schedules no more clicks; those already started play to their end.
  public func stop() {
    state.withLock { state in
      state.run = nil
      state.startRequest = nil
    }
  }

  /// Changes the tempo from the next beat not yet scheduled. A speed trainer takes the tempo
  /// back at its next step.
  public func setTempo(_ bpm: Double) throws(MetronomeError) {
    try TempoTimeline.validate(bpm: bpm)
    state.withLock { state in
      state.bpm = bpm
      try! state.run?.changeTempo(to: bpm)
    }
  }

  /// Plays `pattern` from the next bar not yet scheduled; its volumes apply from the next click.
  public func setPattern(_ pattern: MetronomePattern) {
    state.withLock { state in
      state.pattern = pattern
      state.run?.changePattern(to: pattern)
    }
  }

  /// Applies from the next click scheduled; clicks already sounding keep their level.
  public func setVolumes(click: Gain, subdivision: Gain) {
    state.withLock { state in
      state.pattern.clickVolume = click
      state.pattern.subdivisionVolume = subdivision
    }
  }

  /// Applies from the next click scheduled; clicks already sounding keep their voice.
  public func setVoices(_ voices: MetronomeVoices) {
    let capacity = Self.mixerCapacity(voices: voices, sampleRate: sampleRate)
    state.withLock { state in
      state.voices = voices
      state.mixer.reserveCapacity(capacity)
    }
  }

  public func render(into buffer: UnsafeMutableBufferPointer<Float>, startFrame: Int64) {
    let blockEnd = startFrame + Int64(buffer.count)
    state.withLock { state in
      state.schedule(blockStart: startFrame, blockEnd: blockEnd, into: log)
      state.mixer.render(into: buffer, startFrame: startFrame)
    }
  }

  /// Clicks come at most twenty a second (sixteenths at 300 BPM); twice what can overlap
  /// leaves room for a stopped run still ringing under a new one.
  private static func mixerCapacity(voices: MetronomeVoices, sampleRate: Int) -> Int {
    2 * (voices.longest * 20 / sampleRate + 2)
  }
}
