/// Walks the chunks of a RIFF/WAVE file in memory. Nothing in the file is trusted: every size
/// is checked against the bytes that are really there before it is used.
struct WAVReader {
  let bytes: UnsafeRawBufferPointer

  /// The tail of the KSDATAFORMAT_SUBTYPE GUIDs for PCM and IEEE float; the first two bytes of
  /// the GUID carry the plain format tag.
  private static let subformatGUIDTail: [UInt8] = [
    0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71,
  ]

  private struct Format {
    let encoding: WAVSampleEncoding
    let channels: Int
    let sampleRate: Int
  }

  func audio() throws(WAVError) -> WAVAudio {
    try checkContainer()
    var format: Format?
    var audioBytes: Range<Int>?
    var isTruncated = false
    var offset = 12
    while offset + 8 <= bytes.count, format == nil || audioBytes == nil {
      let id = fourCC(at: offset)
      let declaredSize = Int(bytes.littleEndian(at: offset + 4) as UInt32)
      let body = offset + 8
      var end = body + declaredSize
      if id == "data", declaredSize == 0, riffEnd <= body {
        // A streaming writer puts zero sizes in the header and patches them when it finishes;
        // if it never finished (a crash), the samples run to the end of the file.
        end = bytes.count
      }
      let available = body..<min(end, bytes.count)
      switch id {
      case "fmt " where format == nil: format = try self.format(in: available)
      case "data" where audioBytes == nil:
        audioBytes = available
        isTruncated = end > bytes.count
      default: break
      }
      offset = end + declaredSize % 2
    }
    guard let format else { throw .missingFormat }
    guard let audioBytes else { throw .noAudioData }
    let frameWidth = format.channels * format.encoding.byteWidth
    let frames = audioBytes.count / frameWidth
    return WAVAudio(
      sampleRate: format.sampleRate, channels: format.channels,
      samples: format.encoding.decode(
        bytes, from: audioBytes.lowerBound, count: frames * format.channels),
      isTruncated: isTruncated || audioBytes.count % frameWidth != 0)
  }

  private func checkContainer() throws(WAVError) {
    guard bytes.count >= 4 else { throw .notRIFF }
    switch fourCC(at: 0) {
    case "RIFF": break
    case "RIFX": throw .unsupportedVariant("big-endian RIFX")
    case "RF64": throw .unsupportedVariant("RF64 (64-bit sizes)")
    default: throw .notRIFF
    }
    guard bytes.count >= 12, fourCC(at: 8) == "WAVE" else { throw .notWAVE }
  }

  /// Where the RIFF header says the file ends; only consulted to recognise unpatched headers.
  private var riffEnd: Int { 8 + Int(bytes.littleEndian(at: 4) as UInt32) }

  private func format(in range: Range<Int>) throws(WAVError) -> Format {
    guard range.count >= 16 else { throw .malformedFormat }
    let start = range.lowerBound
    var tag: UInt16 = bytes.littleEndian(at: start)
    if tag == WAVSampleEncoding.extensibleTag {
      guard range.count >= 40 else { throw .malformedFormat }
      guard bytes[(start + 26)..<(start + 40)].elementsEqual(Self.subformatGUIDTail) else {
        throw .unsupportedEncoding("an unrecognised WAVE_FORMAT_EXTENSIBLE subformat")
      }
      tag = bytes.littleEndian(at: start + 24)
    }
    let encoding = try WAVSampleEncoding(
      formatTag: tag, bitsPerSample: Int(bytes.littleEndian(at: start + 14) as UInt16))
    let channels = Int(bytes.littleEndian(at: start + 2) as UInt16)
    let sampleRate = Int(bytes.littleEndian(at: start + 4) as UInt32)
    guard channels > 0 else { throw .noChannels }
    guard sampleRate > 0 else { throw .noSampleRate }
    return Format(encoding: encoding, channels: channels, sampleRate: sampleRate)
  }

  private func fourCC(at offset: Int) -> String {
    String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
  }
}
