extension UnsafeRawBufferPointer {
  /// WAV fields and samples are little-endian and sit at any byte offset.
  func littleEndian<T: FixedWidthInteger>(at offset: Int) -> T {
    T(littleEndian: loadUnaligned(fromByteOffset: offset, as: T.self))
  }
}
