/// Where a recorded sound starts: at its first sample within 30 dB of its peak. Earlier samples
/// are the recording's near-silent lead-in, which no listener would call the note.
enum SoundStart {
  private static let level: Float = 0.0316

  /// The sound's start, as an offset from the excerpt's first sample, and its peak.
  static func of(_ excerpt: ArraySlice<Float>) -> (start: Int, peak: Float) {
    let peak = excerpt.reduce(0) { max($0, abs($1)) }
    let start = excerpt.firstIndex { abs($0) >= peak * level } ?? excerpt.startIndex
    return (start - excerpt.startIndex, peak)
  }
}
