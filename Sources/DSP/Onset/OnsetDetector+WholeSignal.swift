extension OnsetDetector {
  /// The onsets of a whole recording. `clicks` are the frames at which metronome clicks sound in
  /// it; with no `clickTemplate`, the click's sound is learned from the recording at those frames.
  public static func onsets(
    in samples: [Float], sampleRate: Int, clicks: [Int] = [], profile: InstrumentProfile? = nil,
    clickTemplate: [Float]? = nil
  ) -> [Onset] {
    onsets(
      in: samples, sampleRate: sampleRate, clicks: clicks, profile: profile,
      clickTemplates: clickTemplate.map { [$0] } ?? [])
  }

  /// As above, for a metronome with several sounds, such as an accented and a plain click.
  public static func onsets(
    in samples: [Float], sampleRate: Int, clicks: [Int], profile: InstrumentProfile? = nil,
    clickTemplates: [[Float]]
  ) -> [Onset] {
    let detector = OnsetDetector(
      sampleRate: sampleRate, profile: profile, clickTemplates: clickTemplates)
    for click in clicks.sorted() { detector.expectClick(atFrame: click) }
    if clickTemplates.isEmpty, !clicks.isEmpty { detector.learnClicks(from: samples) }
    let found = samples.withUnsafeBufferPointer { detector.process($0) }
    return found + detector.finish()
  }
}
