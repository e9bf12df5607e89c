import Files

/// The entries of a ZIP archive, read from its central directory: enough for `.mxl` scores,
/// whose entries are stored or deflated. ZIP64, encryption and multi-disk archives are refused.
struct ZipArchive {
  struct Entry {
    let name: String
    let method: UInt16
    let checksum: UInt32
    let compressedSize: Int
    let size: Int
    let headerOffset: Int
  }

  private let bytes: [UInt8]
  let entries: [Entry]

  init(_ bytes: [UInt8]) throws(ScoreFormatError) {
    self.bytes = bytes
    // The end-of-central-directory record is the last thing in the file, followed by a
    // comment of up to 65 535 bytes.
    let lowest = max(0, bytes.count - 22 - 65_535)
    guard bytes.count >= 22,
      let end = stride(from: bytes.count - 22, through: lowest, by: -1).first(where: {
        Self.uint32(bytes, $0) == 0x0605_4B50
      })
    else {
      throw ScoreFormatError(reason: "not a ZIP archive, or cut short (no central directory)")
    }
    let count = Int(Self.uint16(bytes, end + 10))
    let directorySize = Int(Self.uint32(bytes, end + 12))
    var offset = Int(Self.uint32(bytes, end + 16))
    guard offset + directorySize <= end else {
      throw ScoreFormatError(reason: "the central directory lies outside the file (cut short?)")
    }
    var entries: [Entry] = []
    for _ in 0..<count {
      guard offset + 46 <= end, Self.uint32(bytes, offset) == 0x0201_4B50 else {
        throw ScoreFormatError(reason: "a broken central directory entry")
      }
      let nameLength = Int(Self.uint16(bytes, offset + 28))
      let extraLength = Int(Self.uint16(bytes, offset + 30))
      let commentLength = Int(Self.uint16(bytes, offset + 32))
      guard offset + 46 + nameLength <= end else {
        throw ScoreFormatError(reason: "a broken central directory entry")
      }
      let entry = Entry(
        name: String(decoding: bytes[offset + 46..<offset + 46 + nameLength], as: UTF8.self),
        method: Self.uint16(bytes, offset + 10),
        checksum: Self.uint32(bytes, offset + 16),
        compressedSize: Int(Self.uint32(bytes, offset + 20)),
        size: Int(Self.uint32(bytes, offset + 24)),
        headerOffset: Int(Self.uint32(bytes, offset + 42)))
      guard entry.compressedSize != 0xFFFF_FFFF, entry.size != 0xFFFF_FFFF,
        entry.headerOffset != 0xFFFF_FFFF
      else { throw ScoreFormatError(reason: "ZIP64 archives are not supported") }
      guard Self.uint16(bytes, offset + 8) & 1 == 0 else {
        throw ScoreFormatError(reason: "\(entry.name) is encrypted")
      }
      entries.append(entry)
      offset += 46 + nameLength + extraLength + commentLength
    }
    self.entries = entries
  }

  /// A score's largest file, as `FileKind.score` allows it uncompressed; a damaged or hostile
  /// archive may claim gigabytes, and the space for an entry is set aside before it is inflated.
  static let largestEntry = FileKind.score.byteLimit

  /// The uncompressed bytes of `entry`, checked against its size and CRC-32.
  func contents(of entry: Entry) throws(ScoreFormatError) -> [UInt8] {
    guard entry.size <= Self.largestEntry else {
      throw ScoreFormatError(
        reason: "\(entry.name) claims \(entry.size >> 20) MB, more than a score holds")
    }
    let header = entry.headerOffset
    guard header + 30 <= bytes.count, Self.uint32(bytes, header) == 0x0403_4B50 else {
      throw ScoreFormatError(reason: "the local header of \(entry.name) is missing")
    }
    let start =
      header + 30 + Int(Self.uint16(bytes, header + 26))
      + Int(Self.uint16(bytes, header + 28))
    guard start + entry.compressedSize <= bytes.count else {
      throw ScoreFormatError(reason: "\(entry.name) is cut short")
    }
    let data = bytes[start..<start + entry.compressedSize]
    var contents: [UInt8]
    switch entry.method {
    case 0:
      guard entry.compressedSize == entry.size else {
        throw ScoreFormatError(reason: "\(entry.name) has two different sizes")
      }
      contents = Array(data)
    case 8:
      guard let inflated = Inflate.raw(data, size: entry.size) else {
        throw ScoreFormatError(reason: "\(entry.name) does not inflate to its recorded size")
      }
      contents = inflated
    default:
      throw ScoreFormatError(
        reason: "\(entry.name) uses compression method \(entry.method), not deflate")
    }
    guard Inflate.checksum(contents) == entry.checksum else {
      throw ScoreFormatError(reason: "\(entry.name) fails its CRC check")
    }
    return contents
  }

  private static func uint16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
    guard at + 2 <= bytes.count else { return 0 }
    return UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
  }

  private static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    guard at + 4 <= bytes.count else { return 0 }
    return (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) }
  }
}
