import CZlib

/// The one place that calls zlib: `.mxl` scores are ZIP archives whose entries are usually
/// raw deflate streams, checked with CRC-32.
enum Inflate {
  /// Inflates a raw deflate stream (no zlib or gzip header, as in a ZIP entry) that must
  /// come to exactly `size` bytes; nil if the stream is broken or has another length.
  static func raw(_ compressed: ArraySlice<UInt8>, size: Int) -> [UInt8]? {
    var stream = z_stream()
    guard
      inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        == Z_OK
    else { return nil }
    defer { inflateEnd(&stream) }
    // One byte more than expected, so that a longer stream shows up as a wrong size.
    var output = [UInt8](repeating: 0, count: size + 1)
    var input = Array(compressed)
    let status = input.withUnsafeMutableBufferPointer { inBuffer in
      output.withUnsafeMutableBufferPointer { outBuffer in
        stream.next_in = inBuffer.baseAddress
        stream.avail_in = UInt32(inBuffer.count)
        stream.next_out = outBuffer.baseAddress
        stream.avail_out = UInt32(outBuffer.count)
        return inflate(&stream, Z_FINISH)
      }
    }
    guard status == Z_STREAM_END, Int(stream.total_out) == size else { return nil }
    output.removeLast()
    return output
  }

  /// The CRC-32 a ZIP entry records for its uncompressed bytes.
  static func checksum(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      UInt32(crc32(0, buffer.baseAddress, UInt32(buffer.count)))
    }
  }
}
