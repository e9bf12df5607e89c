import DSP
import Foundation

/// One performance of the evaluation set before it is played: its notes, and what plays them.
/// Planning costs nothing, so the set's parts can be compared without rendering a sound.
public struct PlannedTake: Sendable {
  enum Player: Sendable {
    case synthesized(OnsetCategory, sampleRate: Int)
    case legato(LegatoInstrument, sampleRate: Int)
    case soundFont(SoundFontInstrument)
    case drumKit(DrumKitInstrument)
    case sampled(SampledInstrument)
  }

  let player: Player
  public let name: String
  public let source: EvaluationClip.Source
  public private(set) var performance: Performance
  /// The performance's seed, from which its rooms and noises are made too.
  let seed: UInt64

  init(_ player: Player, name: String, seed: UInt64, playing: Double, pitches: ClosedRange<Int>) {
    self.player = player
    self.name = name
    self.seed = seed
    performance = Performance.humanised(seed: seed, playing: playing, pitches: pitches)
    source =
      switch player {
      case .synthesized, .legato: .synthesized
      case .soundFont(let instrument): instrument.source
      case .drumKit(let piece): piece.source
      case .sampled: .lmms
      }
  }

  /// The same take with one note in every `interval` left out (`Performance.leavingOut`).
  func leavingOut(every interval: Int) -> PlannedTake {
    var take = self
    take.performance = performance.leavingOut(every: interval)
    return take
  }

  /// The performance played; nil when its instrument is not installed or fails. `folder` takes
  /// the renderer's scratch files.
  func take(in folder: URL) -> CleanTake? {
    switch player {
    case .synthesized(let category, let sampleRate):
      var generator = SplitMix64(seed: seed)
      let rendered = SynthesizedInstrument.render(
        category, performance, sampleRate: sampleRate, using: &generator)
      return CleanTake(
        name: name, category: category, source: .synthesized, performance: performance,
        sampleRate: sampleRate, samples: rendered.samples, truth: rendered.starts,
        notePeaks: rendered.peaks)
    case .legato(let instrument, let sampleRate):
      var generator = SplitMix64(seed: seed)
      let rendered = LegatoInstrument.render(
        instrument, performance, sampleRate: sampleRate, using: &generator)
      return CleanTake(
        name: name, category: .softAttack, source: .synthesized, performance: performance,
        sampleRate: sampleRate, samples: rendered.samples, truth: rendered.starts,
        notePeaks: rendered.peaks)
    case .soundFont(let instrument):
      return instrument.isAvailable
        ? instrument.take(of: performance, named: name, in: folder) : nil
    case .drumKit(let piece):
      return piece.isAvailable ? piece.take(of: performance, named: name) : nil
    case .sampled(let instrument):
      return instrument.isAvailable
        ? instrument.take(of: performance, named: name, in: folder) : nil
    }
  }
}
