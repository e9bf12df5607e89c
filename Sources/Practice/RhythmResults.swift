/// What a graded line comes to: each note's grade and hit, the hits that matched no note, and
/// the figures shown after a run.
public struct RhythmResults: Equatable, Sendable {
  public struct NoteResult: Equatable, Sendable {
    /// When the note should have been played, in seconds.
    public let expected: Double
    /// The hit matched to the note; nil exactly when the grade is `miss`.
    public let hit: Double?
    public let grade: RhythmGrade

    public init(expected: Double, hit: Double?, grade: RhythmGrade) {
      self.expected = expected
      self.hit = hit
      self.grade = grade
    }

    /// How far the hit was from the note, in milliseconds: negative when early.
    public var offsetMilliseconds: Double? {
      hit.map { ($0 - expected) * 1000 }
    }
  }

  /// In the order of the notes graded, so they line up with `RhythmLine.notes`.
  public let notes: [NoteResult]
  /// The hits matched to no note, in time order, in seconds.
  public let extraHits: [Double]

  public init(notes: [NoteResult], extraHits: [Double]) {
    self.notes = notes
    self.extraHits = extraHits
  }

  /// The notes graded `grade`; `.miss` counts the missed notes.
  public func count(of grade: RhythmGrade) -> Int {
    notes.count(where: { $0.grade == grade })
  }

  public var extraCount: Int { extraHits.count }

  /// 100 × (perfect + good) / (perfect + good + missed + extra): perfect and good hits raise
  /// it, missed notes and extra hits lower it, and inaccurate hits count on neither side, so
  /// they neither raise nor lower it. 0 when there is nothing to count.
  public var accuracy: Double {
    let hits = count(of: .perfect) + count(of: .good)
    let total = hits + count(of: .miss) + extraCount
    return total == 0 ? 0 : 100 * Double(hits) / Double(total)
  }

  /// The offsets of the matched hits, in milliseconds, in note order.
  private var offsets: [Double] { notes.compactMap(\.offsetMilliseconds) }

  /// The mean offset of the matched hits in milliseconds: negative when rushing, positive when
  /// dragging. Nil without a matched hit.
  public var meanOffsetMilliseconds: Double? {
    offsets.mean
  }

  /// How much the matched hits' offsets vary, as their standard deviation in milliseconds (of
  /// the hits themselves, not an estimate for a larger sample). Nil without a matched hit.
  public var spreadMilliseconds: Double? {
    offsets.standardDeviation
  }

  public var histogram: RhythmHistogram { RhythmHistogram(offsets: offsets) }

  /// Whether the hits lean early or late as a whole, or sit on the beat.
  public enum Tendency: Equatable, Sendable {
    case early
    case steady
    case late
  }

  /// Below this a lean is not heard, however steady the player.
  public static let audibleLeanMilliseconds = 10.0

  /// Rushing or dragging only when the mean offset is beyond both the hits' own spread and
  /// what can be heard: a few milliseconds late within a 20 ms spread is on the beat.
  public var tendency: Tendency? {
    guard let mean = meanOffsetMilliseconds, let spread = spreadMilliseconds else { return nil }
    guard abs(mean) > max(spread, Self.audibleLeanMilliseconds) else { return .steady }
    return mean > 0 ? .late : .early
  }
}
