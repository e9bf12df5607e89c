import Audio
import DSP
import Storage

/// What the user asked the metronome for, from the command line or the screen, with the
/// saved settings filling in what was not given.
public struct MetronomeOptions: Equatable, Sendable {
  public var bpm: Int
  public var meter: String
  public var accents: String
  public var subdivision: Int
  public var volumes: Volumes
  public var subdivisionVolume: Int

  public init(settings: Settings) {
    bpm = settings.metronome.bpm
    meter = settings.metronome.meter
    accents = settings.metronome.accents
    subdivision = settings.metronome.subdivision
    volumes = settings.volumes
    subdivisionVolume = settings.metronome.subdivisionVolume
  }

  /// The engine's pattern; a wrong meter or accent string gives a one-line error.
  public func pattern() throws(MetronomeError) -> MetronomePattern {
    let meter = try Meter(parsing: meter)
    let accents = accents.isEmpty ? nil : try AccentPattern(parsing: accents)
    let click = Gain(percent: volumes.master) * Gain(percent: volumes.click)
    return try MetronomePattern(
      meter: meter, accents: accents, subdivision: subdivision, clickVolume: click,
      subdivisionVolume: click * Gain(percent: subdivisionVolume))
  }
}
