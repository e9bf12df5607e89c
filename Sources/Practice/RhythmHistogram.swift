/// How the offsets of the matched hits spread: 20 bins of 10 ms from -100 ms to +100 ms, each
/// holding the offsets from its lower edge up to but not including its upper edge (bin 10 holds
/// 0 ms to 9.99 ms), and one bin each for everything earlier and everything later. A player
/// who rushes shows a heap left of the middle.
public struct RhythmHistogram: Equatable, Sendable {
  public static let lowest = -100.0
  public static let binWidth = 10.0
  public static let binCount = 20
  /// The upper edge of the last bin, +100 ms; an offset of exactly 100 ms is in `overflow`.
  public static var highest: Double { lowest + binWidth * Double(binCount) }

  /// `binCount` counts, earliest first.
  public let counts: [Int]
  /// Offsets earlier than `lowest`.
  public let underflow: Int
  /// Offsets of `highest` or later.
  public let overflow: Int

  /// Sorts `offsets` in milliseconds (negative when early) into the bins; NaN is left out.
  /// Each offset is first rounded to the microsecond, so that a hit 20 ms early, whose offset
  /// the subtraction of two times may leave at -20.000000000000018, is in the bin from -20 ms.
  public init(offsets: [Double]) {
    var counts = Array(repeating: 0, count: Self.binCount)
    var underflow = 0
    var overflow = 0
    for exact in offsets where !exact.isNaN {
      let offset = (exact * 1000).rounded() / 1000
      if offset < Self.lowest {
        underflow += 1
      } else if offset >= Self.highest {
        overflow += 1
      } else {
        counts[Int(((offset - Self.lowest) / Self.binWidth).rounded(.down))] += 1
      }
    }
    self.counts = counts
    self.underflow = underflow
    self.overflow = overflow
  }

  /// The offsets, in milliseconds, that bin `index` holds.
  public static func range(ofBin index: Int) -> Range<Double> {
    let start = lowest + binWidth * Double(index)
    return start..<(start + binWidth)
  }
}
