/// How a performance is heard: clean, in room noise, or with the metronome bleeding into the
/// microphone.
public enum OnsetCondition: Hashable, Sendable, CustomStringConvertible {
  case clean
  /// Pink noise at this signal-to-noise ratio, in dB, over the whole clip.
  case noise(snr: Double)
  /// Metronome clicks on every beat, their peaks this many dB from the notes' median peak. The
  /// detector is told when the clicks sound; with `soundKnown` it is also given the click
  /// sounds, as the app gives its own, otherwise it learns them from the recording.
  case bleed(decibels: Double, soundKnown: Bool)

  public static let all: [OnsetCondition] = [
    .clean, .noise(snr: 40), .noise(snr: 20), .noise(snr: 10),
    .bleed(decibels: -24, soundKnown: true), .bleed(decibels: -12, soundKnown: true),
    .bleed(decibels: -24, soundKnown: false), .bleed(decibels: -12, soundKnown: false),
  ]

  public var description: String {
    switch self {
    case .clean: "clean"
    case .noise(let snr): "\(Int(snr)) dB SNR"
    case .bleed(let decibels, let known):
      "bleed \(Int(decibels)) dB, click \(known ? "given" : "learned")"
    }
  }
}
