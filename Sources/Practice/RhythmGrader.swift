/// Grades a played line: matches the hits to the notes expected and judges each match by the
/// windows. Pure: times come in as seconds on any one clock, and nothing is read from a clock.
///
/// The matching is the best over the whole line, not made hit by hit, so one stray or early hit
/// never shifts the judgement of the notes after it. It keeps the order of both (a later hit
/// never goes to an earlier note), matches a hit only to a note whose inaccurate window holds
/// it, and among all such matchings takes the one that, in turn:
/// 1. leaves the fewest missed notes plus extra hits, that is matches the most hits;
/// 2. has the most perfect and good hits together (the highest accuracy);
/// 3. has the most perfect hits;
/// 4. has the smallest sum of distances from the notes, counted in whole microseconds so that
///    rounding in the times cannot decide;
/// 5. on a complete tie, matches the earlier note and the earlier hit, leaving the later one
///    missed or extra.
/// So a double hit on one note leaves the better of the two hits on the note; the other becomes
/// the next note's early hit if it lies in that note's window, and an extra hit if not.
public struct RhythmGrader: Equatable, Sendable {
  /// A note to be played: when, in seconds, and its window base (the written length, see
  /// `RhythmLine.notes`) in seconds.
  public struct ExpectedNote: Equatable, Sendable {
    public var time: Double
    public var windowBase: Double

    public init(time: Double, windowBase: Double) {
      self.time = time
      self.windowBase = windowBase
    }
  }

  public var windows: RhythmWindows

  public init(windows: RhythmWindows = .relative) {
    self.windows = windows
  }

  /// Grades `hits` against `line` played at `bpm` with its beat 0 at `firstBeat`; all times in
  /// seconds on one clock. Only the line is judged: a hit before its first beat and the first
  /// note's window (tapping along the count-in) or after its end is no extra hit.
  public func grade(_ line: RhythmLine, firstBeat: Double, bpm: Double, hits: [Double])
    -> RhythmResults
  {
    let notes = line.expectedNotes(firstBeat: firstBeat, bpm: bpm)
    let results = grade(notes, hits: hits)
    let start = min(
      firstBeat,
      notes.first.map { $0.time - windows.limit(windows.inaccurate, windowBase: $0.windowBase) }
        ?? firstBeat)
    let end = firstBeat + Double(line.beatCount) * 60 / bpm
    return RhythmResults(
      notes: results.notes, extraHits: results.extraHits.filter { $0 >= start && $0 < end })
  }

  /// Grades `hits`, in any order, against `notes` in time order. Takes time and memory in
  /// proportion to notes × hits. A hit time that is not a finite number is left out.
  public func grade(_ notes: [ExpectedNote], hits: [Double]) -> RhythmResults {
    let hits = hits.filter(\.isFinite).sorted()
    let width = hits.count + 1
    // steps[i * width + j] is how the best matching of the first i notes with the first j hits
    // ends; only two rows of scores are kept.
    var steps = Array(repeating: Step.extraHit, count: (notes.count + 1) * width)
    var previous = (0...hits.count).map { _ in Score.zero }
    for i in 0...notes.count {
      var current = previous
      for j in 0...hits.count where i > 0 || j > 0 {
        // Considered in the order of rule 5; a later choice must be strictly better.
        var (best, step) = i > 0 ? (previous[j], Step.missNote) : (current[j - 1], .extraHit)
        if i > 0, j > 0, current[j - 1] > best {
          (best, step) = (current[j - 1], .extraHit)
        }
        if i > 0, j > 0 {
          let offset = hits[j - 1] - notes[i - 1].time
          if let grade = windows.grade(offset: offset, windowBase: notes[i - 1].windowBase) {
            let matched = previous[j - 1].adding(grade, offset: offset)
            if matched > best { (best, step) = (matched, .match(grade)) }
          }
        }
        current[j] = best
        steps[i * width + j] = step
      }
      previous = current
    }
    return results(notes: notes, hits: hits, steps: steps)
  }

  /// Follows the steps back from the whole line to read off the matching.
  private func results(notes: [ExpectedNote], hits: [Double], steps: [Step]) -> RhythmResults {
    var graded = Array(repeating: (hit: Double?.none, grade: RhythmGrade.miss), count: notes.count)
    var extraHits: [Double] = []
    var (i, j) = (notes.count, hits.count)
    while i > 0 || j > 0 {
      switch steps[i * (hits.count + 1) + j] {
      case .missNote:
        i -= 1
      case .extraHit:
        j -= 1
        extraHits.append(hits[j])
      case .match(let grade):
        i -= 1
        j -= 1
        graded[i] = (hits[j], grade)
      }
    }
    return RhythmResults(
      notes: zip(notes, graded).map {
        RhythmResults.NoteResult(expected: $0.time, hit: $1.hit, grade: $1.grade)
      },
      extraHits: extraHits.reversed())
  }

  private enum Step {
    case missNote
    case extraHit
    case match(RhythmGrade)
  }

  /// How good a partial matching is; greater is better, by rules 1 to 4.
  private struct Score: Comparable {
    var matched = 0
    var goodOrBetter = 0
    var perfect = 0
    /// Whole microseconds, added up exactly in a Double (to 2^53 µs) however far off a hit is.
    var microseconds = 0.0

    static let zero = Score()

    func adding(_ grade: RhythmGrade, offset: Double) -> Score {
      var score = self
      score.matched += 1
      if grade == .perfect || grade == .good { score.goodOrBetter += 1 }
      if grade == .perfect { score.perfect += 1 }
      score.microseconds += (abs(offset) * 1_000_000).rounded()
      return score
    }

    static func < (left: Score, right: Score) -> Bool {
      (left.matched, left.goodOrBetter, left.perfect, right.microseconds)
        < (right.matched, right.goodOrBetter, right.perfect, left.microseconds)
    }
  }
}
