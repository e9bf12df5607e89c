/// How one sample is laid out in a `data` chunk, as far as this reader understands it.
enum WAVSampleEncoding: Equatable {
  case unsigned8
  case signed16
  case signed24
  case signed32
  case float32
  case float64

  static let pcmTag: UInt16 = 0x0001
  static let floatTag: UInt16 = 0x0003
  static let extensibleTag: UInt16 = 0xFFFE

  /// Encodings users meet in the wild, so the error names what the file is rather than a number.
  private static let unsupportedNames: [UInt16: String] = [
    0x0002: "Microsoft ADPCM",
    0x0006: "A-law",
    0x0007: "μ-law",
    0x0011: "IMA ADPCM",
    0x0031: "GSM 6.10",
    0x0050: "MPEG audio",
    0x0055: "MP3",
  ]

  init(formatTag: UInt16, bitsPerSample: Int) throws(WAVError) {
    switch formatTag {
    case Self.pcmTag:
      // Odd sizes such as 12 or 20 bits sit left-aligned in whole bytes, so the container width
      // alone decodes them at the right scale.
      switch (bitsPerSample + 7) / 8 {
      case 1: self = .unsigned8
      case 2: self = .signed16
      case 3: self = .signed24
      case 4: self = .signed32
      default: throw .unsupportedSampleSize(bits: bitsPerSample, floatingPoint: false)
      }
    case Self.floatTag:
      switch bitsPerSample {
      case 32: self = .float32
      case 64: self = .float64
      default: throw .unsupportedSampleSize(bits: bitsPerSample, floatingPoint: true)
      }
    default:
      throw .unsupportedEncoding(Self.name(ofFormatTag: formatTag))
    }
  }

  private static func name(ofFormatTag tag: UInt16) -> String {
    if let name = unsupportedNames[tag] { return name }
    let hex = String(tag, radix: 16, uppercase: true)
    return "format tag 0x" + String(repeating: "0", count: 4 - hex.count) + hex
  }

  var byteWidth: Int {
    switch self {
    case .unsigned8: 1
    case .signed16: 2
    case .signed24: 3
    case .signed32, .float32: 4
    case .float64: 8
    }
  }

  /// Decodes `count` consecutive samples starting at byte `start`.
  func decode(_ bytes: UnsafeRawBufferPointer, from start: Int, count: Int) -> [Float] {
    let width = byteWidth
    let offsets = (0..<count).lazy.map { start + $0 * width }
    switch self {
    case .unsigned8:
      return offsets.map { (Float(bytes[$0]) - 128) / 128 }
    case .signed16:
      return offsets.map { Float(bytes.littleEndian(at: $0) as Int16) / 32_768 }
    case .signed24:
      return offsets.map { offset in
        let unsigned =
          Int32(bytes[offset]) | Int32(bytes[offset + 1]) << 8
          | Int32(bytes[offset + 2]) << 16
        // Shifting the top byte into the sign bit and back sign-extends the 24-bit value.
        return Float((unsigned << 8) >> 8) / 8_388_608
      }
    case .signed32:
      return offsets.map { Float(bytes.littleEndian(at: $0) as Int32) / 2_147_483_648 }
    case .float32:
      return offsets.map { finite(Float(bitPattern: bytes.littleEndian(at: $0))) }
    case .float64:
      return offsets.map {
        finite(Float(Double(bitPattern: bytes.littleEndian(at: $0))))
      }
    }
  }

  /// A NaN or infinity from a damaged file would poison every filter and meter downstream.
  private func finite(_ sample: Float) -> Float { sample.isFinite ? sample : 0 }
}
