import DSP
import Foundation
import ListeningEval

/// A diagnostic for tuning the pitch detector: the estimates of one tuning clip (the tuning
/// soundfont named `soundFont`, `instrument` of `PitchEvaluationSet`) from `from` to `to`
/// seconds, one a line, each with the notes the segmenter ended at it: which rule split or lost
/// a note shows in the power, the clarity and the pitch around it. Held-out soundfonts are not
/// traced: they are for checking, not for looking into.
func pitchTrace(soundFont name: String, instrument: String, from: Double, to: Double)
  -> [String]
{
  guard let soundFont = SoundFont.tuning.first(where: { $0.name == name }) else {
    return [
      "no tuning soundfont named \(name): " + SoundFont.tuning.map(\.name).joined(separator: ", ")
    ]
  }
  guard
    let clip = PitchEvaluationSet.clips(from: soundFont).first(where: {
      $0.instrument == instrument
    })
  else { return ["\(name) plays no \(instrument), or cannot be rendered here"] }
  let detector = PitchDetector(sampleRate: clip.sampleRate)
  var segmenter = NoteSegmenter(sampleRate: clip.sampleRate)
  let estimates = clip.samples.withUnsafeBufferPointer { detector.process($0) } + detector.finish()
  let rate = Double(clip.sampleRate)
  var lines = ["time  midi  likeliest  clarity  highest  power dB  notes ended"]
  for estimate in estimates {
    let ended = segmenter.add(estimate)
    let time = Double(estimate.frame) / rate
    guard time >= from && time <= to else { continue }
    lines.append(
      String(
        format: "%.3f  %.2f  %.2f  %.3f  %.3f  %.1f", time, midi(estimate.frequency),
        midi(estimate.likeliestFrequency), estimate.confidence, estimate.highestClarity,
        10 * log10(max(estimate.power, 1e-20)))
        + ended.map { String(format: "  %.3f–%.3f %.2f", $0.start, $0.end, midi($0.frequency)) }
        .joined())
  }
  return lines
}

/// The MIDI number of `frequency` (A4 = 440 Hz), 0 for none.
private func midi(_ frequency: Double) -> Double {
  frequency > 0 ? 69 + 12 * log2(frequency / 440) : 0
}
