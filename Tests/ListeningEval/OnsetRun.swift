import DSP

/// Woodshed's detector run on a clip as the app would run it: clicks announced, click sounds
/// given when the app would know them.
public enum OnsetRun {
  public static func woodshed(_ clip: EvaluationClip) -> [Double] {
    let onsets = OnsetDetector.onsets(
      in: clip.samples, sampleRate: clip.sampleRate, clicks: clip.clicks,
      clickTemplates: clip.clickSounds)
    return onsets.map { Double($0.frame) / Double(clip.sampleRate) }
  }

  public static func score(_ clip: EvaluationClip, detected: [Double]) -> OnsetScore {
    OnsetScore(detected: detected, truth: clip.truthSeconds)
  }
}
