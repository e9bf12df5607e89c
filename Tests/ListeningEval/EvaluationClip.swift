/// One clip of the onset evaluation, with its ground truth.
public struct EvaluationClip: Sendable {
  /// Where the clip's sounds come from; each source belongs to one part of the evaluation.
  public enum Source: String, CaseIterable, Sendable {
    case synthesized
    /// General MIDI instruments rendered by fluidsynth from the TimGM6mb soundfont.
    case timGM6mb = "TimGM6mb"
    /// Bowed, blown and sung General MIDI instruments rendered from the FluidR3 GM soundfont:
    /// only those whose recordings MuseScore's General does not play for the held-out part.
    case fluidR3GM = "FluidR3 GM"
    /// Bowed, blown and sung instruments played by timidity from Debian's freepats.
    case freepats
    /// Bowed, blown and sung notes recorded for Debian's lmms-common, played as a sampler.
    case lmms = "LMMS"
    /// General MIDI instruments rendered by fluidsynth from MuseScore's General soundfont.
    case museScoreGeneral = "MuseScore General"
    /// Recorded drum kits from Debian's hydrogen-drumkits.
    case forzeeStereo = "ForzeeStereo"
    case gimmeAHand = "Gimme A Hand"
    case blackPearl = "The Black Pearl"
    case circAfrique = "circAfrique"
    /// TimGM6mb's voices sung as a section (`Treatment.ensemble`), as MuseScore's held-out
    /// choir was recorded.
    case sections = "TimGM6mb section"

    public var part: EvaluationPart {
      switch self {
      case .synthesized, .timGM6mb, .fluidR3GM, .freepats, .lmms, .forzeeStereo, .circAfrique,
        .sections:
        .tuning
      case .museScoreGeneral, .gimmeAHand, .blackPearl: .heldOut
      }
    }
  }

  public var name: String
  public var category: OnsetCategory
  public var source: Source
  public var condition: OnsetCondition
  /// The performance played, for grading the onsets against its written notes.
  public var performance: Performance
  public var sampleRate: Int
  public var samples: [Float]
  /// Frames where the played notes' sounds start, in the order of the performance's notes; the
  /// clicks are not among them.
  public var truth: [Int]
  /// Frames at which metronome clicks are scheduled, as the app would announce them; empty when
  /// the detector is given no schedule.
  public var clicks: [Int]
  /// The scheduled frames near which nothing is played: the count-in's clicks, and clicks on a
  /// rest with no note starting within `aloneDistance`. Where the click sounds, it sounds alone
  /// there, so a detector may learn its bleed from them.
  public var clicksAlone: Set<Int>
  /// Each scheduled click's sound: its place in `clickSounds` when they are given (the app's
  /// `ClickKind.sounding`), otherwise 0 on each bar's first beat and 1 on the others.
  public var clickSoundIndices: [Int]
  /// The click sounds as the app would give them; empty when they are to be learned.
  public var clickSounds: [[Float]]

  /// How far from any note's start a click must be to count as alone.
  public static let aloneDistance = 0.15

  public init(
    name: String, category: OnsetCategory, source: Source, condition: OnsetCondition,
    performance: Performance, sampleRate: Int, samples: [Float], truth: [Int],
    clicks: [Int] = [], clicksAlone: Set<Int> = [], clickSoundIndices: [Int] = [],
    clickSounds: [[Float]] = []
  ) {
    self.name = name
    self.category = category
    self.source = source
    self.condition = condition
    self.performance = performance
    self.sampleRate = sampleRate
    self.samples = samples
    self.truth = truth
    self.clicks = clicks
    self.clicksAlone = clicksAlone
    self.clickSoundIndices = clickSoundIndices
    self.clickSounds = clickSounds
  }

  public var part: EvaluationPart { source.part }
  public var duration: Double { Double(samples.count) / Double(sampleRate) }
  public var truthSeconds: [Double] { truth.map { Double($0) / Double(sampleRate) } }
}
