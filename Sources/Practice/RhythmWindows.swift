/// How far from a note a hit may land for each grade, early and late alike. The widest window
/// is the inaccurate one; a hit outside it cannot be matched to the note at all.
///
/// A window is a share of the note's window base (its written length, see `RhythmLine.notes`)
/// or a fixed time. Either way no window is wider than `widestShare` of the base, so the windows
/// of two even notes meet at most halfway between them: however fast the notes, one hit never
/// fits both. (Before a longer note the longer note's early window does reach back; the
/// grader's matching decides such hits.) The base is at most a beat (`RhythmLine` caps it), so
/// a half or whole note is judged on its onset as a quarter is.
public struct RhythmWindows: Hashable, Sendable {
  public enum Width: Hashable, Sendable {
    /// This share of the note's window base: 0.15 is 15 %.
    case share(Double)
    case seconds(Double)
  }

  /// Half the window base: a hit further away is nearer another event than its note.
  public static let widestShare = 0.5

  /// The default: windows grow with the note, 15 % of its length for perfect, 30 % for good and
  /// 50 % for inaccurate, so a quarter note at a slow tempo is not judged like a sixteenth.
  public static let relative = RhythmWindows(
    perfect: .share(0.15), good: .share(0.30), inaccurate: .share(widestShare))
  /// Fixed windows for the practised player: 20 ms for perfect, 40 ms for good, 80 ms for
  /// inaccurate, narrowed to half the window base for notes shorter than 160 ms.
  public static let strict = RhythmWindows(
    perfect: .seconds(0.020), good: .seconds(0.040), inaccurate: .seconds(0.080))

  /// Floating-point slack on every edge, a nanosecond, so a hit exactly on an edge counts inside
  /// whatever rounding the subtraction of two times did.
  static let slack = 1e-9

  public var perfect: Width
  public var good: Width
  public var inaccurate: Width
  /// No window reaches less far than this, in seconds: what the hits' path can tell apart (a
  /// key path over a network wobbles; a tap exactly on the note arrives anywhere within it).
  public var finest: Double

  public init(perfect: Width, good: Width, inaccurate: Width, finest: Double = 0) {
    self.perfect = perfect
    self.good = good
    self.inaccurate = inaccurate
    self.finest = finest
  }

  /// These windows, none finer than `seconds`.
  public func resolving(_ seconds: Double) -> RhythmWindows {
    var windows = self
    windows.finest = max(finest, seconds)
    return windows
  }

  /// The grade of a hit `offset` seconds from its note (negative when early), on the edge
  /// included; nil outside the inaccurate window, where the hit cannot be that note's.
  public func grade(offset: Double, windowBase: Double) -> RhythmGrade? {
    func holds(_ width: Width) -> Bool {
      abs(offset) <= limit(width, windowBase: windowBase) + Self.slack
    }
    if holds(perfect) { return .perfect }
    if holds(good) { return .good }
    if holds(inaccurate) { return .inaccurate }
    return nil
  }

  /// How far a window reaches on each side of a note with this window base, in seconds.
  public func limit(_ width: Width, windowBase: Double) -> Double {
    let widest = Self.widestShare * windowBase
    switch width {
    case .share(let share): return min(max(share * windowBase, finest), widest)
    case .seconds(let seconds): return min(max(seconds, finest), widest)
    }
  }
}
