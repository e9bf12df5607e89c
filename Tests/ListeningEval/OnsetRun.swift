import DSP

/// Woodshed's detector run on a clip as the app would run it: clicks announced with their sound
/// and whether nothing is played near them, click sounds given when the app would know them.
public enum OnsetRun {
  public static func woodshed(_ clip: EvaluationClip) -> [Double] {
    woodshedOnsets(clip).map { Double($0.frame) / Double(clip.sampleRate) }
  }

  /// Woodshed's onsets in `clip`, with their strengths: those of the partials' function alone
  /// are 1 and above.
  public static func woodshedOnsets(_ clip: EvaluationClip) -> [Onset] {
    let clicks = zip(clip.clicks, clip.clickSoundIndices).map { frame, sound in
      ExpectedClick(frame: frame, sound: sound, isAlone: clip.clicksAlone.contains(frame))
    }
    return OnsetDetector.onsets(
      in: clip.samples, sampleRate: clip.sampleRate, clicks: clicks,
      clickTemplates: clip.clickSounds)
  }

  public static func score(_ clip: EvaluationClip, detected: [Double]) -> OnsetScore {
    OnsetScore(detected: detected, truth: clip.truthSeconds)
  }
}
