extension Array where Element == Double {
  /// The arithmetic mean; nil for no values.
  var mean: Double? {
    isEmpty ? nil : reduce(0, +) / Double(count)
  }

  /// The standard deviation of the values themselves (not an estimate for a larger sample);
  /// nil for no values.
  var standardDeviation: Double? {
    guard let mean else { return nil }
    return (map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(count)).squareRoot()
  }
}
