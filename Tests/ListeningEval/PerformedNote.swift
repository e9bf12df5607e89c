/// One note of a generated performance.
public struct PerformedNote: Equatable, Sendable {
  /// Seconds from the start of the clip.
  public var time: Double
  /// 0…1, as MIDI velocity / 127.
  public var velocity: Double
  public var pitch: Int
  /// Seconds until the player lets go.
  public var duration: Double
}
