/// Walks the chunks of a RIFF/WAVE file, in memory or on disk, reading only the few bytes of
/// each chunk's header through `read`. Nothing in the file is trusted: every size is checked
/// against the bytes that are really there before it is used.
struct WAVReader {
  /// The file's length in bytes.
  let count: Int
  /// The bytes in a range of the file; fewer where the file ends.
  let read: (Range<Int>) -> [UInt8]

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

  func layout() throws(WAVError) -> WAVLayout {
    try checkContainer()
    var format: Format?
    var audioBytes: Range<Int>?
    var isTruncated = false
    var offset = 12
    while offset + 8 <= count, format == nil || audioBytes == nil {
      let id = fourCC(at: offset)
      let declaredSize = Int(field(at: offset + 4) as UInt32)
      let body = offset + 8
      var end = body + declaredSize
      if id == "data", declaredSize == 0, riffEnd <= body {
        // A streaming writer puts zero sizes in the header and patches them when it finishes;
        // if it never finished (a crash), the samples run to the end of the file.
        end = count
      }
      let available = body..<min(end, count)
      switch id {
      case "fmt " where format == nil: format = try self.format(in: available)
      case "data" where audioBytes == nil:
        audioBytes = available
        isTruncated = end > count
      default: break
      }
      offset = end + declaredSize % 2
    }
    guard let format else { throw .missingFormat }
    guard let audioBytes else { throw .noAudioData }
    let frameWidth = format.channels * format.encoding.byteWidth
    return WAVLayout(
      sampleRate: format.sampleRate, channels: format.channels, encoding: format.encoding,
      audioBytes: audioBytes, isTruncated: isTruncated || audioBytes.count % frameWidth != 0)
  }

  /// The `bext` chunk's fields with the format's rate and the audio's length, or nil for a
  /// file without one. Only the chunk headers and the `bext` chunk are read.
  func broadcastInfo() throws(WAVError) -> BroadcastWAVInfo? {
    let layout = try layout()
    var offset = 12
    while offset + 8 <= count {
      let id = fourCC(at: offset)
      let declaredSize = Int(field(at: offset + 4) as UInt32)
      let body = offset + 8
      if id == "bext" {
        let end = body + min(declaredSize, BroadcastWAVInfo.fixedFieldsSize)
        return try BroadcastWAVInfo(
          bext: read(body..<min(end, count)), sampleRate: layout.sampleRate,
          frameCount: layout.frameCount)
      }
      // An unpatched streaming header's audio runs to the end of the file.
      if id == "data", declaredSize == 0, riffEnd <= body { break }
      offset = body + declaredSize + declaredSize % 2
    }
    return nil
  }

  private func checkContainer() throws(WAVError) {
    guard count >= 4 else { throw .notRIFF }
    switch fourCC(at: 0) {
    case "RIFF": break
    case "RIFX": throw .unsupportedVariant("big-endian RIFX")
    case "RF64": throw .unsupportedVariant("RF64 (64-bit sizes)")
    default: throw .notRIFF
    }
    guard count >= 12, fourCC(at: 8) == "WAVE" else { throw .notWAVE }
  }

  /// Where the RIFF header says the file ends; only consulted to recognise unpatched headers.
  private var riffEnd: Int { 8 + Int(field(at: 4) as UInt32) }

  private func format(in range: Range<Int>) throws(WAVError) -> Format {
    guard range.count >= 16 else { throw .malformedFormat }
    let body = read(range.lowerBound..<min(range.upperBound, range.lowerBound + 40))
    guard body.count >= 16 else { throw .malformedFormat }
    func field<T: FixedWidthInteger>(_ offset: Int) -> T {
      body[offset..<(offset + T.bitWidth / 8)].reversed().reduce(0) { $0 << 8 | T($1) }
    }
    var tag: UInt16 = field(0)
    if tag == WAVSampleEncoding.extensibleTag {
      guard body.count >= 40 else { throw .malformedFormat }
      guard body[26..<40].elementsEqual(Self.subformatGUIDTail) else {
        throw .unsupportedEncoding("an unrecognised WAVE_FORMAT_EXTENSIBLE subformat")
      }
      tag = field(24)
    }
    let encoding = try WAVSampleEncoding(formatTag: tag, bitsPerSample: Int(field(14) as UInt16))
    let channels = Int(field(2) as UInt16)
    let sampleRate = Int(field(4) as UInt32)
    let blockAlign = Int(field(12) as UInt16)
    guard channels > 0 else { throw .noChannels }
    guard channels <= WAVLayout.maximumChannels else { throw .tooManyChannels(channels) }
    guard WAVLayout.sampleRates.contains(sampleRate) else {
      throw .unsupportedSampleRate(sampleRate)
    }
    guard blockAlign == channels * encoding.byteWidth else {
      throw .wrongBlockAlignment(blockAlign, channels: channels, bytesPerSample: encoding.byteWidth)
    }
    return Format(encoding: encoding, channels: channels, sampleRate: sampleRate)
  }

  /// A little-endian field; zero where the file ends before it.
  private func field<T: FixedWidthInteger>(at offset: Int) -> T {
    let bytes = read(offset..<(offset + T.bitWidth / 8))
    guard bytes.count == T.bitWidth / 8 else { return 0 }
    return bytes.reversed().reduce(0) { $0 << 8 | T($1) }
  }

  private func fourCC(at offset: Int) -> String {
    String(decoding: read(offset..<(offset + 4)), as: UTF8.self)
  }
}
