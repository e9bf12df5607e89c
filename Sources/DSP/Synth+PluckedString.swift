import Glibc

extension Synth {
  /// Seconds for a plucked note's fundamental to fall by 60 dB, the same for every pitch so
  /// high and low notes of an exercise ring alike.
  private static let stringRingTime = 2.0
  private static let stringLevel = Gain(decibels: -3)

  /// A plucked string by the Karplus–Strong method: a burst of noise circulates in a delay
  /// line one period long, and a two-point average in the loop takes the highs off a little
  /// more on every pass, as a real string loses its brightness.
  ///
  /// The average delays by half a sample and the loop must total `sampleRate / frequency`
  /// samples, so the fractional rest goes to a first-order allpass, which delays without
  /// damping; rounding the line length instead would put notes up to 8 cents out of tune at
  /// 440 Hz. Ends with a short fade to exactly zero. `frequency` must be above 0 and at most a
  /// quarter of `sampleRate`, so that the delay line is still a few samples long.
  public static func pluckedString(
    frequency: Double, duration: Double, sampleRate: Int,
    using generator: inout some RandomNumberGenerator
  ) -> [Float] {
    let rate = Double(sampleRate)
    precondition(frequency > 0 && frequency <= rate / 4, "frequency out of range")
    let count = max(0, Int((duration * rate).rounded()))
    let loopDelay = rate / frequency - 0.5
    // A fraction kept in 0.1…1.1 keeps the allpass coefficient away from −1, where it would
    // ring on its own.
    let lineLength = Int((loopDelay - 0.1).rounded(.down))
    let fraction = loopDelay - Double(lineLength)
    let allpass = Float((1 - fraction) / (1 + fraction))
    let loss = Float(pow(10, -3 / (stringRingTime * frequency)))

    var line = (0..<lineLength).map { _ in Float.random(in: -1...1, using: &generator) }
    // Without its mean the burst leaves no DC offset to die away slowly.
    let mean = line.reduce(0, +) / Float(lineLength)
    line = line.map { $0 - mean }

    var samples = [Float](repeating: 0, count: count)
    var position = 0
    var previous: Float = 0
    var allpassInput: Float = 0
    var allpassOutput: Float = 0
    for index in 0..<count {
      let delayed = line[position]
      samples[index] = delayed
      let averaged = 0.5 * (delayed + previous)
      previous = delayed
      allpassOutput = allpass * (averaged - allpassOutput) + allpassInput
      allpassInput = averaged
      line[position] = loss * allpassOutput
      position = position + 1 == lineLength ? 0 : position + 1
    }

    let peak = samples.reduce(0) { max($0, abs($1)) }
    if peak > 0 {
      let scale = stringLevel.linear / peak
      samples = samples.map { $0 * scale }
    }
    samples.fadeOut(over: min(Int(0.01 * rate), count))
    return samples
  }
}
