import FoundationEssentials

/// Reads and writes WAV files held in memory. Reading is lenient the way recovery tools are:
/// chunks may come in any order, unknown chunks are skipped, and a file cut off mid-recording
/// (a crash, a full disk) yields the audio that reached the disk. Writing produces the plain
/// 44-byte-header layout every audio program opens.
///
/// A streaming writer calls `header(…, frameCount: 0)`, appends `encodeSamples(_:as:)` blocks,
/// and at the end overwrites the header with `header(…, frameCount: total)` — or patches just
/// the two little-endian `UInt32` sizes at `riffSizeOffset` and `dataSizeOffset`. An unpatched
/// file still decodes in full.
public enum WAVCodec {
  /// Where a written header stores the RIFF size: file length − 8.
  public static let riffSizeOffset = 4
  /// Where a written header stores the `data` size: the sample bytes that follow the header.
  public static let dataSizeOffset = 40
  /// Length of a written header; the samples start right after it.
  public static let headerSize = 44

  public static func decode(_ data: Data) throws(WAVError) -> WAVAudio {
    let layout = try layout(count: data.count) { range in
      Array(
        data[
          (data.startIndex + range.lowerBound)..<(data.startIndex
            + min(range.upperBound, data.count))])
    }
    let samples = data.withUnsafeBytes { bytes in
      layout.encoding.decode(
        bytes, from: layout.audioBytes.lowerBound, count: layout.frameCount * layout.channels)
    }
    return WAVAudio(
      sampleRate: layout.sampleRate, channels: layout.channels, samples: samples,
      isTruncated: layout.isTruncated)
  }

  /// Where the samples of a WAV file of `count` bytes lie, reading only its chunk headers
  /// through `read` (which returns the bytes of a range, fewer where the file ends). The header
  /// is checked in full (rate, channels, block alignment) before any sample is read.
  public static func layout(count: Int, read: @escaping (Range<Int>) -> [UInt8]) throws(WAVError)
    -> WAVLayout
  {
    try WAVReader(count: count, read: read).layout()
  }

  /// What the `bext` chunk of a Broadcast WAV file of `count` bytes says (EBU Tech 3285), with
  /// its rate and length, or nil where it has none; only the headers are read through `read`.
  /// A damaged header or `bext` chunk throws, in one line.
  public static func broadcastInfo(count: Int, read: @escaping (Range<Int>) -> [UInt8])
    throws(WAVError) -> BroadcastWAVInfo?
  {
    try WAVReader(count: count, read: read).broadcastInfo()
  }

  /// Averages the channels of each frame; a trailing partial frame is dropped.
  public static func mono(_ audio: WAVAudio) -> [Float] {
    guard audio.channels > 1 else { return audio.channels == 1 ? audio.samples : [] }
    let scale = 1 / Float(audio.channels)
    return (0..<audio.frameCount).map { frame in
      let start = frame * audio.channels
      return audio.samples[start..<(start + audio.channels)].reduce(0, +) * scale
    }
  }

  /// A complete file. A trailing partial frame is dropped so the header tells the truth.
  public static func encode(_ audio: WAVAudio, as format: WAVSampleFormat) -> Data {
    let frames = audio.frameCount
    var file = header(
      sampleRate: audio.sampleRate, channels: audio.channels, format: format, frameCount: frames)
    file.append(encodeSamples(audio.samples.prefix(frames * audio.channels), as: format))
    return file
  }

  /// A 44-byte header. Sizes beyond the format's 4 GiB limit are capped at the largest whole
  /// number of frames that fits, which readers treat like a truncated file.
  public static func header(
    sampleRate: Int, channels: Int, format: WAVSampleFormat, frameCount: Int
  ) -> Data {
    precondition(sampleRate > 0 && sampleRate <= Int(UInt32.max), "sample rate out of range")
    precondition(channels > 0 && channels <= Int(UInt16.max), "channel count out of range")
    precondition(frameCount >= 0, "negative frame count")
    let frameWidth = channels * format.bytesPerSample
    let maximumFrames = (Int(UInt32.max) - (headerSize - 8)) / frameWidth
    let dataSize = min(frameCount, maximumFrames) * frameWidth
    var header = Data()
    header.reserveCapacity(headerSize)
    header.append(contentsOf: "RIFF".utf8)
    header.appendLittleEndian(UInt32(headerSize - 8 + dataSize))
    header.append(contentsOf: "WAVEfmt ".utf8)
    header.appendLittleEndian(UInt32(16))
    header.appendLittleEndian(format.formatTag)
    header.appendLittleEndian(UInt16(channels))
    header.appendLittleEndian(UInt32(sampleRate))
    // Bytes per second: a 32-bit field that very wide, fast formats could overflow.
    header.appendLittleEndian(UInt32(clamping: sampleRate * frameWidth))
    header.appendLittleEndian(UInt16(clamping: frameWidth))
    header.appendLittleEndian(UInt16(format.bytesPerSample * 8))
    header.append(contentsOf: "data".utf8)
    header.appendLittleEndian(UInt32(dataSize))
    return header
  }

  /// Interleaved samples as they go after a header. Integer output clips to −1…1 and rounds to
  /// the nearest step, so a decode–encode round trip of a 16-bit file is lossless.
  public static func encodeSamples(_ samples: some Collection<Float>, as format: WAVSampleFormat)
    -> Data
  {
    var data = Data(count: samples.count * format.bytesPerSample)
    data.withUnsafeMutableBytes { bytes in
      switch format {
      case .int16:
        for (index, sample) in samples.enumerated() {
          bytes.storeBytes(
            of: quantized(sample).littleEndian, toByteOffset: index * 2, as: Int16.self)
        }
      case .float32:
        for (index, sample) in samples.enumerated() {
          bytes.storeBytes(
            of: sample.bitPattern.littleEndian, toByteOffset: index * 4, as: UInt32.self)
        }
      }
    }
    return data
  }

  private static func quantized(_ sample: Float) -> Int16 {
    guard !sample.isNaN else { return 0 }
    return Int16(min(max((sample * 32_768).rounded(), -32_768), 32_767))
  }
}

extension Data {
  fileprivate mutating func appendLittleEndian(_ value: some FixedWidthInteger) {
    Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
  }
}
