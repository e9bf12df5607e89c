import DSP
import Foundation
import ListeningEval

/// The pitch detector's figures the README quotes: how many chromatic notes from E2 to E6 it
/// names right and how far in tune, plucked and piano-like at 48 kHz; the same on recorded
/// instrument samples, held out and tuned on; and how fast it runs.
func pitchFigures() -> [String] {
  PitchBench.accuracyLines() + PitchBench.recordedSampleLines() + [PitchBench.throughputLine()]
}

private enum PitchBench {
  static let sampleRate = 48_000

  static func accuracyLines() -> [String] {
    let instruments: [(name: String, render: (Double, UInt64) -> [Float])] = [
      ("plucked", { frequency, seed in pluck(frequency, duration: 0.6, seed: seed) }),
      (
        "piano-like",
        { frequency, _ in
          Synth.softPiano(frequency: frequency, duration: 0.6, sampleRate: sampleRate)
        }
      ),
    ]
    return instruments.map { instrument in
      let range = 40...88  // E2...E6
      var named = 0
      var errors: [Double] = []
      for midi in range {
        let frequency = 440 * pow(2, Double(midi - 69) / 12)
        let notes = PitchAnalysis.notes(
          in: instrument.render(frequency, UInt64(midi)), sampleRate: sampleRate)
        let cents = notes.map { 1200 * log2($0.frequency / frequency) }
        // One note, nearest to the one played.
        guard cents.count == 1, abs(cents[0]) < 50 else { continue }
        named += 1
        errors.append(abs(cents[0]))
      }
      return String(
        format:
          "pitch, %@ E2–E6 at 48 kHz: %.1f %% of %d notes named right, median error %.2f cents",
        instrument.name, 100 * Double(named) / Double(range.count), range.count, median(errors))
    }
  }

  /// Every instrument of `PitchEvaluationSet`, from each held-out soundfont and then from each
  /// one the detector was tuned on, and each soundfont's notes together.
  static func recordedSampleLines() -> [String] {
    (SoundFont.heldOut + SoundFont.tuning).flatMap { soundFont in
      let label = "pitch, \(soundFont.part.rawValue) (\(soundFont.name))"
      let clips = PitchEvaluationSet.clips(from: soundFont)
      guard !clips.isEmpty else {
        return ["\(label): not measured, its synthesizer or soundfont missing"]
      }
      var total = PitchScore()
      let lines = clips.map { clip in
        let score = PitchScore(
          played: clip.notes,
          found: PitchAnalysis.notes(in: clip.samples, sampleRate: clip.sampleRate))
        total.add(score)
        return "  \(clip.instrument): " + describe(score)
      }
      return ["\(label): " + describe(total)] + lines
    }
  }

  static func describe(_ score: PitchScore) -> String {
    String(
      format:
        "%.1f %% of %d notes named right (missing %d, split %d, wrong pitch %d), median error %.2f cents",
      100 * score.namedRightShare, score.played, score.missing, score.split, score.wrongPitch,
      score.medianError ?? .nan)
  }

  /// A minute of plucked notes from the whole range, with rests, through the detector and
  /// the segmenter: the best of three runs, in this thread's CPU time, so that other work on
  /// the machine does not count.
  static func throughputLine() -> String {
    var generator = SplitMix64(seed: 60)
    var material: [Float] = []
    while material.count < 60 * sampleRate {
      let midi = Int.random(in: 40...88, using: &generator)
      let duration = Double.random(in: 0.15...0.8, using: &generator)
      material += pluck(
        440 * pow(2, Double(midi - 69) / 12), duration: duration, seed: generator.next())
      material += [Float](
        repeating: 0, count: Int.random(in: 0...(sampleRate / 5), using: &generator))
    }
    let elapsed = (0..<3).map { _ in
      let start = threadCPUSeconds()
      _ = PitchAnalysis.notes(in: material, sampleRate: sampleRate)
      return threadCPUSeconds() - start
    }.min()!
    let audio = Double(material.count) / Double(sampleRate)
    return String(
      format:
        "pitch throughput: %.0f× real time (%.0f s of 48 kHz plucked notes in %.0f ms of one core)",
      audio / elapsed, audio, elapsed * 1000)
  }

  static func pluck(_ frequency: Double, duration: Double, seed: UInt64) -> [Float] {
    var generator = SplitMix64(seed: seed)
    return Synth.pluckedString(
      frequency: frequency, duration: duration, sampleRate: sampleRate, using: &generator)
  }

  static func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
  }
}
