import FoundationEssentials

/// One metronome run through the audio server, appended to `playback.jsonl` in the state
/// folder when it stops, so `woodshed doctor` can say whether playback has been glitching.
public struct PlaybackRecord: Codable, Equatable, Sendable {
  public var endedAt: Date
  public var seconds: Double
  public var underruns: Int

  public init(endedAt: Date, seconds: Double, underruns: Int) {
    self.endedAt = endedAt
    self.seconds = seconds
    self.underruns = underruns
  }
}
