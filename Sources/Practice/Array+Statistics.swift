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

  /// The middle value, or the mean of the two middle ones; nil for no values.
  var median: Double? {
    guard !isEmpty else { return nil }
    let sorted = self.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// The standard deviation read from the median absolute deviation (times 1.4826, which
  /// makes the two equal for normally spread values): a value or two far from the rest, such
  /// as a tap the player let slip, barely move it. Nil for no values.
  var robustStandardDeviation: Double? {
    guard let median else { return nil }
    return map { abs($0 - median) }.median.map { $0 * 1.4826 }
  }
}
