/// One Open Sound Control message: an address such as `/add_marker` and its arguments, as
/// OSC 1.0 puts them in a UDP packet (big-endian numbers, strings ended by a zero and padded to
/// four bytes, a type tag string such as `,is`).
public struct OSCMessage: Equatable, Sendable, CustomStringConvertible {
  public enum Argument: Equatable, Sendable {
    case int(Int32)
    case float(Float)
    case string(String)

    var tag: UInt8 {
      switch self {
      case .int: UInt8(ascii: "i")
      case .float: UInt8(ascii: "f")
      case .string: UInt8(ascii: "s")
      }
    }

    /// A number as a number, whatever type it was sent as; nil for a string.
    public var number: Double? {
      switch self {
      case .int(let value): Double(value)
      case .float(let value): Double(value)
      case .string: nil
      }
    }
  }

  public enum DecodingError: Error, Equatable {
    case notAMessage
  }

  public let address: String
  public let arguments: [Argument]

  public init(_ address: String, _ arguments: [Argument] = []) {
    self.address = address
    self.arguments = arguments
  }

  /// The message as `oscdump` prints it: `/add_marker s "Take 3"`.
  public var description: String {
    let tags = arguments.map { String(UnicodeScalar($0.tag)) }.joined()
    let values = arguments.map { argument in
      switch argument {
      case .int(let value): "\(value)"
      case .float(let value): "\(value)"
      case .string(let value): "\"\(value)\""
      }
    }
    return ([address] + (tags.isEmpty ? [] : [tags]) + values).joined(separator: " ")
  }

  public var bytes: [UInt8] {
    var bytes: [UInt8] = []
    Self.appendString(address, to: &bytes)
    Self.appendString("," + String(decoding: arguments.map(\.tag), as: UTF8.self), to: &bytes)
    for argument in arguments {
      switch argument {
      case .int(let value): Self.appendWord(UInt32(bitPattern: value), to: &bytes)
      case .float(let value): Self.appendWord(value.bitPattern, to: &bytes)
      case .string(let value): Self.appendString(value, to: &bytes)
      }
    }
    return bytes
  }

  /// Reads a message from a packet; a bundle, a truncated packet or a type this does not read
  /// (blobs, timetags…) is not a message for it.
  public init(decoding packet: [UInt8]) throws(DecodingError) {
    var reader = Reader(bytes: packet)
    let address = try reader.string()
    guard address.hasPrefix("/") else { throw .notAMessage }
    var arguments: [Argument] = []
    if !reader.isAtEnd {
      let tags = try reader.string()
      guard tags.hasPrefix(",") else { throw .notAMessage }
      for tag in tags.utf8.dropFirst() {
        switch tag {
        case UInt8(ascii: "i"): arguments.append(.int(Int32(bitPattern: try reader.word())))
        case UInt8(ascii: "f"): arguments.append(.float(Float(bitPattern: try reader.word())))
        case UInt8(ascii: "s"): arguments.append(.string(try reader.string()))
        default: throw .notAMessage
        }
      }
    }
    self.init(address, arguments)
  }

  private static func appendString(_ string: String, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: string.utf8)
    bytes.append(0)
    while bytes.count % 4 != 0 { bytes.append(0) }
  }

  private static func appendWord(_ word: UInt32, to bytes: inout [UInt8]) {
    for shift in stride(from: 24, through: 0, by: -8) {
      bytes.append(UInt8(truncatingIfNeeded: word >> shift))
    }
  }

  private struct Reader {
    let bytes: [UInt8]
    var offset = 0

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func string() throws(DecodingError) -> String {
      guard let end = bytes[offset...].firstIndex(of: 0) else { throw .notAMessage }
      let text = String(decoding: bytes[offset..<end], as: UTF8.self)
      offset = (end + 4) / 4 * 4
      guard offset <= bytes.count else { throw .notAMessage }
      return text
    }

    mutating func word() throws(DecodingError) -> UInt32 {
      guard offset + 4 <= bytes.count else { throw .notAMessage }
      defer { offset += 4 }
      return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
  }
}
