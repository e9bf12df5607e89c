/// How a performance is heard: clean, with a metronome's clicks in the room, or in room noise;
/// and whether the detector is told when the clicks are scheduled.
public enum OnsetCondition: Hashable, Sendable, CustomStringConvertible {
  /// The playing alone, and no click schedule given to the detector.
  case clean
  /// The same clean playing, but the detector is given a click schedule: the user named a tempo
  /// for a recording made without clicks.
  case scheduleWithoutClicks
  /// The app's own clicks through a small loudspeaker and the room, their peaks this many dB from
  /// the notes' median peak: the count-in in its woodblock, then the accent and the plain click,
  /// as the app plays them; the detector is given the schedule and the app's click sounds.
  case ownClick(decibels: Double)
  /// Another metronome's clicks through the same room, at this many dB; the detector is given
  /// the schedule but not the sound, which it has never heard.
  case foreignClick(decibels: Double)
  /// Pink noise at this signal-to-noise ratio, in dB, over the whole clip; no click schedule.
  case noise(snr: Double)

  public static let all: [OnsetCondition] = [
    .clean, .scheduleWithoutClicks,
    .ownClick(decibels: -24), .ownClick(decibels: -12), .ownClick(decibels: -6),
    .foreignClick(decibels: -12), .foreignClick(decibels: -6),
    .noise(snr: 40), .noise(snr: 20), .noise(snr: 10),
  ]

  /// Whether the detector is told when clicks are scheduled.
  public var hasSchedule: Bool {
    switch self {
    case .clean, .noise: false
    case .scheduleWithoutClicks, .ownClick, .foreignClick: true
    }
  }

  public var description: String {
    switch self {
    case .clean: "clean"
    case .scheduleWithoutClicks: "schedule, no clicks"
    case .ownClick(let decibels): "own click \(Int(decibels)) dB"
    case .foreignClick(let decibels): "foreign click \(Int(decibels)) dB"
    case .noise(let snr): "\(Int(snr)) dB SNR"
    }
  }
}
