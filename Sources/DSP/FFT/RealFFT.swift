import CFFTW
import Synchronization

/// A real-input FFT of one fixed size through FFTW. The plans and aligned buffers are made once,
/// so transforming a frame allocates nothing. One instance serves one thread at a time; make one
/// per detector.
public final class RealFFT {
  /// FFTW's planner is not thread-safe: every plan is made and destroyed under this lock.
  private static let plannerLock = Mutex(())

  public let size: Int
  /// Bins `0...size/2`.
  public var binCount: Int { size / 2 + 1 }

  private let time: UnsafeMutablePointer<Float>
  private let spectrum: UnsafeMutablePointer<fftwf_complex>
  private let forwardPlan: fftwf_plan
  private let inversePlan: fftwf_plan

  /// `size` must be even; powers of two are fastest.
  public init(size: Int) {
    precondition(size >= 2 && size % 2 == 0, "FFT size must be even and at least 2")
    self.size = size
    // The buffers and plans are owned by this instance alone until it is returned.
    nonisolated(unsafe) let time = fftwf_alloc_real(size)!
    nonisolated(unsafe) let spectrum = fftwf_alloc_complex(size / 2 + 1)!
    nonisolated(unsafe) var plans: (fftwf_plan, fftwf_plan)?
    Self.plannerLock.withLock { _ in
      let flags = UInt32(FFTW_ESTIMATE)
      plans = (
        fftwf_plan_dft_r2c_1d(Int32(size), time, spectrum, flags)!,
        fftwf_plan_dft_c2r_1d(Int32(size), spectrum, time, flags)!
      )
    }
    self.time = time
    self.spectrum = spectrum
    (forwardPlan, inversePlan) = plans!
  }

  deinit {
    nonisolated(unsafe) let plans = (forwardPlan, inversePlan)
    Self.plannerLock.withLock { _ in
      fftwf_destroy_plan(plans.0)
      fftwf_destroy_plan(plans.1)
    }
    fftwf_free(time)
    fftwf_free(spectrum)
  }

  /// Transforms `input` (at most `size` samples; the rest is taken as zeros) and writes
  /// `binCount` complex bins as separate real and imaginary parts.
  public func forward(
    _ input: UnsafeBufferPointer<Float>, real: UnsafeMutableBufferPointer<Float>,
    imaginary: UnsafeMutableBufferPointer<Float>
  ) {
    load(input)
    fftwf_execute(forwardPlan)
    for bin in 0..<binCount {
      real[bin] = spectrum[bin].0
      imaginary[bin] = spectrum[bin].1
    }
  }

  /// The squared magnitude of each bin of `input`'s transform.
  public func power(
    of input: UnsafeBufferPointer<Float>, into power: UnsafeMutableBufferPointer<Float>
  ) {
    load(input)
    fftwf_execute(forwardPlan)
    for bin in 0..<binCount {
      let (re, im) = spectrum[bin]
      power[bin] = re * re + im * im
    }
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

  private func load(_ input: UnsafeBufferPointer<Float>) {
    let count = min(input.count, size)
    if let base = input.baseAddress { time.update(from: base, count: count) }
    if count < size { (time + count).initialize(repeating: 0, count: size - count) }
  }
}
