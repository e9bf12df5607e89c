import Audio
import AudioModel
import DSP
import Glibc

/// A performance as played, before the room adds noise or a metronome sounds in it; conditions
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
  /// From the click's scheduled frame to its sound at the microphone: the loudspeaker's distance
  /// and the output's latency the app's mapping leaves out. The detector is not told it.
  private static let arrivalDelay = 0.003
  /// How far each click's arrival wanders around that delay.
  private static let arrivalWander = 0.0005

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

  /// The take heard in each condition; all its clicks sound in one room, made from `seed`.
  /// Conditions with a foreign click are left out when its sound is not installed.
  func clips(in conditions: [OnsetCondition], seed: UInt64) -> [EvaluationClip] {
    // The room has its own stream of numbers, apart from the performance's of the same seed.
    let room = Room(seed: seed ^ 0x726F_6F6D, sampleRate: sampleRate)
    let own = MetronomeVoices(sampleRate: sampleRate).sounding
    let heardOwn =
      conditions.contains { if case .ownClick = $0 { true } else { false } }
      ? own.map(room.heard) : []
    // The app counts in with its own voice; a drummer's metronome does not.
    let ownSounds = scheduledFrames.indices.map { beat -> Int in
      let kind: ClickKind =
        beat < Performance.countInBeats ? .countIn : beat % 4 == 0 ? .accent : .normal
      return kind.soundIndex!
    }
    let foreignSounds = scheduledFrames.indices.map { $0 % 4 == 0 ? 0 : 1 }
    let heardForeign =
      conditions.contains { if case .foreignClick = $0 { true } else { false } }
      ? ForeignMetronome.sounds(sampleRate: sampleRate)?.map(room.heard) : nil
    return conditions.enumerated().compactMap { index, condition in
      var generator = SplitMix64(seed: seed &* 31 &+ UInt64(index))
      var samples = self.samples
      var clickSounds: [[Float]] = []
      var soundIndices = foreignSounds
      switch condition {
      case .clean, .scheduleWithoutClicks:
        break
      case .noise(let snr):
        let noise = PinkNoise.samples(count: samples.count, using: &generator)
        let scale = Float((power(of: samples) / power(of: noise) / pow(10, snr / 10)).squareRoot())
        for index in samples.indices { samples[index] += scale * noise[index] }
      case .ownClick(let decibels):
        play(heardOwn, sounds: ownSounds, at: decibels, into: &samples, using: &generator)
        clickSounds = own
        soundIndices = ownSounds
      case .foreignClick(let decibels):
        guard let heardForeign else { return nil }
        play(heardForeign, sounds: foreignSounds, at: decibels, into: &samples, using: &generator)
      }
      let clicks = condition.hasSchedule ? scheduledFrames : []
      return EvaluationClip(
        name: name, category: category, source: source, condition: condition,
        performance: performance, sampleRate: sampleRate, samples: samples, truth: truth,
        clicks: clicks, clicksAlone: alone(clicks),
        clickSoundIndices: clicks.isEmpty ? [] : soundIndices, clickSounds: clickSounds)
    }
  }

  private var scheduledFrames: [Int] {
    performance.beats.map { Int(($0 * Double(sampleRate)).rounded()) }
  }

  /// The clicks on the count-in or a rest with no note's sound starting near them.
  private func alone(_ clicks: [Int]) -> Set<Int> {
    let distance = Int(EvaluationClip.aloneDistance * Double(sampleRate))
    return Set(
      clicks.enumerated().filter { beat, frame in
        performance.isSilent(beat: beat) && !truth.contains { abs($0 - frame) <= distance }
      }.map(\.element))
  }

  /// Adds the metronome's `heard` sounds on every beat, beat by beat the one `sounds` names,
  /// scaled so the plain click's peak lies `decibels` from the notes' median peak.
  private func play(
    _ heard: [[Float]], sounds: [Int], at decibels: Double, into samples: inout [Float],
    using generator: inout SplitMix64
  ) {
    let sorted = notePeaks.sorted()
    let target = sorted[sorted.count / 2] * Float(pow(10, decibels / 20))
    let scale = target / heard[sounds[Performance.countInBeats + 1]].reduce(0) { max($0, abs($1)) }
    let delay = Int(Self.arrivalDelay * Double(sampleRate))
    let wander = Int(Self.arrivalWander * Double(sampleRate))
    for (beat, frame) in scheduledFrames.enumerated() {
      let sound = heard[sounds[beat]]
      let start = frame + delay + Int.random(in: -wander...wander, using: &generator)
      for (offset, sample) in sound.enumerated() where start + offset < samples.count {
        samples[start + offset] += scale * sample
      }
    }
  }

  private func power(of samples: [Float]) -> Double {
    samples.reduce(0) { $0 + Double($1) * Double($1) } / Double(max(1, samples.count))
  }
}
