/// The most recent input samples, addressed by their index from the start of the stream, so the
/// detector can go back to the waveform around an onset it found in the spectrum. Samples before
/// the stream started read as silence.
struct SampleHistory {
  private var storage: [Float]
  private let mask: Int
  /// The number of samples received so far, which is the stream index of the next one.
  private(set) var end = 0

  /// Holds at least `capacity` samples; a power of two, so that wrapping is a mask.
  init(capacity: Int) {
    var size = 1
    while size < capacity { size <<= 1 }
    storage = [Float](repeating: 0, count: size)
    mask = size - 1
  }

  var capacity: Int { storage.count }

  /// The oldest sample not yet overwritten.
  var start: Int { max(0, end - capacity) }

  /// Appends at most `capacity` samples.
  mutating func append(_ samples: UnsafeBufferPointer<Float>) {
    precondition(samples.count <= capacity, "more samples than the history holds")
    let mask = mask
    var index = end
    storage.withUnsafeMutableBufferPointer { storage in
      for sample in samples {
        storage[index & mask] = sample
        index += 1
      }
    }
    end = index
  }

  subscript(index: Int) -> Float {
    assert(index < end && index >= end - capacity, "sample \(index) is not held")
    return index < 0 ? 0 : storage[index & mask]
  }

  /// Copies `destination.count` samples starting at stream index `first`.
  func copy(from first: Int, into destination: UnsafeMutableBufferPointer<Float>) {
    let silent = min(destination.count, max(0, -first))
    for offset in 0..<silent { destination[offset] = 0 }
    var written = silent
    storage.withUnsafeBufferPointer { storage in
      // At most two runs: up to the end of the ring, then from its start.
      while written < destination.count {
        let position = (first + written) & mask
        let run = min(destination.count - written, storage.count - position)
        destination.baseAddress!.advanced(by: written).update(
          from: storage.baseAddress!.advanced(by: position), count: run)
        written += run
      }
    }
  }
}
