/// How high the onset function swung lately while nothing started. Vibrato and tremolo swing a
/// held note's bands by 10 dB or more several times a second (a violin's partials sweeping
/// through its body's resonances), and the flux takes some swings for notes. So a new onset must
/// rise above a share of the largest recent swing, unless the sound dipped just before it: a
/// note let go and played again has no swing to stand out from.
struct OnsetSwings {
  /// Swings this recent count: a vibrato cycle or two.
  static let memorySeconds = 0.3
  /// The onset function just before an onset and until this long after it is its attack, no
  /// swing; so is what a click adds.
  static let afterOnsetSeconds = 0.08
  static let framesBeforeOnset = 2
  /// The share of the largest swing an onset must rise above.
  static let share: Float = 0.3
  /// A dip: the level over the last 64 ms fell below half its highest over the 150 ms before.
  static let dipSeconds = 0.064
  static let beforeDipSeconds = 0.15
  static let dipRatio: Float = 0.5

  let afterOnset: Int
  private let dipFrames: Int
  private let beforeDipFrames: Int
  private var swings: [Float]
  private var levels: [Float]
  private var levelCount = 0

  init(hopSeconds: Double) {
    afterOnset = Int((Self.afterOnsetSeconds / hopSeconds).rounded())
    dipFrames = Int((Self.dipSeconds / hopSeconds).rounded())
    beforeDipFrames = Int((Self.beforeDipSeconds / hopSeconds).rounded())
    swings = [Float](repeating: 0, count: max(1, Int((Self.memorySeconds / hopSeconds).rounded())))
    levels = [Float](
      repeating: 0, count: dipFrames + beforeDipFrames + OnsetPeakPicker.lookAhead + 1)
  }

  /// Adds the sound's level at the next frame (the frames come one after another, as the onset
  /// function's values do).
  mutating func addLevel(_ level: Float) {
    levels[levelCount % levels.count] = level
    levelCount += 1
  }

  /// Adds the onset function's value at `frame`, once it is settled whether an onset lies near
  /// it: only a value away from onsets and clicks is a swing.
  mutating func settle(frame: Int, value: Float, isSwing: Bool) {
    swings[frame % swings.count] = isSwing ? value : 0
  }

  /// What an onset at `frame`, the picker's candidate, must rise by above its threshold.
  func allowance(at frame: Int) -> Float {
    let swing = Self.share * (swings.max() ?? 0)
    guard frame >= dipFrames + beforeDipFrames else { return swing }
    var low = Float.greatestFiniteMagnitude
    for index in (frame - dipFrames)..<frame { low = min(low, levels[index % levels.count]) }
    var high: Float = 0
    for index in (frame - dipFrames - beforeDipFrames)..<(frame - dipFrames) {
      high = max(high, levels[index % levels.count])
    }
    return low < Self.dipRatio * high ? 0 : swing
  }
}
