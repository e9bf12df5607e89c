/// Picks onsets from `PartialNovelty`, frame by frame, `lookAhead` frames late: a frame is an
/// onset when it is the highest within two frames either side and stands above a fixed
/// threshold plus a multiple of the median over the last 100 ms, and comes at least 80 ms after
/// the last one (a slow attack's partials keep arriving for a while).
struct PartialOnsetPicker {
  static let lookAhead = 2
  static let historyFrames = 20
  /// Partials' log levels rising by this much in all: a new note, such as five partials each
  /// rising 2 dB above anything near them lately.
  static let threshold: Float = 1
  static let medianWeight: Float = 1.5
  static let minimumGapSeconds = 0.08

  private let minimumGap: Int
  private var values: [Float]
  private var sorted: [Float]
  /// The number of the first frame pushed; the others follow it one by one.
  private var firstFrame: Int?
  private var count = 0
  private var lastOnset: Int

  init(hopSeconds: Double) {
    minimumGap = Int((Self.minimumGapSeconds / hopSeconds).rounded())
    values = [Float](repeating: 0, count: Self.historyFrames + 1 + Self.lookAhead)
    sorted = values
    lastOnset = -minimumGap
  }

  /// Adds the value of frame `frame` (frames come one after another); returns the frame
  /// `lookAhead` frames back, with its value, when it is an onset.
  mutating func push(frame: Int, value: Float) -> (frame: Int, strength: Float)? {
    if firstFrame == nil { firstFrame = frame }
    values[count % values.count] = value
    count += 1
    let candidate = count - 1 - Self.lookAhead
    guard candidate >= Self.lookAhead else { return nil }
    let strength = values[candidate % values.count]
    let kept = min(count, values.count)
    for index in 0..<kept { sorted[index] = values[(count - kept + index) % values.count] }
    let threshold = Self.threshold + Self.medianWeight * sorted.sortedMedian(ofFirst: kept)
    guard strength > threshold else { return nil }
    let frame = firstFrame! + candidate
    guard frame - lastOnset >= minimumGap else { return nil }
    for other in (candidate - Self.lookAhead)...(count - 1) where other != candidate {
      if values[other % values.count] > strength { return nil }
    }
    lastOnset = frame
    return (frame, strength)
  }
}
