extension OnsetDetector {
  /// The onsets of a whole recording. `clicks` are the frames at which metronome clicks sound in
  /// it, and `clickTemplates` the metronome's sounds, such as an accented and a plain click;
  /// with none, the click's sound is learned from the recording at those frames.
  public static func onsets(
    in samples: [Float], sampleRate: Int, clicks: [Int] = [], profile: InstrumentProfile? = nil,
    clickTemplates: [[Float]] = []
  ) -> [Onset] {
    let detector = OnsetDetector(
      sampleRate: sampleRate, profile: profile, clickTemplates: clickTemplates)
    for click in clicks.sorted() { detector.expectClick(atFrame: click) }
    if clickTemplates.isEmpty, !clicks.isEmpty { detector.learnClicks(from: samples) }
    let found = samples.withUnsafeBufferPointer { detector.process($0) }
    return found + detector.finish()
  }
}
