/// Turns a pattern and a tempo into the sequence of clicks of one run, one at a time, each at
/// its exact output frame. Pure: the caller owns the random generator and decides how far
/// ahead to schedule, so the same inputs give the same clicks however audio is blocked.
///
/// Changes arrive while the run plays and take effect where a musician expects: a tempo
/// change at the next beat that has not been scheduled, a pattern change at the next bar.
public struct ClickScheduler: Sendable {
  /// Output frame of the run's first beat.
  public var origin: Int64
  public private(set) var pattern: MetronomePattern
  /// Frames relative to `origin`; holds only the segments still needed.
  public private(set) var timeline: TempoTimeline

  private var pendingPattern: MetronomePattern?
  private var pendingTempo: Double?
  /// Bar of the pattern in force when it took effect, where its trainer and gaps count from.
  private var patternStartBar = 0
  private var isBarMuted = false

  // Position of the next click.
  private var beat: Int64 = 0
  private var bar: Int
  private var beatInBar = 0
  private var subdivision = 0

  /// With a speed trainer in `pattern` the run starts at the trainer's first tempo instead of
  /// `bpm`.
  public init(pattern: MetronomePattern, bpm: Double, sampleRate: Int, origin: Int64 = 0)
    throws(MetronomeError)
  {
    self.origin = origin
    self.pattern = pattern
    timeline = try TempoTimeline(bpm: pattern.speedTrainer?.startBPM ?? bpm, sampleRate: sampleRate)
    bar = -pattern.countInBars
  }

  /// The tempo of the next beat, or the tempo asked for if that is still to take effect.
  public var tempo: Double {
    pendingTempo ?? timeline.bpm(atBeat: beat)
  }

  /// Where the next click falls. Tempo and pattern changes still pending cannot move it: they
  /// apply at a beat boundary, whose frame the old tempo has already fixed.
  public var nextFrame: Int64 {
    let fraction = subdivision == 0 ? 0 : pattern.fraction(ofSubdivision: subdivision)
    return origin + timeline.frame(ofBeat: beat, fraction: fraction)
  }

  /// Changes the tempo from the next beat boundary that has not been scheduled.
  public mutating func changeTempo(to bpm: Double) throws(MetronomeError) {
    try TempoTimeline.validate(bpm: bpm)
    pendingTempo = bpm
  }

  /// Switches to `pattern` at the next bar that has not been scheduled. The new pattern starts
  /// afresh there: its trainer from its first tempo, its gaps from its first bar. Its count-in
  /// is for the next run; this one is already under way.
  public mutating func changePattern(to pattern: MetronomePattern) {
    pendingPattern = pattern
  }

  /// The next click, after which the scheduler moves past it.
  public mutating func next(using generator: inout some RandomNumberGenerator) -> ScheduledClick {
    if subdivision == 0 {
      if beatInBar == 0 { beginBar(using: &generator) }
      applyPendingTempo()
    }
    let isCountIn = bar < 0
    let kind = kind(isCountIn: isCountIn)
    let click = ScheduledClick(
      frame: nextFrame, beat: beat, bar: bar, beatInBar: beatInBar, subdivision: subdivision,
      kind: kind, isCountIn: isCountIn, isMuted: kind == .silent || isBarMuted)
    advance(isCountIn: isCountIn)
    return click
  }

  private mutating func beginBar(using generator: inout some RandomNumberGenerator) {
    if let pattern = pendingPattern {
      self.pattern = pattern
      pendingPattern = nil
      patternStartBar = max(bar, 0)
    }
    guard bar >= 0 else {
      isBarMuted = false
      return
    }
    let barOfPattern = bar - patternStartBar
    // A tempo the player just asked for wins over the trainer until its next step.
    if let trainer = pattern.speedTrainer, trainer.stepsTempo(atBar: barOfPattern),
      pendingTempo == nil
    {
      pendingTempo = trainer.tempo(atBar: barOfPattern)
    }
    isBarMuted = pattern.gapClick.mutes(bar: barOfPattern, using: &generator)
  }

  private mutating func applyPendingTempo() {
    guard let bpm = pendingTempo else { return }
    pendingTempo = nil
    guard bpm != timeline.bpm(atBeat: beat) else { return }
    // Validated when it was asked for.
    try! timeline.changeTempo(to: bpm, atBeat: beat)
    timeline.discardSegments(before: beat)
  }

  private func kind(isCountIn: Bool) -> ClickKind {
    if isCountIn {
      return pattern.countInStyle == .distinctVoice ? .countIn : .accent
    }
    guard subdivision == 0 else { return .subdivision }
    switch pattern.accents.beats[beatInBar] {
    case .accent: return .accent
    case .normal: return .normal
    case .silent: return .silent
    }
  }

  private mutating func advance(isCountIn: Bool) {
    subdivision += 1
    // Count-in bars click the beat only: they give the tempo, not the groove.
    guard subdivision == (isCountIn ? 1 : pattern.subdivision) else { return }
    subdivision = 0
    beat += 1
    beatInBar += 1
    if beatInBar == pattern.meter.beatsPerBar {
      beatInBar = 0
      bar += 1
    }
  }
}
