/// How a note or rest is written: its shape and whether it is dotted. The widget gets plain
/// lengths in beats, so it works the written value back from them the way a copyist would:
/// inside a tuplet the written value is longer than the sounding one (three triplet eighths of
/// 1/3 beat each are written as eighths).
struct WrittenValue: Equatable, Sendable {
  /// Values shorter than a sixteenth are drawn as sixteenths: one beat's cell has no room to
  /// tell them apart anyway.
  enum Shape: Equatable, Sendable {
    case whole
    case half
    case quarter
    case eighth
    case sixteenth
  }

  var shape: Shape
  var isDotted: Bool

  /// The written value of an event `length` beats long in a beat written as `tuplet`.
  /// Lengths between two plain values (a tied 5/8) take the shorter shape, undotted.
  init(length: Double, tuplet: Int?) {
    let written = length * (tuplet.map(Self.writtenShare) ?? 1)
    let values: [(Shape, Double)] = [
      (.whole, 4), (.half, 2), (.quarter, 1), (.eighth, 0.5), (.sixteenth, 0.25),
    ]
    let (shape, base) = values.first { written >= $0.1 - .beatTolerance } ?? (.sixteenth, 0.25)
    self.shape = shape
    isDotted = abs(written - 1.5 * base) < .beatTolerance
  }

  /// Three notes in the time of two, five in the time of four: the tuplet's number over the
  /// power of two below it.
  private static func writtenShare(_ tuplet: Int) -> Double {
    var normal = 1
    while normal * 2 < tuplet { normal *= 2 }
    return Double(tuplet) / Double(normal)
  }

  /// The tuplet a beat with these event lengths is written in (3 for triplets, 5 for
  /// quintuplets), or nil when every length halves the beat evenly. It is the largest odd
  /// factor of the lengths' denominators.
  static func tuplet(of lengths: [Double]) -> Int? {
    let odd = lengths.map { oddPart(of: $0.beatDenominator) }.max() ?? 1
    return odd > 1 ? odd : nil
  }

  private static func oddPart(of number: Int) -> Int {
    var odd = number
    while odd > 1, odd % 2 == 0 { odd /= 2 }
    return odd
  }
}
