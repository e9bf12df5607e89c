/// Audio as it comes out of, or goes into, a WAV file. Integer encodings decode to −1…1; float
/// files may hold louder samples, which are kept so that nothing is clipped before the caller
/// decides what to do with them.
public struct WAVAudio: Equatable, Sendable {
  public var sampleRate: Int
  public var channels: Int
  /// Interleaved: channel `c` of frame `f` is at `f * channels + c`.
  public var samples: [Float]
  /// The file ended before the audio its header declares: `samples` holds the whole frames
  /// that are there. Callers that can use a partial recording do; others refuse it.
  public var isTruncated: Bool

  public init(sampleRate: Int, channels: Int, samples: [Float], isTruncated: Bool = false) {
    self.sampleRate = sampleRate
    self.channels = channels
    self.samples = samples
    self.isTruncated = isTruncated
  }

  /// Whole frames only: a trailing partial frame is not counted.
  public var frameCount: Int { channels > 0 ? samples.count / channels : 0 }
}
