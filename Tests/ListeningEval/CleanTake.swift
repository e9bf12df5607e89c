import DSP
import Glibc

/// A performance as played, before the room adds noise or the metronome bleeds in; conditions
/// are applied to it to make the evaluation clips.
struct CleanTake {
  var name: String
  var category: OnsetCategory
  var source: EvaluationClip.Source
  var performance: Performance
  var sampleRate: Int
  var samples: [Float]
  var truth: [Int]
  /// Each note's own peak level, for setting the metronome's level against the playing.
  var notePeaks: [Float]

  /// The clip fades out over its last moments, so that notes still ringing are not cut off
  /// with a click that would count as a false onset.
  static let fadeOut = 0.3

  init(
    name: String, category: OnsetCategory, source: EvaluationClip.Source, performance: Performance,
    sampleRate: Int, samples: [Float], truth: [Int], notePeaks: [Float]
  ) {
    self.name = name
    self.category = category
    self.source = source
    self.performance = performance
    self.sampleRate = sampleRate
    self.truth = truth
    self.notePeaks = notePeaks
    var samples = samples
    let fade = min(samples.count, Int(Self.fadeOut * Double(sampleRate)))
    for step in 0..<fade {
      samples[samples.count - fade + step] *= Float(fade - step - 1) / Float(fade)
    }
    self.samples = samples
  }

  func clip(in condition: OnsetCondition, seed: UInt64) -> EvaluationClip {
    var generator = SplitMix64(seed: seed)
    var samples = self.samples
    var clicks: [Int] = []
    var clickSounds: [[Float]] = []
    switch condition {
    case .clean:
      break
    case .noise(let snr):
      let noise = PinkNoise.samples(count: samples.count, using: &generator)
      let scale = Float((power(of: samples) / power(of: noise) / pow(10, snr / 10)).squareRoot())
      for index in samples.indices { samples[index] += scale * noise[index] }
    case .bleed(let decibels, let soundKnown):
      let plain = MetronomeVoice.click.samples(sampleRate: sampleRate)
      let accent = MetronomeVoice.accentClick.samples(sampleRate: sampleRate)
      let sorted = notePeaks.sorted()
      let target = sorted[sorted.count / 2] * Float(pow(10, decibels / 20))
      let heardPlain = RoomPath.heard(plain, sampleRate: sampleRate)
      let scale = target / heardPlain.reduce(0) { max($0, abs($1)) }
      let heard = [RoomPath.heard(accent, sampleRate: sampleRate), heardPlain].map {
        $0.map { $0 * scale }
      }
      // The sound reaches the microphone within half a millisecond of where the app's
      // output-to-input mapping puts it.
      let wander = Int(0.0005 * Double(sampleRate))
      for (beat, time) in performance.beats.enumerated() {
        let scheduled = Int((time * Double(sampleRate)).rounded())
        let sound = heard[beat % 4 == 0 ? 0 : 1]
        let start = scheduled + Int.random(in: -wander...wander, using: &generator)
        for (offset, sample) in sound.enumerated() where start + offset < samples.count {
          samples[start + offset] += sample
        }
        clicks.append(scheduled)
      }
      if soundKnown { clickSounds = [accent, plain] }
    }
    return EvaluationClip(
      name: name, category: category, source: source, condition: condition,
      sampleRate: sampleRate, samples: samples, truth: truth, clicks: clicks,
      clickSounds: clickSounds)
  }

  private func power(of samples: [Float]) -> Double {
    samples.reduce(0) { $0 + Double($1) * Double($1) } / Double(max(1, samples.count))
  }
}
