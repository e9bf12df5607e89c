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
  /// Index into `slots`; 0 is the beat itself.
  private var slot = 0
  /// Beats since the count-in, which pick the note ticks.
  private var playedBeats = 0
  /// The clicks of the beat under way in order: the beat, its subdivisions and its note ticks,
  /// each at its fraction of the beat. Filled at each beat without allocating, since the
  /// scheduler runs on the audio thread.
  private var slots: [(fraction: Double, kind: ClickKind)] = []

  /// With a speed trainer in `pattern` the run starts at the trainer's first tempo instead of
  /// `bpm`.
  public init(pattern: MetronomePattern, bpm: Double, sampleRate: Int, origin: Int64 = 0)
    throws(MetronomeError)
  {
    self.origin = origin
    self.pattern = pattern
    timeline = try TempoTimeline(bpm: pattern.speedTrainer?.startBPM ?? bpm, sampleRate: sampleRate)
    bar = -pattern.countInBars
    slots.reserveCapacity(Self.slotCapacity)
  }

  /// Room for a beat's clicks: four subdivisions and up to a dozen note ticks.
  private static let slotCapacity = 16

  /// The tempo of the next beat, or the tempo asked for if that is still to take effect.
  public var tempo: Double {
    pendingTempo ?? timeline.bpm(atBeat: beat)
  }

  /// Where the next click falls. Tempo and pattern changes still pending cannot move it: they
  /// apply at a beat boundary, whose frame the old tempo has already fixed.
  public var nextFrame: Int64 {
    origin + timeline.frame(ofBeat: beat, fraction: slot == 0 ? 0 : slots[slot].fraction)
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
    let isCountIn = bar < 0
    if slot == 0 {
      if beatInBar == 0 { beginBar(using: &generator) }
      applyPendingTempo()
      fillSlots(isCountIn: isCountIn)
    }
    let kind = slots[slot].kind
    let click = ScheduledClick(
      frame: nextFrame, beat: beat, bar: bar, beatInBar: beatInBar, subdivision: slot,
      kind: kind, isCountIn: isCountIn, isMuted: kind == .silent || isBarMuted,
      isRest: slot == 0 && isRestingBeat(isCountIn: isCountIn))
    advance(isCountIn: isCountIn)
    return click
  }

  /// Whether the line rests at this beat: no note tick in its first quarter, nor in the last
  /// tenth of the beat before, so nothing the player plays is near its click.
  private func isRestingBeat(isCountIn: Bool) -> Bool {
    guard !isCountIn, !pattern.targets.isEmpty else { return false }
    let held = pattern.heldBeats
    if !held.isEmpty, held[playedBeats % held.count] { return false }
    let ticks = pattern.targets[playedBeats % pattern.targets.count]
    let before = playedBeats > 0 ? pattern.targets[(playedBeats - 1) % pattern.targets.count] : []
    return !ticks.contains { $0 < 0.25 } && !before.contains { $0 >= 0.9 }
  }

  /// The beat's clicks: the beat, then its subdivisions and note ticks merged in time order (a
  /// tick on the beat itself comes right after it). Count-in bars click the beat only: they
  /// give the tempo, not the groove.
  private mutating func fillSlots(isCountIn: Bool) {
    slots.removeAll(keepingCapacity: true)
    slots.append((0, beatKind(isCountIn: isCountIn)))
    guard !isCountIn else { return }
    let ticks = pattern.targets.isEmpty ? [] : pattern.targets[playedBeats % pattern.targets.count]
    var subdivision = 1
    var tick = 0
    while subdivision < pattern.subdivision || tick < ticks.count {
      let next =
        subdivision < pattern.subdivision
        ? pattern.fraction(ofSubdivision: subdivision) : .infinity
      if tick < ticks.count, ticks[tick] <= next {
        slots.append((ticks[tick], .target))
        tick += 1
      } else {
        slots.append((next, .subdivision))
        subdivision += 1
      }
    }
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

  private func beatKind(isCountIn: Bool) -> ClickKind {
    if isCountIn {
      return pattern.countInStyle == .distinctVoice ? .countIn : .accent
    }
    switch pattern.accents.beats[beatInBar] {
    case .accent: return .accent
    case .normal: return .normal
    case .silent: return .silent
    }
  }

  private mutating func advance(isCountIn: Bool) {
    slot += 1
    guard slot == slots.count else { return }
    slot = 0
    if !isCountIn { playedBeats += 1 }
    beat += 1
    beatInBar += 1
    if beatInBar == pattern.meter.beatsPerBar {
      beatInBar = 0
      bar += 1
    }
  }
}
