/// Where a WAV file's samples lie and how they are laid out, found from its chunk headers
/// alone, so that a caller can check it before reading (or allocating for) any sample.
public struct WAVLayout: Equatable, Sendable {
  /// The rates a WAV file may declare: telephone audio to the fastest studio converters. A rate
  /// outside them is a damaged or hostile header, and one of a few hertz would make an analysis
  /// window of a few samples.
  public static let sampleRates = 8_000...384_000
  /// More channels than any recording setup writes into one file.
  public static let maximumChannels = 64

  public let sampleRate: Int
  public let channels: Int
  let encoding: WAVSampleEncoding
  /// The bytes of the `data` chunk that are really in the file.
  public let audioBytes: Range<Int>
  /// The file ended before the audio its header declares.
  public let isTruncated: Bool

  /// Bytes per frame: one sample of every channel.
  public var frameWidth: Int { channels * encoding.byteWidth }
  /// Whole frames only: a trailing partial frame is not counted.
  public var frameCount: Int { audioBytes.count / frameWidth }

  /// Decodes the whole frames in `bytes` (which start on a frame) and appends their average
  /// over the channels to `mono`.
  public func appendMono(of bytes: UnsafeRawBufferPointer, to mono: inout [Float]) {
    let frames = bytes.count / frameWidth
    let samples = encoding.decode(bytes, from: 0, count: frames * channels)
    guard channels > 1 else {
      mono.append(contentsOf: samples)
      return
    }
    let scale = 1 / Float(channels)
    for frame in 0..<frames {
      var sum: Float = 0
      for channel in 0..<channels { sum += samples[frame * channels + channel] }
      // Loud float samples can add up past the largest Float.
      let average = sum * scale
      mono.append(average.isFinite ? average : 0)
    }
  }
}
