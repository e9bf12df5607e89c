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
    let mask = mask
    storage.withUnsafeBufferPointer { storage in
      for offset in 0..<destination.count {
        let index = first + offset
        destination[offset] = index < 0 ? 0 : storage[index & mask]
      }
    }
  }
}
