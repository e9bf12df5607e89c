/// One piece of an XML document, as `XMLTokenizer` hands them out.
enum XMLToken: Equatable {
  /// `<name a="1">`; a self-closing `<name/>` comes as `start` followed by `end`.
  case start(name: String, attributes: [String: String])
  case end(name: String)
  /// Character data with entities and character references resolved; CDATA comes as text too.
  case text(String)
}

/// A malformed document, told in one line that names the line of the file.
struct XMLSyntaxError: Error, Equatable, CustomStringConvertible {
  let line: Int
  let message: String

  var description: String { "line \(line): \(message)" }
}

/// A small streaming XML reader, enough for MusicXML: it exists because Foundation's
/// `XMLParser` would link all of Foundation and ICU into the binary, for one import.
///
/// It checks that tags nest and close; comments, processing instructions and the DOCTYPE are
/// skipped, and only the five predefined entities and character references are known (the
/// MusicXML DTD declares no others). Namespaces are left as written in names.
struct XMLTokenizer {
  /// Far beyond any score (a part nests a few levels deep), and a hostile document cannot make
  /// the reader's stack or its work grow without bound.
  static let deepestNesting = 256
  static let mostAttributes = 64
  /// Enough for the first part of the longest opera, and a bound on the time a hostile
  /// document takes (about a second).
  static let mostElements = 1_000_000

  private let bytes: [UInt8]
  private var elements = 0
  private var position = 0
  private var line = 1
  private var open: [String] = []
  private var pendingEnd: String?

  /// `bytes` is the document as UTF-8 (see `ScoreText`).
  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  init(_ text: String) {
    self.init(Array(text.utf8))
  }

  /// The next token, or nil at the end of a well-formed document.
  mutating func next() throws(XMLSyntaxError) -> XMLToken? {
    if let name = pendingEnd {
      pendingEnd = nil
      return .end(name: name)
    }
    while position < bytes.count {
      guard bytes[position] == UInt8(ascii: "<") else { return .text(try characterData()) }
      if starts(with: "<!--") {
        try skip(past: "-->", what: "comment")
      } else if starts(with: "<![CDATA[") {
        let from = position + 9
        try skip(past: "]]>", what: "CDATA section")
        return .text(String(decoding: bytes[from..<position - 3], as: UTF8.self))
      } else if starts(with: "<?") {
        try skip(past: "?>", what: "processing instruction")
      } else if starts(with: "<!") {
        try skipDeclaration()
      } else if starts(with: "</") {
        return try endTag()
      } else {
        return try startTag()
      }
    }
    if let unclosed = open.last { throw failure("<\(unclosed)> is never closed") }
    return nil
  }

  private func failure(_ message: String) -> XMLSyntaxError {
    XMLSyntaxError(line: line, message: message)
  }

