import Foundation

/// Builds WAV files byte by byte, independently of `WAVCodec`'s writer, so the reader is
/// tested against the file format rather than against our own encoder. Derived fields wrap
/// around, because the fuzz tests declare absurd formats on purpose.
enum WAVBytes {
  static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

  static func le32(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) }
  }

  /// A chunk with its pad byte when the body is odd; `declaredSize` lets a test lie about it.
  static func chunk(_ id: String, _ body: [UInt8], declaredSize: UInt32? = nil) -> [UInt8] {
    Array(id.utf8) + le32(declaredSize ?? UInt32(body.count)) + body
      + (body.count % 2 == 1 ? [0] : [])
  }

  static func fmt(tag: UInt16, channels: UInt16 = 1, sampleRate: UInt32 = 8_000, bits: UInt16)
    -> [UInt8]
  {
    let blockAlign = channels &* ((bits + 7) / 8)
    return chunk(
      "fmt ",
      le16(tag) + le16(channels) + le32(sampleRate) + le32(sampleRate &* UInt32(blockAlign))
        + le16(blockAlign) + le16(bits))
  }

  /// WAVE_FORMAT_EXTENSIBLE with a standard subformat GUID whose first two bytes are `subformat`.
  static func extensibleFmt(
    subformat: UInt16, channels: UInt16 = 2, sampleRate: UInt32 = 44_100, bits: UInt16,
    validBits: UInt16? = nil, guidTail: [UInt8] = standardGUIDTail
  ) -> [UInt8] {
    let blockAlign = channels &* ((bits + 7) / 8)
    let body =
      le16(0xFFFE) + le16(channels) + le32(sampleRate) + le32(sampleRate &* UInt32(blockAlign))
      + le16(blockAlign) + le16(bits) + le16(22) + le16(validBits ?? bits) + le32(0x3)
      + le16(subformat) + guidTail
    return chunk("fmt ", body)
  }

  static let standardGUIDTail: [UInt8] = [
    0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71,
  ]

  static func data(_ body: [UInt8], declaredSize: UInt32? = nil) -> [UInt8] {
    chunk("data", body, declaredSize: declaredSize)
  }

  static func file(_ chunks: [UInt8]..., form: String = "WAVE", riffSize: UInt32? = nil) -> Data {
    let content = Array(form.utf8) + chunks.flatMap { $0 }
    return Data(Array("RIFF".utf8) + le32(riffSize ?? UInt32(content.count)) + content)
  }

  static func int16s(_ values: [Int16]) -> [UInt8] {
    values.flatMap { le16(UInt16(bitPattern: $0)) }
  }

  static func int24s(_ values: [Int32]) -> [UInt8] {
    values.flatMap { Array(le32(UInt32(bitPattern: $0)).prefix(3)) }
  }

  static func int32s(_ values: [Int32]) -> [UInt8] {
    values.flatMap { le32(UInt32(bitPattern: $0)) }
  }

  static func float32s(_ values: [Float]) -> [UInt8] { values.flatMap { le32($0.bitPattern) } }

  static func float64s(_ values: [Double]) -> [UInt8] {
    values.flatMap { value in (0..<8).map { UInt8((value.bitPattern >> (8 * $0)) & 0xFF) } }
  }
}
