/// A movement of a work: its bars, an optional title and the producer's global notes on it.
public struct Movement: Equatable, Sendable {
  public let id: MovementID
  public internal(set) var title: String?
  public internal(set) var bars: BarMap
  /// Notes on the movement as a whole (`mnote`), such as a page turn noise in every take.
  public internal(set) var notes: [String] = []

  init(id: MovementID, title: String?, bars: BarMap) {
    self.id = id
    self.title = title
    self.bars = bars
  }
}
