/// Audio as it comes out of, or goes into, a WAV file. Integer encodings decode to −1…1; float
/// files may hold louder samples, which are kept so that nothing is clipped before the caller
/// decides what to do with them.
public struct WAVAudio: Equatable, Sendable {
  public var sampleRate: Int
  public var channels: Int
  /// Interleaved: channel `c` of frame `f` is at `f * channels + c`.
  public var samples: [Float]

  public init(sampleRate: Int, channels: Int, samples: [Float]) {
    self.sampleRate = sampleRate
    self.channels = channels
    self.samples = samples
  }

  /// Whole frames only: a trailing partial frame is not counted.
  public var frameCount: Int { channels > 0 ? samples.count / channels : 0 }
}
