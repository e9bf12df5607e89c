import DSP

/// Everything about what the metronome plays except the tempo: meter, accents, subdivisions,
/// swing, count-in, gaps, speed trainer and the two volumes. Checked when made, so an engine
/// never meets a pattern it cannot play.
public struct MetronomePattern: Equatable, Sendable {
  public static let subdivisionRange = 1...4
  /// 0.5 plays off-beats straight, 2/3 as triplets, 0.75 as dotted eighth and sixteenth.
  public static let swingRange: ClosedRange<Double> = 0.5...0.75
  public static let countInRange = 0...2

  public let meter: Meter
  public let accents: AccentPattern
  /// Clicks per beat: 1 beats only, 2 eighths in 4/4, 3 triplets, 4 sixteenths.
  public let subdivision: Int
  /// Where the off-beat falls within the beat; used only with a subdivision of 2.
  public let swing: Double
  public let countInBars: Int
  public let countInStyle: CountInStyle
  public let gapClick: GapClick
  /// When set, the trainer owns the tempo and the tempo given to the engine is its fallback.
  public let speedTrainer: SpeedTrainer?
  /// For beats and count-in.
  public var clickVolume: Gain
  public var subdivisionVolume: Gain
  /// Where quiet ticks mark the notes to play, beat by beat after the count-in: beat k plays
  /// the ticks of `targets[k % targets.count]`, each a fraction of the beat from 0. Empty plays
  /// none.
  public let targets: [[Double]]
  /// Beats after the count-in, `heldBeats[k % heldBeats.count]`, on which a written note is
  /// still held: nobody plays on their click, yet what is heard there is not the click alone,
  /// so the click's sound is not learned there. Empty: none.
  public let heldBeats: [Bool]

  /// `accents` default to the meter's standard bar (`AccentPattern.standard(for:)`).
  public init(
    meter: Meter = .fourFour, accents: AccentPattern? = nil, subdivision: Int = 1,
    swing: Double = 0.5, countInBars: Int = 0, countInStyle: CountInStyle = .distinctVoice,
    gapClick: GapClick = .off, speedTrainer: SpeedTrainer? = nil, clickVolume: Gain = .unity,
    subdivisionVolume: Gain = .unity, targets: [[Double]] = [], heldBeats: [Bool] = []
  ) throws(MetronomeError) {
    let accents = accents ?? .standard(for: meter)
    guard accents.beats.count == meter.beatsPerBar else {
      throw .accentCountMismatch(accents: accents.beats.count, meter: meter)
    }
    guard Self.subdivisionRange.contains(subdivision) else {
      throw .subdivisionOutOfRange(subdivision)
    }
    guard Self.swingRange.contains(swing) else { throw .swingOutOfRange(swing) }
    guard Self.countInRange.contains(countInBars) else { throw .countInOutOfRange(countInBars) }
    try gapClick.validate()
    if let outside = targets.joined().first(where: { !(0..<1).contains($0) }) {
      throw .targetOutsideBeat(outside)
    }
    self.meter = meter
    self.accents = accents
    self.subdivision = subdivision
    self.swing = swing
    self.countInBars = countInBars
    self.countInStyle = countInStyle
    self.gapClick = gapClick
    self.speedTrainer = speedTrainer
    self.clickVolume = clickVolume
    self.subdivisionVolume = subdivisionVolume
    self.targets = targets.map { $0.sorted() }
    self.heldBeats = heldBeats
  }

  /// How far into its beat click `index` of the beat falls (0 is the beat itself).
  public func fraction(ofSubdivision index: Int) -> Double {
    precondition((0..<subdivision).contains(index), "a beat has \(subdivision) subdivisions")
    return subdivision == 2 && index == 1 ? swing : Double(index) / Double(subdivision)
  }
}

extension MetronomePattern {
  /// 4/4 with the downbeat accented and nothing else: what a metronome plays when switched on.
  public static let standard = try! MetronomePattern()
}
