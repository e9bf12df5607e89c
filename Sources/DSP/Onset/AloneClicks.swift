/// The clicks announced as alone (the count-in, a rest, a calibration), for the partials.
///
/// Nobody plays at an alone click: there the flux takes everything the windows gained as the
/// click's until the click's sound is learned, and the learned sound after. The partials know
/// only which bands a click fills, and a click with a pitched ring (a drumstick on a rim, a
/// woodblock) outlasts their two windows and reads as a note. So near an alone click only the
/// flux decides.
struct AloneClicks {
  /// A partials' onset is placed up to 45 ms before the middle of the window that found it
  /// (`PartialNovelty.placementLeadSeconds`), so one found in a click's first window is placed
  /// this far before the click...
  static let reachBeforeSeconds = 0.05
  /// ...and a click with its room's echoes lasts this long (`ClickLearner.longestClickSeconds`).
  static let reachAfterSeconds = ClickLearner.longestClickSeconds

  private let before: Int
  private let after: Int
  /// The frames of the alone clicks not yet passed, in order.
  private var frames: [Int] = []

  init(sampleRate: Int) {
    before = Int(Self.reachBeforeSeconds * Double(sampleRate))
    after = Int(Self.reachAfterSeconds * Double(sampleRate))
  }

  mutating func add(_ frame: Int) {
    frames.insert(frame, at: frames.firstIndex { $0 > frame } ?? frames.endIndex)
  }

  /// Whether an onset at `frame` lies within an alone click's reach. Frames asked about must
  /// not go back in time: clicks passed are forgotten.
  mutating func covers(_ frame: Int) -> Bool {
    while let first = frames.first, first + after < frame { frames.removeFirst() }
    return frames.contains { frame >= $0 - before && frame <= $0 + after }
  }
}
