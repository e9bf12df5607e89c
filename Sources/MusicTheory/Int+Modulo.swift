extension Int {
  /// The remainder that is never negative, so letters, pitch classes and octaves wrap correctly
  /// below zero (Swift's `%` keeps the sign of the dividend).
  func modulo(_ divisor: Int) -> Int {
    let remainder = self % divisor
    return remainder < 0 ? remainder + divisor : remainder
  }

  /// The quotient rounded toward negative infinity, the counterpart of `modulo(_:)`.
  func floorDivided(by divisor: Int) -> Int {
    (self - modulo(divisor)) / divisor
  }
}
