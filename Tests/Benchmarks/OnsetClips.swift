import DSP
import Foundation
import ListeningEval

/// A diagnostic for tuning the onset detector by ear and eye: every tuning clip whose name
/// starts with `prefix`, heard with a schedule but no clicks and with the app's click at −6 dB,
/// written to `folder` as a WAV file with two Audacity label files beside it: the true onsets
/// and woodshed's. The held-out part is never written: it is for checking, not for looking into.
func onsetClips(prefix: String, folder: String) -> [String] {
  let plan = OnsetEvaluationSet.plan(of: .tuning).filter { $0.name.hasPrefix(prefix) }
  let clips = OnsetEvaluationSet.clips(
    of: plan, in: [.scheduleWithoutClicks, .ownClick(decibels: -6)])
  return clips.map { clip in
    let base = "\(folder)/\(clip.name), \(clip.condition)"
    let detected = OnsetRun.woodshed(clip)
    let audio = WAVAudio(sampleRate: clip.sampleRate, channels: 1, samples: clip.samples)
    _ = FileManager.default.createFile(
      atPath: base + ".wav", contents: WAVCodec.encode(audio, as: .float32))
    write(labels: clip.truthSeconds, named: "true", to: base + ".truth.txt")
    write(labels: detected, named: "found", to: base + ".found.txt")
    return base + ".wav: \(clip.truth.count) true, \(detected.count) found"
  }
}

private func write(labels: [Double], named name: String, to path: String) {
  let text = labels.map { String(format: "%.6f\t%.6f\t%@", $0, $0, name) }.joined(separator: "\n")
  _ = FileManager.default.createFile(atPath: path, contents: Data((text + "\n").utf8))
}
