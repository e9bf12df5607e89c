import AudioModel
import DSP
import Storage

/// What the user asked the metronome for, from the command line or the screen, with the
/// saved settings filling in what was not given.
public struct MetronomeOptions: Equatable, Sendable {
  public var bpm: Int
  public var meter: String
  public var accents: String
  public var subdivision: Int
  public var volumes: Volumes
  public var subdivisionVolume: Int
  /// Where the off-beat of a two-note subdivision falls: 0.5 is straight.
  public var swing = 0.5
  public var countInBars = 0
  public var gapClick = GapClick.off
  /// Steps the tempo up from `bpm` while playing; nil plays at one tempo.
  public var trainer: TrainerPlan?
  /// The sound of the beats; the metronome's own unless a module asks for another.
  public var clickSound = ClickSound.metronome
  /// Quiet ticks on the notes to play, beat by beat (see `MetronomePattern.targets`).
  public var targets: [[Double]] = []
  /// Beats a written note is held over (see `MetronomePattern.heldBeats`).
  public var heldBeats: [Bool] = []

  public init(settings: Settings) {
    bpm = settings.metronome.bpm
    meter = settings.metronome.meter
    accents = settings.metronome.accents
    subdivision = settings.metronome.subdivision
    volumes = settings.volumes
    subdivisionVolume = settings.metronome.subdivisionVolume
  }

  /// The engine's pattern; a wrong meter or accent string gives a one-line error.
  public func pattern() throws(MetronomeError) -> MetronomePattern {
    let meter = try Meter(parsing: meter)
    let accents = accents.isEmpty ? nil : try AccentPattern(parsing: accents)
    let click = Gain(percent: volumes.master) * Gain(percent: volumes.click)
    let speedTrainer = try trainer.map { plan throws(MetronomeError) in
      try SpeedTrainer(
        from: Double(bpm), to: Double(plan.goal), step: Double(plan.step),
        everyBars: plan.everyBars)
    }
    return try MetronomePattern(
      meter: meter, accents: accents, subdivision: subdivision,
      swing: subdivision == 2 ? swing : 0.5, countInBars: countInBars, gapClick: gapClick,
      speedTrainer: speedTrainer, clickVolume: click,
      subdivisionVolume: click * Gain(percent: subdivisionVolume), targets: targets,
      heldBeats: heldBeats)
  }
}

extension ClickSound {
  /// The metronome's voices with the beats (accented or not) played in this sound; the
  /// count-in and the subdivisions keep theirs.
  func applied(to voices: MetronomeVoices, sampleRate: Int) -> MetronomeVoices {
    let voice: MetronomeVoice
    switch self {
    case .metronome: return voices
    case .woodblock: voice = .woodblock
    case .beep: voice = .beep
    }
    var changed = voices
    changed.normal = voice.samples(sampleRate: sampleRate)
    changed.accent = changed.normal
    return changed
  }
}

/// A speed-trainer plan: from the metronome's tempo to `goal`, `step` BPM every `everyBars`
/// bars.
public struct TrainerPlan: Equatable, Sendable {
  public static let stepRange = 1...20
  public static let barsRange = 1...16

  public var goal: Int
  public var step: Int
  public var everyBars: Int

  public init(goal: Int, step: Int, everyBars: Int) {
    self.goal = goal
    self.step = step
    self.everyBars = everyBars
  }
}
