import Glibc

/// Short-time magnitude spectra for the onset detector. The window is four hops long, so every
/// sample is seen by four frames; the partials' spectra (`PartialNovelty`) take longer windows
/// on the same hops.
final class OnsetSpectrum {
  /// About 5 ms, rounded to a power of two at every common rate (256 samples at 44.1 and
  /// 48 kHz): short enough to separate fast notes, long enough that one core keeps far ahead of
  /// real time.
  static let hopSeconds = 0.005
  static let hopsPerWindow = 4

  let hop: Int
  let size: Int
  var binCount: Int { size / 2 + 1 }
  private let fft: RealFFT
  private let window: [Float]
  private var frame: [Float]
  private var power: [Float]
  /// Makes a bin's magnitude the amplitude of a sine centred in it.
  private let amplitudeScale: Float

  init(sampleRate: Int, hopsPerWindow: Int = hopsPerWindow) {
    let hop = 1 << Int(log2(Double(sampleRate) * Self.hopSeconds).rounded())
    let size = hopsPerWindow * hop
    self.hop = hop
    self.size = size
    fft = RealFFT(size: size)
    // A periodic Hann window: overlapped by quarters, it sums to a constant.
    let window = (0..<size).map {
      Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(size)))
    }
    self.window = window
    amplitudeScale = 2 / window.reduce(0, +)
    frame = [Float](repeating: 0, count: size)
    power = [Float](repeating: 0, count: size / 2 + 1)
  }

  /// Fills `magnitudes` (one per bin, as many of the lowest bins as it holds) for the window
  /// that starts at stream index `start`.
  func magnitudes(of history: SampleHistory, from start: Int, into magnitudes: inout [Float]) {
    frame.withUnsafeMutableBufferPointer { history.copy(from: start, into: $0) }
    transform(into: &magnitudes)
  }

  /// Fills `magnitudes` for a window holding `sound` with the sound's first sample at `offset`
  /// in the window; a negative offset means the sound began before the window.
  func magnitudes(of sound: [Float], at offset: Int, into magnitudes: inout [Float]) {
    let size = size
    sound.withUnsafeBufferPointer { sound in
      frame.withUnsafeMutableBufferPointer { frame in
        for index in 0..<size {
          let soundIndex = index - offset
          frame[index] = soundIndex >= 0 && soundIndex < sound.count ? sound[soundIndex] : 0
        }
      }
    }
    transform(into: &magnitudes)
  }

  private func transform(into magnitudes: inout [Float]) {
    let scale = amplitudeScale
    // Only the bins asked for are worked out.
    let bins = min(binCount, magnitudes.count)
    frame.withUnsafeBufferPointer { frame in
      window.withUnsafeBufferPointer { window in
        power.withUnsafeMutableBufferPointer { power in
          fft.power(
            of: frame, windowedBy: window,
            into: UnsafeMutableBufferPointer(rebasing: power[..<bins]))
        }
      }
    }
    power.withUnsafeBufferPointer { power in
      magnitudes.withUnsafeMutableBufferPointer { magnitudes in
        for bin in 0..<bins {
          magnitudes[bin] = power[bin].squareRoot() * scale
        }
      }
    }
  }
}
