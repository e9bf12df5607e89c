extension Array {
  /// An element drawn with the relative chance of its weight, one weight per element, all
  /// positive: how the items missed lately come back more often.
  public func randomElement(
    weights: [Double], using random: inout some RandomNumberGenerator
  ) -> Element {
    precondition(!isEmpty && weights.count == count, "a weight for each of some elements")
    var draw = Double.random(in: 0..<weights.reduce(0, +), using: &random)
    for (element, weight) in zip(self, weights) {
      if draw < weight { return element }
      draw -= weight
    }
    return self[count - 1]
  }
}
