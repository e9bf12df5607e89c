/// One click as the engine placed it on an output's sample clock. The beat display draws from
/// these, and graders compare hits with them, so they record what was meant even when muted.
public struct ScheduledClick: Hashable, Sendable {
  /// Output frame of the onset (0 is the first frame written to the output).
  public let frame: Int64
  /// Beats since the run started, counting count-in beats, from 0.
  public let beat: Int64
  /// Bars of the pattern from 0; count-in bars are negative, so the first played bar is 0.
  public let bar: Int
  /// From 0 for the downbeat.
  public let beatInBar: Int
  /// The click's place within its beat: 0 for the beat itself, then its subdivisions and note
  /// ticks in time order.
  public let subdivision: Int
  public let kind: ClickKind
  public let isCountIn: Bool
  /// Nothing sounds: the beat is silent in the pattern or its bar is a gap.
  public let isMuted: Bool
  /// A beat of a line of notes (a pattern with note ticks) where no note is to be played near
  /// it: the line rests there.
  public let isRest: Bool

  public init(
    frame: Int64, beat: Int64, bar: Int, beatInBar: Int, subdivision: Int, kind: ClickKind,
    isCountIn: Bool, isMuted: Bool, isRest: Bool = false
  ) {
    self.frame = frame
    self.beat = beat
    self.bar = bar
    self.beatInBar = beatInBar
    self.subdivision = subdivision
    self.kind = kind
    self.isCountIn = isCountIn
    self.isMuted = isMuted
    self.isRest = isRest
  }
}
