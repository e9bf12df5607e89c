/// Walks the tempo from a starting BPM towards a goal in steps, a step every few bars, then
/// holds the goal. Steps go up or down depending on which side the goal lies.
public struct SpeedTrainer: Hashable, Sendable {
  public let startBPM: Double
  public let goalBPM: Double
  /// The size of one step in BPM; its direction comes from the goal.
  public let step: Double
  public let barsPerStep: Int

  public init(from startBPM: Double, to goalBPM: Double, step: Double, everyBars barsPerStep: Int)
    throws(MetronomeError)
  {
    try TempoTimeline.validate(bpm: startBPM)
    try TempoTimeline.validate(bpm: goalBPM)
    guard step > 0, step.isFinite else { throw .trainerStepOutOfRange(step) }
    guard barsPerStep >= 1 else { throw .trainerIntervalOutOfRange(barsPerStep) }
    self.startBPM = startBPM
    self.goalBPM = goalBPM
    self.step = step
    self.barsPerStep = barsPerStep
  }

  /// Whether a new step begins at bar `bar` (0 for the pattern's first bar).
  public func stepsTempo(atBar bar: Int) -> Bool {
    bar % barsPerStep == 0
  }

  /// The tempo of bar `bar`, counted from the step number so no rounding builds up.
  public func tempo(atBar bar: Int) -> Double {
    let distance = min(Double(bar / barsPerStep) * step, abs(goalBPM - startBPM))
    return goalBPM >= startBPM ? startBPM + distance : startBPM - distance
  }
}
