import FoundationEssentials

/// Strict JSON (RFC 8259) into a `JSONValue`, with the two allowances hand-edited files need: a
/// byte order mark, and a comma before a closing bracket. A number too large for a Double (1e400)
/// is kept as an infinite number, so only the field that holds it is wrong, not the whole file.
struct JSONParser {
  /// Deeper than any file Woodshed writes; a hostile one cannot exhaust the stack.
  static let maximumDepth = 512

  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0

  static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
    var bytes = [UInt8](data)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    var parser = JSONParser(bytes: bytes)
    let value = try parser.value()
    parser.skipWhitespace()
    guard parser.index == bytes.count else { throw JSONSyntaxError() }
    return value
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipWhitespace() {
    while let byte = current, [0x20, 0x09, 0x0A, 0x0D].contains(byte) { index += 1 }
  }

  private mutating func expect(_ text: String) throws(JSONSyntaxError) {
    for byte in text.utf8 {
      guard current == byte else { throw JSONSyntaxError() }
      index += 1
    }
  }

  private mutating func value() throws(JSONSyntaxError) -> JSONValue {
    skipWhitespace()
    switch current {
    case UInt8(ascii: "{"):
      return try nested { (parser) throws(JSONSyntaxError) in try parser.object() }
    case UInt8(ascii: "["):
      return try nested { (parser) throws(JSONSyntaxError) in try parser.array() }
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"):
      try expect("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expect("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expect("null")
      return .null
    default: return .number(try number())
    }
  }

  private mutating func nested(_ body: (inout JSONParser) throws(JSONSyntaxError) -> JSONValue)
    throws(JSONSyntaxError) -> JSONValue
  {
    depth += 1
    guard depth <= Self.maximumDepth else { throw JSONSyntaxError() }
    defer { depth -= 1 }
    return try body(&self)
  }

  private mutating func object() throws(JSONSyntaxError) -> JSONValue {
    index += 1
    var members: [String: JSONValue] = [:]
    while true {
      skipWhitespace()
      if current == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      let key = try string()
      skipWhitespace()
      try expect(":")
      members[key] = try value()
      skipWhitespace()
      if current == UInt8(ascii: ",") {
        index += 1
      } else if current != UInt8(ascii: "}") {
        throw JSONSyntaxError()
      }
    }
  }

  private mutating func array() throws(JSONSyntaxError) -> JSONValue {
    index += 1
    var elements: [JSONValue] = []
    while true {
      skipWhitespace()
      if current == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      }
      elements.append(try value())
      skipWhitespace()
      if current == UInt8(ascii: ",") {
        index += 1
      } else if current != UInt8(ascii: "]") {
        throw JSONSyntaxError()
      }
    }
  }

  private mutating func string() throws(JSONSyntaxError) -> String {
    guard current == UInt8(ascii: "\"") else { throw JSONSyntaxError() }
    index += 1
    var text: [UInt8] = []
    while let byte = current {
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard let string = String(validating: text, as: UTF8.self) else { throw JSONSyntaxError() }
        return string
      case UInt8(ascii: "\\"): try escape(into: &text)
      case 0..<0x20: throw JSONSyntaxError()
      default: text.append(byte)
      }
    }
    throw JSONSyntaxError()
  }

  private static let escapes: [UInt8: UInt8] = [
    UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
    UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
    UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
  ]

  private mutating func escape(into text: inout [UInt8]) throws(JSONSyntaxError) {
    guard let letter = current else { throw JSONSyntaxError() }
    index += 1
    if let byte = Self.escapes[letter] {
      text.append(byte)
      return
    }
    guard letter == UInt8(ascii: "u") else { throw JSONSyntaxError() }
    var scalar = try hexQuad()
    if (0xD800..<0xDC00).contains(scalar) {
      try expect("\\u")
      let low = try hexQuad()
      guard (0xDC00..<0xE000).contains(low) else { throw JSONSyntaxError() }
      scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
    }
    guard let unicode = Unicode.Scalar(scalar) else { throw JSONSyntaxError() }
    text.append(contentsOf: String(Character(unicode)).utf8)
  }

  private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count,
      let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
    else { throw JSONSyntaxError() }
    index += 4
    return value
  }

  /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
  private mutating func number() throws(JSONSyntaxError) -> Double {
    let start = index
    if current == UInt8(ascii: "-") { index += 1 }
    if current == UInt8(ascii: "0") {
      index += 1
    } else {
      try digits()
    }
    if current == UInt8(ascii: ".") {
      index += 1
      try digits()
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      try digits()
    }
    guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
      throw JSONSyntaxError()
    }
    return value
  }

  private mutating func digits() throws(JSONSyntaxError) {
    let start = index
    while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
    guard index > start else { throw JSONSyntaxError() }
  }
}
