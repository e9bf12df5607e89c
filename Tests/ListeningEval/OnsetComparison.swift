/// Scores of several onset detectors on the same clips, grouped the ways the README reports
/// them.
public struct OnsetComparison: Sendable {
  public struct Entry: Sendable {
    public var clip: EvaluationClip
    /// One score per detector, in the order of `OnsetComparison.detectors`.
    public var scores: [OnsetScore]
  }

  public var detectors: [String]
  public var entries: [Entry]

  /// Runs woodshed on every clip, and each aubio method when aubio is installed.
  public static func run(on clips: [EvaluationClip], withAubio: Bool) -> OnsetComparison {
    let methods = withAubio && Aubio.isAvailable ? Aubio.Method.allCases : []
    let entries = clips.map { clip in
      var scores = [OnsetRun.score(clip, detected: OnsetRun.woodshed(clip))]
      for method in methods {
        scores.append(OnsetRun.score(clip, detected: Aubio.onsets(of: clip, method: method) ?? []))
      }
      return Entry(clip: clip, scores: scores)
    }
    return OnsetComparison(
      detectors: ["woodshed"] + methods.map { "aubio \($0.rawValue)" }, entries: entries)
  }

  /// Each detector's score over the clips that pass `filter`, merged.
  public func scores(where filter: (EvaluationClip) -> Bool) -> [OnsetScore] {
    let chosen = entries.filter { filter($0.clip) }
    return detectors.indices.map { detector in
      OnsetScore(merging: chosen.map { $0.scores[detector] })
    }
  }
}
