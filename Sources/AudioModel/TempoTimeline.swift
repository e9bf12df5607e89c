/// Where each beat falls on the output's sample clock, through any number of tempo changes.
///
/// Every frame is computed from the beat number in one step, never by adding beat lengths, so
/// rounding cannot pile up: after ten hours beat `k` is exactly where the closed form puts it.
/// A tempo change starts a new segment on a beat boundary, and that segment's first frame is
/// where the old tempo put the boundary, so changing tempo never moves a beat already placed.
public struct TempoTimeline: Equatable, Sendable {
  /// A stretch of constant tempo starting at beat `startBeat`, which falls on `startFrame`.
  public struct Segment: Equatable, Sendable {
    public let startFrame: Int64
    public let startBeat: Int64
    public let bpm: Double

    public init(startFrame: Int64, startBeat: Int64, bpm: Double) {
      self.startFrame = startFrame
      self.startBeat = startBeat
      self.bpm = bpm
    }
  }

  public static let bpmRange: ClosedRange<Double> = 20...300

  public let sampleRate: Int
  /// Ordered by `startBeat`; never empty.
  public private(set) var segments: [Segment]

  /// A timeline whose beat 0 falls on `startFrame`.
  public init(bpm: Double, sampleRate: Int, startFrame: Int64 = 0) throws(MetronomeError) {
    try Self.validate(bpm: bpm)
    precondition(sampleRate > 0, "sample rate must be positive")
    self.sampleRate = sampleRate
    // Room for the segment in force and the next one, so a scheduler that drops history
    // changes tempo on the audio thread without allocating.
    segments = []
    segments.reserveCapacity(4)
    segments.append(Segment(startFrame: startFrame, startBeat: 0, bpm: bpm))
  }

  public static func validate(bpm: Double) throws(MetronomeError) {
    guard bpmRange.contains(bpm) else { throw .tempoOutOfRange(bpm) }
  }

  /// The segment in force at beat `k`; beats before the first segment use the first one.
  public func segment(containingBeat k: Int64) -> Segment {
    segments.last { $0.startBeat <= k } ?? segments[0]
  }

  public func bpm(atBeat k: Int64) -> Double {
    segment(containingBeat: k).bpm
  }

  public func frame(ofBeat k: Int64) -> Int64 {
    frame(ofBeat: k, fraction: 0)
  }

  /// The frame of a point `fraction` (0 ..< 1) of the way through beat `k`, for subdivisions and
  /// swing. The whole beat uses the tempo in force at its start, because tempo changes only
  /// happen on beat boundaries.
  public func frame(ofBeat k: Int64, fraction: Double) -> Int64 {
    let segment = segment(containingBeat: k)
    // Beat count times 60·rate is an exact integer in a Double for any practical run, so the
    // division below is the only rounding before the final one.
    let beats = Double(k - segment.startBeat) + fraction
    let frames = beats * 60 * Double(sampleRate) / segment.bpm
    return segment.startFrame + Int64(frames.rounded())
  }

  /// This timeline with the tempo changed to `bpm` from beat `beat` on. Later changes are
  /// dropped, because they were planned against the old tempo.
  public func changingTempo(to bpm: Double, atBeat beat: Int64) throws(MetronomeError)
    -> TempoTimeline
  {
    var changed = self
    try changed.changeTempo(to: bpm, atBeat: beat)
    return changed
  }

  public mutating func changeTempo(to bpm: Double, atBeat beat: Int64) throws(MetronomeError) {
    try Self.validate(bpm: bpm)
    precondition(beat >= segments[0].startBeat, "a tempo change cannot precede the timeline")
    let startFrame = frame(ofBeat: beat)
    segments.removeAll { $0.startBeat >= beat }
    segments.append(Segment(startFrame: startFrame, startBeat: beat, bpm: bpm))
  }

  /// Drops segments that end at or before `beat`, so a run of hours that never looks back keeps
  /// a timeline of one or two segments. Frames of earlier beats are then extrapolated.
  public mutating func discardSegments(before beat: Int64) {
    guard let kept = segments.lastIndex(where: { $0.startBeat <= beat }), kept > 0 else { return }
    segments.removeSubrange(0..<kept)
  }
}