  private func starts(with prefix: StaticString) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    return prefix.withUTF8Buffer { bytes[position..<position + count].elementsEqual($0) }
  }

  /// Moves `position` by one byte, counting lines.
  private mutating func advance() {
    if bytes[position] == UInt8(ascii: "\n") { line += 1 }
    position += 1
  }

  private mutating func skip(past terminator: StaticString, what: String) throws(XMLSyntaxError) {
    let startLine = line
    while position < bytes.count {
      if starts(with: terminator) {
        position += terminator.utf8CodeUnitCount
        return
      }
      advance()
    }
    throw XMLSyntaxError(line: startLine, message: "the \(what) is never closed")
  }

  /// `<!DOCTYPE …>`, which may hold an internal subset in brackets.
  private mutating func skipDeclaration() throws(XMLSyntaxError) {
    let startLine = line
    var depth = 0
    while position < bytes.count {
      let byte = bytes[position]
      advance()
      if byte == UInt8(ascii: "[") { depth += 1 }
      if byte == UInt8(ascii: "]") { depth -= 1 }
      if byte == UInt8(ascii: ">"), depth <= 0 { return }
    }
    throw XMLSyntaxError(line: startLine, message: "the <!DOCTYPE …> is never closed")
  }

  private mutating func characterData() throws(XMLSyntaxError) -> String {
    var text: [UInt8] = []
    while position < bytes.count, bytes[position] != UInt8(ascii: "<") {
      if bytes[position] == UInt8(ascii: "&") {
        text += try reference()
      } else {
        text.append(bytes[position])
        advance()
      }
    }
    if open.isEmpty, text.contains(where: { !Self.isSpace($0) }) {
      throw failure("text outside the root element")
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// `&amp;`, `&#233;` or `&#xE9;` at `position`, as UTF-8.
  private mutating func reference() throws(XMLSyntaxError) -> [UInt8] {
    guard let semicolon = bytes[position...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
      throw failure("an & that starts no entity (write &amp;)")
    }
    let name = String(decoding: bytes[position + 1..<semicolon], as: UTF8.self)
    position = semicolon + 1
    switch name {
    case "lt": return Array("<".utf8)
    case "gt": return Array(">".utf8)
    case "amp": return Array("&".utf8)
    case "quot": return Array("\"".utf8)
    case "apos": return Array("'".utf8)
    default:
      var value: UInt32?
      if name.hasPrefix("#x") {
        value = UInt32(name.dropFirst(2), radix: 16)
      } else if name.hasPrefix("#") {
        value = UInt32(name.dropFirst())
      }
      guard let value, let scalar = Unicode.Scalar(value) else {
        throw failure("unknown entity &\(name);")
      }
      return Array(String(Character(scalar)).utf8)
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    !isSpace(byte) && !"<>/=\"'".utf8.contains(byte)
  }

  private mutating func skipSpace() {
    while position < bytes.count, Self.isSpace(bytes[position]) { advance() }
  }

  private mutating func name() throws(XMLSyntaxError) -> String {
    let from = position
    while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
    guard position > from else {
      throw failure(position < bytes.count ? "a tag without a name" : "the file ends inside a tag")
    }
    return String(decoding: bytes[from..<position], as: UTF8.self)
  }

  private mutating func startTag() throws(XMLSyntaxError) -> XMLToken {
    position += 1
    let tag = try name()
    elements += 1
    guard elements <= Self.mostElements else {
      throw failure("more than \(Self.mostElements) elements, more than a score holds")
    }
    guard open.count < Self.deepestNesting else {
      throw failure("<\(tag)> is nested more than \(Self.deepestNesting) elements deep")
    }
    var attributes: [String: String] = [:]
    while true {
      skipSpace()
      guard position < bytes.count else { throw failure("the file ends inside <\(tag)>") }
      if bytes[position] == UInt8(ascii: ">") {
        position += 1
        open.append(tag)
        return .start(name: tag, attributes: attributes)
      }
      if starts(with: "/>") {
        position += 2
        pendingEnd = tag
        return .start(name: tag, attributes: attributes)
      }
      let key = try name()
      skipSpace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
        throw failure("attribute \(key) of <\(tag)> has no value")
      }
      position += 1
      skipSpace()
      guard position < bytes.count,
        [UInt8(ascii: "\""), UInt8(ascii: "'")].contains(bytes[position])
      else { throw failure("the value of attribute \(key) of <\(tag)> needs quotes") }
      attributes[key] = try quoted(in: tag)
      guard attributes.count <= Self.mostAttributes else {
        throw failure("<\(tag)> has more than \(Self.mostAttributes) attributes")
      }
    }
  }

  private mutating func quoted(in tag: String) throws(XMLSyntaxError) -> String {
    let quote = bytes[position]
    position += 1
    var value: [UInt8] = []
    while position < bytes.count, bytes[position] != quote {
      guard bytes[position] != UInt8(ascii: "<") else { throw failure("a < inside <\(tag)>") }
      if bytes[position] == UInt8(ascii: "&") {
        value += try reference()
      } else {
        value.append(bytes[position])
        advance()
      }
    }
    guard position < bytes.count else { throw failure("the file ends inside <\(tag)>") }
    position += 1
    return String(decoding: value, as: UTF8.self)
  }

  private mutating func endTag() throws(XMLSyntaxError) -> XMLToken {
    position += 2
    let tag = try name()
    skipSpace()
    guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
      throw failure("</\(tag) is not closed with >")
    }
    position += 1
    guard let expected = open.popLast() else { throw failure("</\(tag)> closes nothing") }
    guard expected == tag else { throw failure("</\(tag)> where </\(expected)> was expected") }
    return .end(name: tag)
  }
}
