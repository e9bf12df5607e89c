/// Sums over frames, eight lanes at a time. A plain loop adding into one variable waits for
/// each addition to finish before starting the next, because the compiler may not reorder
/// floating-point sums; eight independent lanes keep the processor busy.
extension UnsafeBufferPointer<Float> {
  func sum() -> Float {
    var lanes = SIMD8<Float>()
    var index = 0
    while index + 8 <= count {
      lanes += eight(from: index)
      index += 8
    }
    return lanes.sum() + self[index...].reduce(0, +)
  }

  func sumOfSquares() -> Float {
    dot(self)
  }

  /// Σ self[i] × other[i] over the shorter of the two.
  func dot(_ other: UnsafeBufferPointer<Float>) -> Float {
    let count = Swift.min(self.count, other.count)
    var lanes = SIMD8<Float>()
    var index = 0
    while index + 8 <= count {
      lanes += eight(from: index) * other.eight(from: index)
      index += 8
    }
    return lanes.sum() + (index..<count).reduce(0) { $0 + self[$1] * other[$1] }
  }

  private func eight(from index: Int) -> SIMD8<Float> {
    UnsafeRawPointer(baseAddress! + index).loadUnaligned(as: SIMD8<Float>.self)
  }
}
