import Glibc

/// The room's noise level in each band: the quietest the band has been, smoothed over a few
/// frames, over the last second (minimum statistics, kept as four quarter-second stretches). It
/// follows a room that gets louder within about a second, yet a note held for less than that
/// never counts as noise.
struct RoomNoiseFloor {
  static let smoothingSeconds = 0.03
  static let stretchSeconds = 0.25
  static let stretches = 4

  private(set) var level: [Float]
  private var smoothed: [Float]
  private var quietestInStretch: [Float]
  private var quietestInStretches: [[Float]]
  private var stretch = 0
  private var framesInStretch = 0
  private var started = false
  private let framesPerStretch: Int
  private let smoothing: Float

  init(bandCount: Int, hopSeconds: Double) {
    level = [Float](repeating: 0, count: bandCount)
    smoothed = level
    quietestInStretch = [Float](repeating: .greatestFiniteMagnitude, count: bandCount)
    quietestInStretches = Array(repeating: quietestInStretch, count: Self.stretches)
    framesPerStretch = max(1, Int((Self.stretchSeconds / hopSeconds).rounded()))
    smoothing = Float(1 - exp(-hopSeconds / Self.smoothingSeconds))
  }

  /// Adds a frame's bands, `bands[first..<first + level.count]`.
  mutating func add(_ bands: [Float], from first: Int) {
    for band in level.indices {
      let magnitude = bands[first + band]
      smoothed[band] =
        started ? smoothed[band] + smoothing * (magnitude - smoothed[band]) : magnitude
      quietestInStretch[band] = min(quietestInStretch[band], smoothed[band])
    }
    started = true
    if framesInStretch == 0 { closeStretch() }
    framesInStretch = (framesInStretch + 1) % framesPerStretch
  }

  private mutating func closeStretch() {
    swap(&quietestInStretches[stretch], &quietestInStretch)
    stretch = (stretch + 1) % quietestInStretches.count
    for band in level.indices {
      var quietest = Float.greatestFiniteMagnitude
      for stretch in quietestInStretches { quietest = min(quietest, stretch[band]) }
      level[band] = quietest
      quietestInStretch[band] = .greatestFiniteMagnitude
    }
  }
}
