/// One note found in a recording: when it sounded and at what pitch.
public struct NoteEvent: Equatable, Sendable {
  /// Seconds from the start of the stream.
  public var start: Double
  public var end: Double
  /// The note's representative fundamental in hertz: the median over the note, so that a few
  /// frames a wrong octave away or disturbed by a click do not pull it.
  public var frequency: Double

  public init(start: Double, end: Double, frequency: Double) {
    self.start = start
    self.end = end
    self.frequency = frequency
  }
}
