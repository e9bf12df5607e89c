extension [Float] {
  /// Sorts the first `count` values in place and returns their median. An insertion sort: the
  /// onset pickers' windows hold a few dozen values.
  mutating func sortedMedian(ofFirst count: Int) -> Float {
    for index in 1..<count {
      let value = self[index]
      var position = index
      while position > 0, self[position - 1] > value {
        self[position] = self[position - 1]
        position -= 1
      }
      self[position] = value
    }
    return count % 2 == 1 ? self[count / 2] : 0.5 * (self[count / 2 - 1] + self[count / 2])
  }
}
