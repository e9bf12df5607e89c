import CFFTW
import Glibc
import Synchronization

/// A real-input FFT of one fixed size through FFTW. The plans and aligned buffers are made once,
/// so transforming a frame allocates nothing. One instance serves one thread at a time; make one
/// per detector.
///
/// The forward transform views the `size` real samples as `size/2` complex ones (even samples
/// real, odd ones imaginary), transforms those and splits the result into the real signal's
/// bins. FFTW's own real-input plans, as its quick planner (`FFTW_ESTIMATE`) picks them, are
/// slow with Debian's FFTW: 1.40 µs at 1024 points where the complex transform of 512 takes
/// 0.42 µs, and the split costs far less than the difference. Measuring plans instead would cost
/// 130 ms of planning for each size in every process.
public final class RealFFT {
  /// FFTW's planner is not thread-safe: every plan is made and destroyed under this lock.
  private static let plannerLock = Mutex(())

  public let size: Int
  /// Bins `0...size/2`.
  public var binCount: Int { size / 2 + 1 }

  private let time: UnsafeMutablePointer<Float>
  private let halfSpectrum: UnsafeMutablePointer<fftwf_complex>
  private let spectrum: UnsafeMutablePointer<fftwf_complex>
  private let forwardPlan: fftwf_plan
  private let inversePlan: fftwf_plan
  /// `cos` and `sin` of `2πk/size` for each bin `k` below `size/2`, for the split.
  private let twiddleCosines: [Float]
  private let twiddleSines: [Float]

  /// `size` must be even; powers of two are fastest.
  public init(size: Int) {
    precondition(size >= 2 && size % 2 == 0, "FFT size must be even and at least 2")
    self.size = size
    let half = size / 2
    // The buffers and plans are owned by this instance alone until it is returned.
    nonisolated(unsafe) let time = fftwf_alloc_real(size)!
    nonisolated(unsafe) let halfSpectrum = fftwf_alloc_complex(half)!
    nonisolated(unsafe) let spectrum = fftwf_alloc_complex(half + 1)!
    nonisolated(unsafe) var plans: (fftwf_plan, fftwf_plan)?
    Self.plannerLock.withLock { _ in
      let flags = UInt32(FFTW_ESTIMATE)
      plans = (
        fftwf_plan_dft_1d(
          Int32(half), UnsafeMutablePointer(OpaquePointer(time)), halfSpectrum, FFTW_FORWARD,
          flags)!,
        fftwf_plan_dft_c2r_1d(Int32(size), spectrum, time, flags)!
      )
    }
    self.time = time
    self.halfSpectrum = halfSpectrum
    self.spectrum = spectrum
    (forwardPlan, inversePlan) = plans!
    twiddleCosines = (0..<half).map { Float(cos(2 * Double.pi * Double($0) / Double(size))) }
    twiddleSines = (0..<half).map { Float(sin(2 * Double.pi * Double($0) / Double(size))) }
  }

  deinit {
    nonisolated(unsafe) let plans = (forwardPlan, inversePlan)
    Self.plannerLock.withLock { _ in
      fftwf_destroy_plan(plans.0)
      fftwf_destroy_plan(plans.1)
    }
    fftwf_free(time)
    fftwf_free(halfSpectrum)
    fftwf_free(spectrum)
  }

  /// Transforms `input` (at most `size` samples; the rest is taken as zeros) and writes
  /// `binCount` complex bins as separate real and imaginary parts.
  public func forward(
    _ input: UnsafeBufferPointer<Float>, real: UnsafeMutableBufferPointer<Float>,
    imaginary: UnsafeMutableBufferPointer<Float>
  ) {
    load(input)
    transform(bins: binCount) { bin, re, im in
      real[bin] = re
      imaginary[bin] = im
    }
  }

  /// The squared magnitude of each bin of `input`'s transform, as many of the lowest bins as
  /// `power` holds (at most `binCount`).
  public func power(
    of input: UnsafeBufferPointer<Float>, into power: UnsafeMutableBufferPointer<Float>
  ) {
    load(input)
    transform(bins: min(power.count, binCount)) { bin, re, im in power[bin] = re * re + im * im }
  }

  /// `power(of:into:)` of `input` multiplied by `window`, sample by sample (`size` of each).
  public func power(
    of input: UnsafeBufferPointer<Float>, windowedBy window: UnsafeBufferPointer<Float>,
    into power: UnsafeMutableBufferPointer<Float>
  ) {
    precondition(input.count >= size && window.count >= size, "a window is size samples long")
    for index in 0..<size { time[index] = input[index] * window[index] }
    transform(bins: min(power.count, binCount)) { bin, re, im in power[bin] = re * re + im * im }
  }

  /// The inverse of `forward`, scaled by `1/size` so that a round trip returns the input.
  public func inverse(
    real: UnsafeBufferPointer<Float>, imaginary: UnsafeBufferPointer<Float>,
    into output: UnsafeMutableBufferPointer<Float>
  ) {
    for bin in 0..<binCount {
      spectrum[bin] = (real[bin], imaginary[bin])
    }
    fftwf_execute(inversePlan)
    let scale = 1 / Float(size)
    for index in 0..<min(size, output.count) {
      output[index] = time[index] * scale
    }
  }

  /// Transforms the loaded samples and hands each of the lowest `bins` bins to `write`. With `z`
  /// the transform of the `n = size/2` complex samples, bin `k` is `E + W^k O`, where
  /// `E = (z[k] + conj z[n-k]) / 2` is the even samples' transform, `O = (z[k] - conj z[n-k]) / 2i`
  /// the odd ones' and `W = e^(-2πi/size)`.
  @inline(__always)
  private func transform(bins: Int, write: (Int, Float, Float) -> Void) {
    fftwf_execute(forwardPlan)
    let half = size / 2
    let z = halfSpectrum
    // Bins 0 and `half` are real: the sum and the difference of the parts of z[0].
    if bins > 0 { write(0, z[0].0 + z[0].1, 0) }
    twiddleCosines.withUnsafeBufferPointer { cosines in
      twiddleSines.withUnsafeBufferPointer { sines in
        for bin in 1..<max(1, min(bins, half)) {
          let (ar, ai) = z[bin]
          let (br, bi) = z[half - bin]
          let evenReal = 0.5 * (ar + br)
          let evenImaginary = 0.5 * (ai - bi)
          let oddReal = 0.5 * (ai + bi)
          let oddImaginary = 0.5 * (br - ar)
          let c = cosines[bin]
          let s = sines[bin]
          write(
            bin, evenReal + c * oddReal + s * oddImaginary,
            evenImaginary + c * oddImaginary - s * oddReal)
        }
      }
    }
    if bins > half { write(half, z[0].0 - z[0].1, 0) }
  }

  private func load(_ input: UnsafeBufferPointer<Float>) {
    let count = min(input.count, size)
    if let base = input.baseAddress { time.update(from: base, count: count) }
    if count < size { (time + count).initialize(repeating: 0, count: size - count) }
  }
}
