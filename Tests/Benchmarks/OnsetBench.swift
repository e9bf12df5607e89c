import DSP
import Foundation
import ListeningEval

/// The onset figures the README quotes: woodshed against aubio's `default` and `specflux`
/// methods on the same generated clips, and woodshed's speed.
func onsetFigures() -> [String] {
  let clips = OnsetEvaluationSet.synthesized() + OnsetEvaluationSet.rendered()
  let comparison = OnsetComparison.run(on: clips, withAubio: true)
  var lines: [String] = []
  let total = OnsetScore(merging: comparison.entries.map { $0.scores[0] })
  let rendered = OnsetEvaluationSet.canRender ? "" : " (fluidsynth missing: synthesized only)"
  lines.append(
    "onset F-measure (±50 ms), \(total.truePositives + total.falseNegatives) onsets in "
      + "\(clips.count) clips\(rendered): " + fMeasures(comparison) { _ in true })
  for category in OnsetCategory.allCases {
    lines.append("  \(category.rawValue): " + fMeasures(comparison) { $0.category == category })
  }
  lines.append(
    "  percussive and plucked: " + fMeasures(comparison) { $0.category.isPercussiveOrPlucked })
  for condition in OnsetCondition.all {
    lines.append("  \(condition): " + fMeasures(comparison) { $0.condition == condition })
  }
  let errors = comparison.scores { _ in true }.map {
    String(format: "%.1f ms", $0.medianAbsoluteError * 1000)
  }
  lines.append(
    "onset timing, median |error|: "
      + zip(comparison.detectors, errors).map { "\($0) \($1)" }.joined(separator: ", "))
  lines.append(
    String(format: "onset detection speed: %.0f× real time on one core", speed(on: clips)))
  return lines
}

private func fMeasures(_ comparison: OnsetComparison, where filter: (EvaluationClip) -> Bool)
  -> String
{
  zip(comparison.detectors, comparison.scores(where: filter)).map {
    "\($0) " + String(format: "%.3f", $1.fMeasure)
  }.joined(separator: ", ")
}

/// Seconds of audio analysed per second of one core's time, the best of three passes over the
/// clean and noisy clips, fed as the app feeds it, in blocks of 10 ms.
private func speed(on clips: [EvaluationClip]) -> Double {
  let chosen = clips.filter { if case .bleed = $0.condition { false } else { true } }
  let audio = chosen.reduce(0) { $0 + $1.duration }
  var best = Double.infinity
  for _ in 0..<3 {
    let started = clock()
    for clip in chosen {
      let detector = OnsetDetector(sampleRate: clip.sampleRate)
      let block = clip.sampleRate / 100
      clip.samples.withUnsafeBufferPointer { samples in
        var start = 0
        while start < samples.count {
          let end = min(samples.count, start + block)
          _ = detector.process(UnsafeBufferPointer(rebasing: samples[start..<end]))
          start = end
        }
      }
      _ = detector.finish()
    }
    best = min(best, Double(clock() - started) / Double(CLOCKS_PER_SEC))
  }
  return audio / best
}
