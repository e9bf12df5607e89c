/// The standard onset-detection score: a detection within `window` seconds of a true onset is a
/// hit; each true onset and each detection is matched at most once, closest pairs first.
public struct OnsetScore: Equatable, Sendable {
  public var truePositives: Int
  public var falsePositives: Int
  public var falseNegatives: Int
  /// Detected minus true time, in seconds, for every matched pair.
  public var timingErrors: [Double]

  public init(detected: [Double], truth: [Double], window: Double = 0.05) {
    var pairs: [(distance: Double, detected: Int, truth: Int)] = []
    var start = 0
    let sortedDetected = detected.sorted()
    let sortedTruth = truth.sorted()
    for (t, time) in sortedTruth.enumerated() {
      while start < sortedDetected.count, sortedDetected[start] < time - window { start += 1 }
      var d = start
      while d < sortedDetected.count, sortedDetected[d] <= time + window {
        pairs.append((abs(sortedDetected[d] - time), d, t))
        d += 1
      }
    }
    pairs.sort { $0.distance < $1.distance }
    var usedDetected = Set<Int>()
    var usedTruth = Set<Int>()
    var errors: [Double] = []
    for pair in pairs where !usedDetected.contains(pair.detected) && !usedTruth.contains(pair.truth)
    {
      usedDetected.insert(pair.detected)
      usedTruth.insert(pair.truth)
      errors.append(sortedDetected[pair.detected] - sortedTruth[pair.truth])
    }
    truePositives = errors.count
    falsePositives = sortedDetected.count - errors.count
    falseNegatives = sortedTruth.count - errors.count
    timingErrors = errors
  }

  public init(merging scores: [OnsetScore]) {
    truePositives = scores.reduce(0) { $0 + $1.truePositives }
    falsePositives = scores.reduce(0) { $0 + $1.falsePositives }
    falseNegatives = scores.reduce(0) { $0 + $1.falseNegatives }
    timingErrors = scores.flatMap(\.timingErrors)
  }

  public var precision: Double {
    truePositives + falsePositives == 0
      ? 1 : Double(truePositives) / Double(truePositives + falsePositives)
  }

  public var recall: Double {
    truePositives + falseNegatives == 0
      ? 1 : Double(truePositives) / Double(truePositives + falseNegatives)
  }

  public var fMeasure: Double {
    let denominator = 2 * truePositives + falsePositives + falseNegatives
    return denominator == 0 ? 1 : Double(2 * truePositives) / Double(denominator)
  }

  /// Median absolute timing error of the matched pairs, in seconds.
  public var medianAbsoluteError: Double {
    let sorted = timingErrors.map(abs).sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}
