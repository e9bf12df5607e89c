import Glibc

extension UserSounds {
  /// The longest sound kept; a voice rings over the clicks after it, so longer is only noise.
  private static let maximumSeconds = 2
  /// Only attenuated to this peak, never boosted: a quiet sample was meant to be quiet.
  private static let peakLimit: Float = 0.9
  /// Anything quieter than this fraction of the file's peak counts as silence before the onset.
  private static let onsetThreshold: Float = 0.02
  private static let fadeSeconds = 0.002

  /// `samples` (mono at `rate`) made to play like a built-in voice at `sampleRate`: the onset
  /// at sample 0, because the metronome puts sample 0 exactly on the beat; at most
  /// `maximumSeconds` long; no louder than `peakLimit`; and ending at exactly zero, so cutting
  /// it off never pops. Nil when there is no sound in it.
  ///
  /// The silence is trimmed before resampling: a band-limited resampler rings ahead of a
  /// sharp onset, which would otherwise count as the onset and play early.
  static func shaped(_ samples: [Float], rate: Int, to sampleRate: Int) -> [Float]? {
    let peak = samples.reduce(0) { max($0, abs($1)) }
    guard peak > 0, let onset = samples.firstIndex(where: { abs($0) >= onsetThreshold * peak })
    else { return nil }
    // The spare second covers the resampler's reach, so the last frame kept is computed as
    // from the whole file, while a long file is not converted only to be cut.
    let kept = Array(samples[onset..<min(samples.count, onset + (maximumSeconds + 1) * rate)])
    let resampler = WAVFileInput.Resampler(kept, from: rate, to: sampleRate)
    let length = min(resampler.frameCount, Int64(maximumSeconds * sampleRate))
    var sound = [Float](repeating: 0, count: Int(length))
    sound.withUnsafeMutableBufferPointer { resampler.render(into: $0, from: 0) }
    let loudest = sound.reduce(0) { max($0, abs($1)) }
    if loudest > peakLimit {
      let gain = peakLimit / loudest
      for index in sound.indices { sound[index] *= gain }
    }
    fadeOut(&sound, over: Int((fadeSeconds * Double(sampleRate)).rounded()))
    return sound
  }

  /// A raised-cosine ramp that reaches exactly zero on the last sample.
  private static func fadeOut(_ sound: inout [Float], over length: Int) {
    let length = min(length, sound.count)
    for step in 0..<length {
      sound[sound.count - length + step] *= 0.5 * (1 + cosf(.pi * Float(step + 1) / Float(length)))
    }
  }
}
