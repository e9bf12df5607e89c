import Glibc

/// A low-pass filter followed by keeping every `factor`-th sample. The pitch detector looks
/// for periods at about 11–12 kHz whatever the input rate, which is plenty for fundamentals up
/// to 2 kHz and makes each analysis frame four to eight times cheaper; without the filter,
/// noise and upper harmonics above the new Nyquist frequency would fold down onto the pitch.
struct LowPassDecimator {
  let factor: Int
  /// Output `m` is the filtered input centred on input sample `m * factor`, so producing it
  /// needs input up to `m * factor + delay`.
  let delay: Int
  /// Symmetric, `2 * delay + 1` long.
  let taps: [Float]

  /// A windowed-sinc filter cutting at 80 % of the output Nyquist frequency, 16 input samples
  /// long per unit of `factor`: that keeps everything up to about 3 kHz intact and takes
  /// whatever would fold below 5 kHz down by more than 70 dB (the Blackman window's side lobes).
  init(factor: Int) {
    precondition(factor >= 1, "decimation factor must be at least 1")
    let delay = 8 * factor
    self.factor = factor
    self.delay = delay
    let cutoff = 0.4 / Double(factor)  // cycles per input sample
    let length = Double(2 * delay)
    let raw = (0...(2 * delay)).map { index in
      let offset = Double(index - delay)
      let sinc = offset == 0 ? 2 * cutoff : sin(2 * .pi * cutoff * offset) / (.pi * offset)
      let phase = 2 * Double.pi * Double(index) / length
      let blackman = 0.42 - 0.5 * cos(phase) + 0.08 * cos(2 * phase)
      return sinc * blackman
    }
    // Unity gain at 0 Hz.
    let sum = raw.reduce(0, +)
    taps = raw.map { Float($0 / sum) }
  }

  /// The output sample whose filter window starts at `input[start]`.
  func output(from input: UnsafeBufferPointer<Float>, start: Int) -> Float {
    taps.withUnsafeBufferPointer { taps in
      taps.dot(UnsafeBufferPointer(rebasing: input[start..<(start + taps.count)]))
    }
  }
}
