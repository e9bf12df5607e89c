/// One clip of the onset evaluation, with its ground truth.
public struct EvaluationClip: Sendable {
  public enum Source: String, Sendable {
    case synthesized
    /// General MIDI instruments rendered by fluidsynth from the TimGM6mb soundfont.
    case rendered
  }

  public var name: String
  public var category: OnsetCategory
  public var source: Source
  public var condition: OnsetCondition
  public var sampleRate: Int
  public var samples: [Float]
  /// Frames where the played notes' sounds start; the clicks are not among them.
  public var truth: [Int]
  /// Frames at which metronome clicks are scheduled, as the app would announce them.
  public var clicks: [Int]
  /// The click sounds as the app would give them; empty when they are to be learned.
  public var clickSounds: [[Float]]

  public init(
    name: String, category: OnsetCategory, source: Source, condition: OnsetCondition,
    sampleRate: Int, samples: [Float], truth: [Int], clicks: [Int] = [], clickSounds: [[Float]] = []
  ) {
    self.name = name
    self.category = category
    self.source = source
    self.condition = condition
    self.sampleRate = sampleRate
    self.samples = samples
    self.truth = truth
    self.clicks = clicks
    self.clickSounds = clickSounds
  }

  public var duration: Double { Double(samples.count) / Double(sampleRate) }
  public var truthSeconds: [Double] { truth.map { Double($0) / Double(sampleRate) } }
}
