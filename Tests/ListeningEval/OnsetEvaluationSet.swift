import DSP
import Foundation

/// The onset evaluation set, generated at run time: synthesized instruments always, and General
/// MIDI instruments rendered by fluidsynth when it and the TimGM6mb soundfont are installed.
/// Every clip is humanised playing; every performance is heard in every condition.
public enum OnsetEvaluationSet {
  /// Seconds per clip: long enough for a few dozen notes and several bars of clicks.
  public static let clipLength = 8.0

  private static let synthesizedPlan:
    [(OnsetCategory, sampleRates: [Int], pitches: ClosedRange<Int>)] = [
      (.clap, [44_100, 48_000], 0...1),
      (.woodblock, [48_000, 22_050], 60...84),
      (.pluckedString, [22_050, 48_000], 40...76),
      (.piano, [48_000, 44_100], 40...84),
      (.softAttack, [96_000, 48_000], 48...84),
    ]

  /// Synthesized clips: two performances per category, each with its own tempo, notes and
  /// sample rate (`takes` keeps the first few), heard in each condition.
  public static func synthesized(
    categories: [OnsetCategory] = OnsetCategory.allCases,
    conditions: [OnsetCondition] = OnsetCondition.all, takes: Int = 2, length: Double = clipLength
  ) -> [EvaluationClip] {
    synthesizedPlan.enumerated().filter { categories.contains($0.element.0) }.flatMap {
      index, plan in
      plan.sampleRates.prefix(takes).enumerated().flatMap { take, sampleRate in
        let seed = UInt64(100 + 10 * index + take)
        let performance = Performance.humanised(seed: seed, length: length, pitches: plan.pitches)
        var generator = SplitMix64(seed: seed)
        let rendered = SynthesizedInstrument.render(
          plan.0, performance, sampleRate: sampleRate, using: &generator)
        let take = CleanTake(
          name: "synth \(plan.0.rawValue) \(take + 1)", category: plan.0, source: .synthesized,
          performance: performance, sampleRate: sampleRate, samples: rendered.samples,
          truth: rendered.starts, notePeaks: rendered.peaks)
        return clips(of: take, in: conditions, seed: seed)
      }
    }
  }

  /// Rendered clips; empty when fluidsynth or the soundfont is missing.
  public static func rendered(conditions: [OnsetCondition] = OnsetCondition.all) -> [EvaluationClip]
  {
    guard FluidSynthInstrument.isAvailable else { return [] }
    let folder = ExternalTool.scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    return FluidSynthInstrument.all.enumerated().flatMap { index, instrument in
      let seed = UInt64(200 + index)
      let performance = Performance.humanised(
        seed: seed, length: clipLength, pitches: instrument.pitches)
      guard let take = instrument.take(of: performance, in: folder) else {
        return [EvaluationClip]()
      }
      return clips(of: take, in: conditions, seed: seed)
    }
  }

  public static var canRender: Bool { FluidSynthInstrument.isAvailable }

  private static func clips(of take: CleanTake, in conditions: [OnsetCondition], seed: UInt64)
    -> [EvaluationClip]
  {
    conditions.enumerated().map { index, condition in
      take.clip(in: condition, seed: seed &* 31 &+ UInt64(index))
    }
  }
}
