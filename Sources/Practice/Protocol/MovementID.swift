/// A movement of a session: movement `number` (as typed in `mvt K`) of work `work` (its
/// position in `ProtocolSession.works`).
public struct MovementID: Hashable, Sendable, Comparable {
  public var work: Int
  public var number: Int

  public init(work: Int, number: Int) {
    self.work = work
    self.number = number
  }

  public static func < (lhs: MovementID, rhs: MovementID) -> Bool {
    (lhs.work, lhs.number) < (rhs.work, rhs.number)
  }
}
