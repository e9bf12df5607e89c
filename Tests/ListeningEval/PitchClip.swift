/// One instrument of the pitch evaluation, rendered from one soundfont, with the notes played.
public struct PitchClip: Sendable {
  /// A played note: its MIDI number (the pitch it should be named, A4 = 440 Hz) and when its
  /// key went down and up, in seconds. The sound may ring on after `end`.
  public struct Note: Equatable, Sendable {
    public var midi: Int
    public var start: Double
    public var end: Double

    public init(midi: Int, start: Double, end: Double) {
      self.midi = midi
      self.start = start
      self.end = end
    }
  }

  public var instrument: String
  public var soundFont: SoundFont
  public var sampleRate: Int
  public var samples: [Float]
  public var notes: [Note]

  public init(
    instrument: String, soundFont: SoundFont, sampleRate: Int, samples: [Float], notes: [Note]
  ) {
    self.instrument = instrument
    self.soundFont = soundFont
    self.sampleRate = sampleRate
    self.samples = samples
    self.notes = notes
  }
}
