import Glibc

/// Tells a note that goes on from a note that starts, for the onsets the partials find: a bowed,
/// blown or sung note often brightens as it swells, its upper partials coming in tens of
/// milliseconds after its fundamental, and those new partials look like a new note. A new note
/// has a new pitch, or starts after a silence or a dip; a note that goes on has the pitch it had
/// just before, and is no quieter than it was.
///
/// The pitch before and after are each read from one window of `windowSeconds` by the
/// normalised square difference (as the pitch detector does): before, ending `gapSeconds` before
/// the found start, and after, starting `delaySeconds` after it, as a partials' onset is placed
/// within a few tens of milliseconds.
struct NoteContinuation {
  static let windowSeconds = 0.04
  static let gapSeconds = 0.03
  static let delaySeconds = 0.07
  /// Both windows must repeat this clearly for their pitches to be compared.
  static let clearness = 0.8
  /// Pitches closer than this, in octaves (half a semitone), are the same note.
  static let sameNote = 1.0 / 24
  /// The lowest note followed: below a cello's C.
  static let lowestFrequency = 55.0
  static let highestFrequency = 2_000.0

  /// Samples before a found start that `goesOn` reads.
  let lookBack: Int
  private let windowLength: Int
  private let gap: Int
  private let delay: Int
  private let shortestLag: Int
  private let difference: NormalizedSquareDifference
  private var window: [Float]

  init(sampleRate: Int) {
    let rate = Double(sampleRate)
    windowLength = Int(rate * Self.windowSeconds)
    gap = Int(rate * Self.gapSeconds)
    delay = Int(rate * Self.delaySeconds)
    shortestLag = max(2, Int(rate / Self.highestFrequency))
    let longestLag = max(shortestLag + 1, Int(rate / Self.lowestFrequency))
    difference = NormalizedSquareDifference(
      frameLength: windowLength, maximumLag: min(windowLength - 1, longestLag))
    window = [Float](repeating: 0, count: windowLength)
    lookBack = gap + windowLength
  }

  /// Whether the sound from `start` on is the note that sounded just before it, going on: the
  /// same clear pitch, and no quieter.
  mutating func goesOn(at start: Int, in history: SampleHistory, upTo end: Int) -> Bool {
    guard let before = pitch(from: start - lookBack, in: history),
      let after = pitch(from: min(start + delay, end - windowLength), in: history)
    else { return false }
    return abs(log2(after.lag / before.lag)) < Self.sameNote && after.energy >= before.energy
  }

  /// The period, in samples, of the window from `first`, and its energy; nil when it does not
  /// repeat clearly.
  private mutating func pitch(from first: Int, in history: SampleHistory) -> (
    lag: Double, energy: Float
  )? {
    window.withUnsafeMutableBufferPointer { history.copy(from: first, into: $0) }
    let energy = window.withUnsafeBufferPointer { $0.sumOfSquares() }
    guard energy > 0 else { return nil }
    window.withUnsafeBufferPointer { difference.compute($0) }
    guard let period = difference.bestPeriod(shortestLag: shortestLag, threshold: 0.9),
      period.clarity >= Self.clearness
    else { return nil }
    return (period.lag, energy)
  }
}
