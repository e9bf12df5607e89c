import DSP
import Glibc

/// The path from a metronome's loudspeaker to the microphone: a small speaker's band (no deep
/// bass, a dull top), then a small room's impulse response. Each room is made from a seed: the
/// direct sound, a few early reflections off the desk, walls and ceiling, and a reverberant tail
/// of noise dying away over 0.3–0.5 s. So the click the microphone hears is never the sound the
/// app knows, and rings on under the notes after it.
struct Room {
  let sampleRate: Int
  private let impulseResponse: [Float]

  /// The speaker's band edges: a small speaker gives little below 200 Hz or above 8 kHz.
  private static let speakerLow = 200.0
  private static let speakerHigh = 8_000.0
  private static let reverberationTimes = 0.3...0.5
  /// How far the tail's energy lies under the direct sound's: a speaker on the desk, near.
  private static let directToReverberant = 0.0...6.0

  init(seed: UInt64, sampleRate: Int) {
    self.sampleRate = sampleRate
    var generator = SplitMix64(seed: seed)
    let rate = Double(sampleRate)
    let reverberation = Double.random(in: Self.reverberationTimes, using: &generator)
    var response = [Float](repeating: 0, count: Int(reverberation * rate))
    response[0] = 1
    for _ in 0..<Int.random(in: 3...6, using: &generator) {
      let delay = Double.random(in: 0.0015...0.015, using: &generator)
      let sign: Double = Bool.random(using: &generator) ? 1 : -1
      // Later reflections travel further and lose more.
      let gain = sign * Double.random(in: 0.2...0.5, using: &generator) * 0.0015 / delay
      response[Int(delay * rate)] += Float(gain)
    }
    // Amplitude falls 60 dB over the reverberation time, so energy by 2 × 6.91 / RT60 per second.
    let decay = log(1000) / reverberation
    let ratio = Double.random(in: Self.directToReverberant, using: &generator)
    let tailEnergy = pow(10, -ratio / 10)
    let level = (tailEnergy * 2 * decay / rate).squareRoot()
    let tailStart = Int(0.005 * rate)
    let fadeIn = Double(tailStart)
    for index in tailStart..<response.count {
      let time = Double(index) / rate
      let swell = min(1, Double(index - tailStart) / fadeIn)
      let noise = Double.random(in: -1...1, using: &generator) * 3.0.squareRoot()
      response[index] += Float(level * swell * exp(-decay * time) * noise)
    }
    impulseResponse = response
  }

  /// `sound` as the microphone hears it from the loudspeaker.
  func heard(_ sound: [Float]) -> [Float] {
    var low = Biquad.highPass(frequency: Self.speakerLow, q: 0.707, sampleRate: sampleRate)
    var high = Biquad.lowPass(
      frequency: min(Self.speakerHigh, 0.4 * Double(sampleRate)), q: 0.707, sampleRate: sampleRate)
    // The filters ring on a little after the sound.
    let padded = sound + [Float](repeating: 0, count: sampleRate / 100)
    let played = padded.map { high.process(low.process($0)) }
    return Self.convolved(played, impulseResponse)
  }

  /// The full convolution of `a` and `b`, by multiplying their spectra.
  private static func convolved(_ a: [Float], _ b: [Float]) -> [Float] {
    let count = a.count + b.count - 1
    var size = 2
    while size < count { size *= 2 }
    let fft = RealFFT(size: size)
    let (aReal, aImaginary) = spectrum(of: a, fft)
    let (bReal, bImaginary) = spectrum(of: b, fft)
    let real = (0..<fft.binCount).map { aReal[$0] * bReal[$0] - aImaginary[$0] * bImaginary[$0] }
    let imaginary = (0..<fft.binCount).map {
      aReal[$0] * bImaginary[$0] + aImaginary[$0] * bReal[$0]
    }
    var output = [Float](repeating: 0, count: count)
    real.withUnsafeBufferPointer { real in
      imaginary.withUnsafeBufferPointer { imaginary in
        output.withUnsafeMutableBufferPointer {
          fft.inverse(real: real, imaginary: imaginary, into: $0)
        }
      }
    }
    return output
  }

  private static func spectrum(of signal: [Float], _ fft: RealFFT) -> (
    real: [Float], imaginary: [Float]
  ) {
    var real = [Float](repeating: 0, count: fft.binCount)
    var imaginary = real
    signal.withUnsafeBufferPointer { signal in
      real.withUnsafeMutableBufferPointer { real in
        imaginary.withUnsafeMutableBufferPointer {
          fft.forward(signal, real: real, imaginary: $0)
        }
      }
    }
    return (real, imaginary)
  }
}
