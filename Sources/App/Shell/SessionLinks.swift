import Practice

/// What the live Protocol screen shows of its links (`woodshed protocol live`): the recorder's
/// timecode as last read and how fast it runs against this box's input, and the DAW it tells.
public struct SessionLinks: Equatable, Sendable {
  /// What the timecode is read as, `LTC` or `MTC`; nil when it is not read at all.
  public var timecodeKind: String?
  /// The recorder's timecode now; nil while none comes.
  public var timecode: Timecode?
  /// How much faster the recorder's clock runs than the input's, in parts per million.
  public var driftPPM: Double?
  /// The DAW, as `ardour 127.0.0.1:3819`.
  public var daw: String?

  public init(
    timecodeKind: String? = nil, timecode: Timecode? = nil, driftPPM: Double? = nil,
    daw: String? = nil
  ) {
    self.timecodeKind = timecodeKind
    self.timecode = timecode
    self.driftPPM = driftPPM
    self.daw = daw
  }
}
