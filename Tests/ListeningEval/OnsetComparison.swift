import DSP
import Foundation

/// Several onset detectors run on the same clips, written once as WAV files, with their scores
/// and grading agreements, grouped the ways the README reports them.
public struct OnsetComparison: Sendable {
  public struct Entry: Sendable {
    public var clip: EvaluationClip
    /// Each detector's onsets in seconds, in the order of `OnsetComparison.detectors`.
    public var detected: [[Double]]
    public var scores: [OnsetScore]
  }

  public var detectors: [String]
  public var entries: [Entry]
  /// The other detectors that could not run, each with why.
  public var skipped: [String]

  /// Runs woodshed on every clip; with `others`, also each aubio method when aubio is installed
  /// and librosa when it can be imported.
  public static func run(on clips: [EvaluationClip], others: Bool) -> OnsetComparison {
    let folder = ExternalTool.scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var detectors = ["woodshed"]
    var detected = [clips.map(OnsetRun.woodshed)]
    var skipped: [String] = []
    if others {
      let files = clips.enumerated().map { index, clip in
        let file = folder.appendingPathComponent("clip-\(index).wav")
        let audio = WAVAudio(sampleRate: clip.sampleRate, channels: 1, samples: clip.samples)
        try? WAVCodec.encode(audio, as: .float32).write(to: file)
        return file
      }
      if Aubio.isAvailable {
        for method in Aubio.Method.allCases {
          detectors.append("aubio \(method.rawValue)")
          detected.append(files.map { Aubio.onsets(of: $0, method: method) ?? [] })
        }
      } else {
        skipped.append("aubio (aubioonset not installed)")
      }
      if !Librosa.isAvailable {
        skipped.append("librosa (python3 cannot import it)")
      } else if let onsets = Librosa.onsets(of: files) {
        detectors.append("librosa")
        detected.append(onsets)
      } else {
        skipped.append("librosa (it failed on the clips)")
      }
    }
    let entries = clips.enumerated().map { index, clip in
      let found = detected.map { $0[index] }
      return Entry(
        clip: clip, detected: found, scores: found.map { OnsetRun.score(clip, detected: $0) })
    }
    return OnsetComparison(detectors: detectors, entries: entries, skipped: skipped)
  }

  /// Each detector's score over the clips that pass `filter`, merged.
  public func scores(where filter: (EvaluationClip) -> Bool) -> [OnsetScore] {
    let chosen = entries.filter { filter($0.clip) }
    return detectors.indices.map { detector in
      OnsetScore(merging: chosen.map { $0.scores[detector] })
    }
  }

  /// Each detector's grading agreement over the clips that pass `filter`, merged.
  public func agreements(where filter: (EvaluationClip) -> Bool) -> [GradingAgreement] {
    let chosen = entries.filter { filter($0.clip) }
    return detectors.indices.map { detector in
      GradingAgreement(
        merging: chosen.map { GradingAgreement(clip: $0.clip, detected: $0.detected[detector]) })
    }
  }
}
