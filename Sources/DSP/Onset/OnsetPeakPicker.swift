/// Picks onsets from the onset function, frame by frame, a fixed two frames late: a frame is an
/// onset when it is the highest around it, stands above an adaptive threshold, and comes at
/// least the minimum interval after the previous onset.
///
/// The threshold is a small fixed offset plus the moving median plus a quarter of the moving
/// mean, over the last 50 ms and the look-ahead: the median follows a busy passage's level
/// without being pulled up by the onsets themselves, and the mean keeps a loud passage's
/// ringing from counting as new notes. Above it, an onset must stand out from the swings of a
/// held note's vibrato (`OnsetSwings`).
struct OnsetPeakPicker {
  /// Frames after a candidate that must be seen before deciding.
  static let lookAhead = 2
  static let historySeconds = 0.05
  /// Faster than anyone plays one instrument (25 notes a second), slower than the bursts of a
  /// single clap.
  static let minimumGapSeconds = 0.04
  /// Above what room noise alone reaches in the onset function, once it must persist.
  static let defaultOffset: Float = 0.002
  static let meanWeight: Float = 0.25
  /// A slow swell's onset function is a plateau rather than a peak, too flat for the peak rule
  /// and soon under a median that it raises itself: a rise held over this many frames above the
  /// threshold from before it is an onset at its first frame.
  static let sustainedFrames = 3
  /// Noise seldom holds a rise that long: a run needs only three quarters of the fixed offset.
  static let runRelief: Float = 0.25

  /// Frames.
  let minimumGap: Int
  private(set) var offset = Self.defaultOffset
  private var values: [Float]
  /// Whether a click sounded near each frame in `values`.
  private var nearClick: [Bool]
  private var swings: OnsetSwings
  private var window: [Float]
  private(set) var pushedCount = 0
  private var lastOnset: Int
  private var onsetBefore: Int
  private var run: Run?
  private var relief = Self.runRelief

  /// Frames in a row above the threshold from before them.
  private struct Run {
    var start: Int
    var threshold: Float
    var strength: Float
    var length: Int
    var picked = false
  }

  init(hopSeconds: Double) {
    let history = Int((Self.historySeconds / hopSeconds).rounded())
    minimumGap = Int((Self.minimumGapSeconds / hopSeconds).rounded())
    values = [Float](repeating: 0, count: history + 1 + Self.lookAhead)
    window = values
    nearClick = [Bool](repeating: false, count: values.count)
    swings = OnsetSwings(hopSeconds: hopSeconds)
    lastOnset = -minimumGap
    onsetBefore = lastOnset
  }

  /// The last onset picked proved no onset (a sound ending): it does not hold off the next.
  mutating func withdrawLast() { lastOnset = onsetBefore }

  /// An offset set from an instrument's profile stays above the room's loudest moments as
  /// heard in calibration: runs get no relief under it.
  mutating func setOffset(_ value: Float) {
    offset = value
    relief = 0
  }

  /// Adds the next frame's value, with the sound's level there and whether a click sounded near
  /// it; returns the frame `lookAhead` frames back when it is an onset, or the first frame of a
  /// sustained rise `sustainedFrames - 1` frames later.
  mutating func push(_ value: Float, level: Float, nearClick isNearClick: Bool) -> (
    frame: Int, strength: Float
  )? {
    values[pushedCount % values.count] = value
    nearClick[pushedCount % values.count] = isNearClick
    swings.addLevel(level)
    pushedCount += 1
    let candidate = pushedCount - 1 - Self.lookAhead
    guard candidate >= 1 else { return nil }
    let strength = values[candidate % values.count]
    var sum: Float = 0
    var count = 0
    var isPeak = true
    for frame in max(0, pushedCount - values.count)..<pushedCount {
      let other = values[frame % values.count]
      if frame < candidate, frame >= candidate - Self.lookAhead, other > strength { isPeak = false }
      if frame > candidate, other >= strength { isPeak = false }
      window[count] = other
      sum += other
      count += 1
    }
    // The frame before those the peak rule looks at is settled: whether an onset lies near it is
    // known.
    let settled = candidate - Self.lookAhead - 1
    if settled >= 0 {
      let nearOnset =
        settled >= lastOnset - OnsetSwings.framesBeforeOnset
        && settled <= lastOnset + swings.afterOnset
      swings.settle(
        frame: settled, value: values[settled % values.count],
        isSwing: !nearOnset && !nearClick[settled % values.count])
    }
    let threshold =
      offset + window.sortedMedian(ofFirst: count) + Self.meanWeight * sum / Float(count)
      + swings.allowance(at: candidate)
    // A run is judged against the threshold from before it began, as its own frames would
    // raise the median.
    if var current = run, strength > current.threshold {
      current.length += 1
      current.strength = max(current.strength, strength)
      run = current
    } else if strength > threshold - relief * offset {
      let runThreshold = threshold - relief * offset
      run = Run(start: candidate, threshold: runThreshold, strength: strength, length: 1)
    } else {
      run = nil
    }
    if isPeak, strength > threshold, candidate - lastOnset >= minimumGap {
      onsetBefore = lastOnset
      lastOnset = candidate
      run?.picked = true
      return (candidate, strength)
    }
    if let current = run, !current.picked, current.length >= Self.sustainedFrames,
      current.start - lastOnset >= minimumGap
    {
      onsetBefore = lastOnset
      lastOnset = current.start
      run?.picked = true
      return (current.start, current.strength)
    }
    return nil
  }
}
