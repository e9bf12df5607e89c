import Practice

/// How far rhythm grading by detected onsets agrees with grading by the true ones: the rhythm
/// trainer's grader, with its default windows, judges a performance's written notes once against
/// the notes' true onsets and once against the detected onsets.
public struct GradingAgreement: Sendable {
  /// A detected offset this close to the true one reads the same to the player.
  public static let offsetTolerance = 0.010

  public private(set) var notes = 0
  /// Notes that both gradings call hit, or both call missed.
  public private(set) var agreeing = 0
  /// Notes that both gradings call hit.
  public private(set) var bothHit = 0
  /// Of the notes both call hit, those whose offsets differ by `offsetTolerance` at most.
  public private(set) var closeOffsets = 0
  /// Written notes the player left out (`Performance.leftOut`).
  public private(set) var leftOut = 0
  /// Of those, the ones grading by the detected onsets calls hit.
  public private(set) var leftOutCalledHit = 0

  public init(clip: EvaluationClip, detected: [Double]) {
    let written = clip.performance.written
    let expected = written.map {
      RhythmGrader.ExpectedNote(time: $0.gridTime, windowBase: $0.writtenLength)
    }
    let grader = RhythmGrader()
    let byTruth = grader.grade(expected, hits: clip.truthSeconds).notes
    let byDetection = grader.grade(expected, hits: detected).notes
    let leftOutTimes = Set(clip.performance.leftOut.map(\.gridTime))
    for (note, (truth, detection)) in zip(written, zip(byTruth, byDetection)) {
      notes += 1
      if leftOutTimes.contains(note.gridTime) {
        leftOut += 1
        if detection.hit != nil { leftOutCalledHit += 1 }
      }
      if (truth.hit == nil) == (detection.hit == nil) { agreeing += 1 }
      guard let trueHit = truth.hit, let detectedHit = detection.hit else { continue }
      bothHit += 1
      if abs(detectedHit - trueHit) <= Self.offsetTolerance { closeOffsets += 1 }
    }
  }

  public init(merging agreements: [GradingAgreement]) {
    notes = agreements.reduce(0) { $0 + $1.notes }
    agreeing = agreements.reduce(0) { $0 + $1.agreeing }
    bothHit = agreements.reduce(0) { $0 + $1.bothHit }
    closeOffsets = agreements.reduce(0) { $0 + $1.closeOffsets }
    leftOut = agreements.reduce(0) { $0 + $1.leftOut }
    leftOutCalledHit = agreements.reduce(0) { $0 + $1.leftOutCalledHit }
  }

  /// The share of notes on whose being hit or missed both gradings agree.
  public var agreement: Double { notes == 0 ? 1 : Double(agreeing) / Double(notes) }

  /// The share of the notes left out that grading by the detected onsets calls hit: credit for
  /// a note never played.
  public var leftOutCalledHitShare: Double {
    leftOut == 0 ? 0 : Double(leftOutCalledHit) / Double(leftOut)
  }

  /// The share of notes both call hit whose detected offset is within the tolerance.
  public var closeOffsetShare: Double { bothHit == 0 ? 1 : Double(closeOffsets) / Double(bothHit) }
}
