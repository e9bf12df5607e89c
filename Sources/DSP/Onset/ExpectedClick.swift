/// A metronome click the onset detector is told of, so that its sound in the microphone is not
/// taken for a hit.
public struct ExpectedClick: Equatable, Sendable {
  /// The input frame at which the click sounds.
  public var frame: Int
  /// Which of the metronome's sounds it is, such as 0 for the accent and 1 for the other
  /// beats: clicks of one sound share what is learned of it.
  public var sound: Int
  /// Nothing is played near it (a count-in, a rest, a calibration): the click's sound in the
  /// microphone is learned only at such clicks.
  public var isAlone: Bool

  public init(frame: Int, sound: Int = 0, isAlone: Bool = false) {
    self.frame = frame
    self.sound = sound
    self.isAlone = isAlone
  }
}
