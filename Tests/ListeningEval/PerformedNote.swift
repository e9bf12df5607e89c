/// One note of a generated performance.
public struct PerformedNote: Equatable, Sendable {
  /// Seconds from the start of the clip.
  public var time: Double
  /// 0…1, as MIDI velocity / 127.
  public var velocity: Double
  public var pitch: Int
  /// Seconds until the player lets go.
  public var duration: Double
  /// Where the note is written, in seconds from the start of the clip: `time` less the player's
  /// timing error.
  public var gridTime: Double
  /// The note's written length in seconds, up to the next written note or rest: the window base
  /// a rhythm grader judges it by.
  public var writtenLength: Double
}
