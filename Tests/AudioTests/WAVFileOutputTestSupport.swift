import Foundation

/// Reads a mono float32 WAV back by hand, independently of the codec that wrote it.
enum WAVTestFile {
  struct Malformed: Error, CustomStringConvertible {
    let description: String
  }

  static func floatSamples(of url: URL) throws -> [Float] {
    let data = try Data(contentsOf: url)
    let header = try self.header(of: data)
    guard header.formatTag == 3, header.channels == 1, header.bitsPerSample == 32 else {
      throw Malformed(description: "not mono float32: \(header)")
    }
    // A byte copy instead of a per-sample decode keeps a ten-minute file quick in a debug
    // build; WAV is little-endian, as are the machines this runs on.
    precondition(UInt32(1).littleEndian == 1, "this reader assumes a little-endian machine")
    let count = min(header.dataSize, data.count - 44) / 4
    return [Float](unsafeUninitializedCapacity: count) { samples, initialized in
      data.withUnsafeBytes { bytes in
        UnsafeMutableRawBufferPointer(samples).copyMemory(
          from: UnsafeRawBufferPointer(rebasing: bytes[44..<(44 + count * 4)]))
      }
      initialized = count
    }
  }

  struct Header: Equatable {
    var riffSize: Int
    var formatTag: Int
    var channels: Int
    var sampleRate: Int
    var bitsPerSample: Int
    var dataSize: Int
  }

  static func header(of data: Data) throws -> Header {
    guard data.count >= 44, data.prefix(4) == Data("RIFF".utf8),
      data[8..<16] == Data("WAVEfmt ".utf8), data[36..<40] == Data("data".utf8)
    else { throw Malformed(description: "not a 44-byte-header WAV") }
    func field(_ offset: Int, _ width: Int) -> Int {
      (0..<width).reduce(0) { $0 | Int(data[offset + $1]) << (8 * $1) }
    }
    return Header(
      riffSize: field(4, 4), formatTag: field(20, 2), channels: field(22, 2),
      sampleRate: field(24, 4), bitsPerSample: field(34, 2), dataSize: field(40, 4))
  }
}
