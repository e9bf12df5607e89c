import Foundation

/// A strict RFC 8259 parser that reports the line of the first error, so a user can find the
/// typo in a hand-edited settings file.
struct JSONParser {
  /// Deeper nesting than any Woodshed file needs; it stops a hostile file from overflowing the
  /// stack.
  static let maximumDepth = 256

  private let bytes: [UInt8]
  private var position = 0
  private var depth = 0

  init(_ data: Data) {
    bytes = Array(data)
    // Some editors start UTF-8 files with a byte order mark; RFC 8259 lets a parser skip it.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
  }

  mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    guard position == bytes.count else { throw failure("unexpected text after the value") }
    return value
  }

  private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    guard let byte = peek() else { throw failure("unexpected end of text") }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw failure("unexpected character")
    }
  }

  /// Steps past an opening bracket; pair with `depth -= 1` when the container ends.
  private mutating func enterContainer() throws(JSONSyntaxError) {
    guard depth < Self.maximumDepth else { throw failure("nested too deeply") }
    depth += 1
    position += 1
  }

  private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
    try enterContainer()
    defer { depth -= 1 }
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if consume(UInt8(ascii: "}")) { return .object(members) }
    while true {
      skipWhitespace()
      guard peek() == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
      let key = try parseString()
      skipWhitespace()
      guard consume(UInt8(ascii: ":")) else { throw failure("expected ':' after a key") }
      skipWhitespace()
      members[key] = try parseValue()
      skipWhitespace()
      if consume(UInt8(ascii: "}")) { return .object(members) }
      guard consume(UInt8(ascii: ",")) else { throw failure("expected ',' or '}'") }
    }
  }

  private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
    try enterContainer()
    defer { depth -= 1 }
    var elements: [JSONValue] = []
    skipWhitespace()
    if consume(UInt8(ascii: "]")) { return .array(elements) }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      if consume(UInt8(ascii: "]")) { return .array(elements) }
      guard consume(UInt8(ascii: ",")) else { throw failure("expected ',' or ']'") }
    }
  }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    position += 1
    var utf8: [UInt8] = []
    while let byte = peek() {
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard let text = String(validating: utf8, as: UTF8.self) else {
          throw failure("text is not valid UTF-8")
        }
        return text
      case UInt8(ascii: "\\"):
        utf8.append(contentsOf: try parseEscape())
      case 0..<0x20:
        throw failure("control character inside a string")
      default:
        utf8.append(byte)
      }
    }
    throw failure("unterminated string")
  }

  /// Returns the UTF-8 bytes of one escape sequence; the backslash is already consumed.
  private mutating func parseEscape() throws(JSONSyntaxError) -> [UInt8] {
    guard let byte = peek() else { throw failure("unterminated string") }
    position += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return [byte]
    case UInt8(ascii: "b"): return [0x08]
    case UInt8(ascii: "f"): return [0x0C]
    case UInt8(ascii: "n"): return [0x0A]
    case UInt8(ascii: "r"): return [0x0D]
    case UInt8(ascii: "t"): return [0x09]
    case UInt8(ascii: "u"): return Array(String(try parseUnicodeEscape()).utf8)
    default: throw failure("unknown escape sequence")
    }
  }

  /// Reads `XXXX` after `\u`, joining a UTF-16 surrogate pair written as two escapes.
  private mutating func parseUnicodeEscape() throws(JSONSyntaxError) -> Character {
    let first = try parseHexQuad()
    if (0xD800..<0xDC00).contains(first) {
      guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else {
        throw failure("unpaired surrogate in \\u escape")
      }
      let second = try parseHexQuad()
      guard (0xDC00..<0xE000).contains(second) else {
        throw failure("unpaired surrogate in \\u escape")
      }
      let scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
      return Character(Unicode.Scalar(scalar)!)
    }
    guard let scalar = Unicode.Scalar(first) else {
      throw failure("unpaired surrogate in \\u escape")
    }
    return Character(scalar)
  }

  private mutating func parseHexQuad() throws(JSONSyntaxError) -> UInt32 {
    guard position + 4 <= bytes.count,
      let text = String(validating: bytes[position..<position + 4], as: UTF8.self),
      text.allSatisfy(\.isHexDigit), let value = UInt32(text, radix: 16)
    else { throw failure("expected four hex digits after \\u") }
    position += 4
    return value
  }

  private mutating func parseLiteral(_ word: String, _ value: JSONValue)
    throws(JSONSyntaxError) -> JSONValue
  {
    let expected = Array(word.utf8)
    guard bytes[position...].starts(with: expected) else { throw failure("unexpected word") }
    position += expected.count
    return value
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
    let start = position
    _ = consume(UInt8(ascii: "-"))
    if !consume(UInt8(ascii: "0")) {
      guard skipDigits() else { throw failure("expected a digit") }
    }
    if consume(UInt8(ascii: ".")) {
      guard skipDigits() else { throw failure("expected a digit after '.'") }
    }
    if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
      _ = consume(UInt8(ascii: "+")) || consume(UInt8(ascii: "-"))
      guard skipDigits() else { throw failure("expected a digit in the exponent") }
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    guard let value = Double(text), value.isFinite else { throw failure("number too large") }
    return .number(value)
  }

  /// Returns whether at least one digit was skipped.
  private mutating func skipDigits() -> Bool {
    let start = position
    while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
      position += 1
    }
    return position > start
  }

  private mutating func skipWhitespace() {
    while let byte = peek(), [0x20, 0x09, 0x0A, 0x0D].contains(byte) { position += 1 }
  }

  private mutating func consume(_ byte: UInt8) -> Bool {
    guard peek() == byte else { return false }
    position += 1
    return true
  }

  private func peek() -> UInt8? {
    position < bytes.count ? bytes[position] : nil
  }

  private func failure(_ problem: String) -> JSONSyntaxError {
    let end = min(position, bytes.count)
    let line = bytes[..<end].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    return JSONSyntaxError(line: line, problem: problem)
  }
}
