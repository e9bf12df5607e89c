/// Bars in which the metronome falls silent while the player keeps time alone. The beats of a
/// muted bar are still logged, so the player is graded against where they would have been.
public enum GapClick: Hashable, Sendable {
  case off
  /// Mutes bar n, 2n, 3n … of the pattern, counting from 1.
  case everyNthBar(Int)
  /// Mutes each bar on its own with this probability.
  case randomBars(probability: Double)

  public func validate() throws(MetronomeError) {
    switch self {
    case .off: break
    case .everyNthBar(let interval):
      guard interval >= 2 else { throw .gapIntervalOutOfRange(interval) }
    case .randomBars(let probability):
      guard (0...1).contains(probability) else { throw .gapProbabilityOutOfRange(probability) }
    }
  }

  /// Whether bar `bar` (0 for the pattern's first bar) is muted. Random gaps draw exactly one
  /// number per bar, so a seeded generator gives the same gaps however the audio is blocked.
  public func mutes(bar: Int, using generator: inout some RandomNumberGenerator) -> Bool {
    switch self {
    case .off: false
    case .everyNthBar(let interval): (bar + 1) % interval == 0
    case .randomBars(let probability): Double.random(in: 0..<1, using: &generator) < probability
    }
  }
}
