/// Turns a score file's bytes into text: MusicXML may be UTF-16 (with a byte order mark, as
/// the XML standard requires of it) or UTF-8, with or without a mark.
enum ScoreText {
  static func decode(_ bytes: [UInt8]) throws(ScoreFormatError) -> String {
    if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), bigEndian: false) }
    if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), bigEndian: true) }
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    guard let text = String(validating: body, as: UTF8.self) else {
      throw ScoreFormatError(reason: "not UTF-8 or UTF-16 text")
    }
    return text
  }

  /// Pairs of bytes as code units; an odd last byte or a lone surrogate becomes U+FFFD.
  private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = bytes.startIndex
    while index + 1 < bytes.endIndex {
      let first = UInt16(bytes[index])
      let second = UInt16(bytes[index + 1])
      units.append(bigEndian ? first << 8 | second : second << 8 | first)
      index += 2
    }
    if index < bytes.endIndex { units.append(0xFFFD) }
    return String(decoding: units, as: UTF16.self)
  }
}
