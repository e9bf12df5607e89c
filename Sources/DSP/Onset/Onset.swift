/// A note, clap or hit found in audio.
public struct Onset: Equatable, Sendable {
  /// Sample index from the start of the stream where the sound starts.
  public var frame: Int
  /// How far the onset function rose at this onset: the mean rise, in natural-log units, of the
  /// whitened spectrum over the bins the detector listens to. Louder and more abrupt sounds
  /// score higher; a clear hit is usually above 0.1. An onset found by the partials alone
  /// (`PartialNovelty`) has their summed rise instead, in the same units but not averaged over
  /// bands: 1 and above.
  public var strength: Float

  public init(frame: Int, strength: Float) {
    self.frame = frame
    self.strength = strength
  }
}
