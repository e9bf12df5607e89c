/// The producer's choice of a take for a range of bars, which the editing plan keeps.
public struct Pin: Equatable, Sendable {
  public let movement: MovementID
  /// The take's position in `ProtocolSession.takes`.
  public let take: Int
  /// Positions in the movement's bar map.
  public let bars: ClosedRange<Int>
}
