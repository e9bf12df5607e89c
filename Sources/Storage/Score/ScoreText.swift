/// Turns a score file's bytes into UTF-8 text: MusicXML may be UTF-16 (with a byte order mark,
/// as the XML standard requires of it) or UTF-8, with or without a mark. UTF-8 is checked where
/// it lies, not copied: a score may be tens of megabytes.
enum ScoreText {
  static func decode(_ bytes: [UInt8]) throws(ScoreFormatError) -> [UInt8] {
    if bytes.starts(with: [0xFF, 0xFE]) {
      return Array(utf16(bytes.dropFirst(2), bigEndian: false).utf8)
    }
    if bytes.starts(with: [0xFE, 0xFF]) {
      return Array(utf16(bytes.dropFirst(2), bigEndian: true).utf8)
    }
    var body = bytes
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
    guard isUTF8(body) else { throw ScoreFormatError(reason: "not UTF-8 or UTF-16 text") }
    return body
  }

  private static func isUTF8(_ bytes: [UInt8]) -> Bool {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
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
