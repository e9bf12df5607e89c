/// One entry about bars of a take: a rating, problem tags, or both, as `17-28 4` or `9 i w`.
/// Later marks override the rating of earlier ones on the bars they share; tags add up.
public struct Mark: Equatable, Sendable {
  /// Positions in the movement's bar map.
  public let bars: ClosedRange<Int>
  public let rating: Rating?
  public let tags: [ProblemTag]
}
