extension OnsetDetector {
  /// The onsets of a whole recording, with metronome clicks sounding in it at `clicks`; each
  /// click's sound is learned from the recording before any onset is decided.
  public static func onsets(
    in samples: [Float], sampleRate: Int, clicks: [ExpectedClick] = [],
    profile: InstrumentProfile? = nil, clickTemplates: [[Float]] = []
  ) -> [Onset] {
    let detector = OnsetDetector(
      sampleRate: sampleRate, profile: profile, clickTemplates: clickTemplates)
    for click in clicks.sorted(by: { $0.frame < $1.frame }) {
      detector.expectClick(atFrame: click.frame, sound: click.sound, isAlone: click.isAlone)
    }
    if !clicks.isEmpty { detector.learnClicks(from: samples) }
    let found = samples.withUnsafeBufferPointer { detector.process($0) }
    return found + detector.finish()
  }

  /// How the clicks at `clicks`, all alone and of sounds among `clickTemplates`, reached the
  /// microphone in a recording; nil when none of them was of a sound given.
  public static func clickPath(
    in samples: [Float], sampleRate: Int, clicks: [ExpectedClick], clickTemplates: [[Float]]
  ) -> ClickPath? {
    let detector = OnsetDetector(sampleRate: sampleRate, clickTemplates: clickTemplates)
    for click in clicks.sorted(by: { $0.frame < $1.frame }) {
      detector.expectClick(atFrame: click.frame, sound: click.sound, isAlone: true)
    }
    detector.learnClicks(from: samples)
    return detector.clickPath
  }
}
