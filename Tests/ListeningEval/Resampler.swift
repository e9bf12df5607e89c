import Glibc

/// Changes a short sound's sample rate, so a recorded sample can be played into a clip of
/// another rate: band-limited (Hann-windowed sinc) interpolation, so going down in rate does not
/// fold the top octave back into the band.
enum Resampler {
  /// Zero crossings of the sinc on each side of a sample.
  private static let halfWidth = 16

  static func resampled(_ sound: [Float], from source: Int, to target: Int) -> [Float] {
    guard source != target else { return sound }
    let ratio = Double(target) / Double(source)
    // The pass band's edge, as a share of the source's Nyquist frequency.
    let cutoff = min(1, ratio) * 0.95
    let reach = Int((Double(halfWidth) / cutoff).rounded(.up))
    return (0..<Int(Double(sound.count) * ratio)).map { index in
      let position = Double(index) / ratio
      let centre = Int(position)
      var sum = 0.0
      for tap in max(0, centre - reach)...min(sound.count - 1, centre + reach) {
        let distance = position - Double(tap)
        let window = 0.5 + 0.5 * cos(Double.pi * distance / Double(reach + 1))
        let argument = Double.pi * cutoff * distance
        let sinc = argument == 0 ? 1 : sin(argument) / argument
        sum += Double(sound[tap]) * cutoff * sinc * window
      }
      return Float(sum)
    }
  }
}
