/// The editing plan: for every movement, the takes to use, bar by bar, as segments
/// `take t, bars a–b` that cover every bar.
///
/// Objective. First the bars: the plan has as few bars with no take as possible, then as few
/// `✗` bars, then `±`, unrated, `ok` and `+` bars, in that order (so as many `++` bars as
/// possible); then as few edits (changes of segment) as possible. Raising the worst bars first
/// means the plan never trades a usable bar for another excellent one, and one better bar is
/// always worth any number of edits. Ties go to a circled take, then to the earlier take. Problem tags do not count:
/// a producer who minds a problem rates the bar down.
///
/// Edits. Where no take of the movement has edit points, a cut may fall on any bar line. Once
/// the producer has marked some, a cut from take s to take t at the start of bar b needs b to
/// be an edit point of s or of t, except where it cannot be helped: when s does not play bar b,
/// into or out of a gap, and at the ends of a pin.
///
/// Pins. Bars the producer pinned to a take get that take (the latest pin wins where pins
/// overlap), and the rest is planned around them.
///
/// Dynamic programming over bars with, per bar, the best plan ending in each take: the best
/// cut into a take comes from the best plan overall or the best that may be cut out of there,
/// so a bar costs O(takes), and the plan O(bars × takes) time and memory.
public struct EditingPlan: Equatable, Sendable {
  /// Consecutive bars taken from one take, or a gap no take covers.
  public struct Segment: Equatable, Sendable {
    /// The take's position in `ProtocolSession.takes`; nil for a gap.
    public let take: Int?
    /// The take's name, its label as shown (`3`, `A3`) or, once numbering started again with a
    /// day, with the day's number (`2/3`); nil for a gap.
    public let label: String?
    /// Positions in the movement's bar map.
    public let bars: ClosedRange<Int>
  }

  /// The plan of one movement, with what it takes to show it.
  public struct MovementPlan: Equatable, Sendable {
    public let movement: MovementID
    /// The work's name, empty for an untitled work.
    public let work: String
    public let title: String?
    public let bars: BarMap
    /// In bar order, from the first bar to the last.
    public let segments: [Segment]

    public var edits: Int { segments.count - 1 }
  }

  /// Every movement of the session, in order.
  public let movements: [MovementPlan]

  public init(session: ProtocolSession) {
    movements = session.movementIDs.map { id in
      let movement = session.movement(id)!
      let map = TakeMap(session: session, movement: id)!
      return MovementPlan(
        movement: id, work: session.works[id.work].name, title: movement.title,
        bars: movement.bars,
        segments: Self.segments(of: map, pins: session.pins.filter { $0.movement == id }))
    }
  }

  /// Bars planned at each grade rank below the top, worst first, then edits, compared in that
  /// order.
  private struct Cost: Comparable {
    var counts = SIMD8<Int32>()
    static let editLane = BarGrade.topRank

    func adding(rank: Int) -> Cost {
      var cost = self
      if rank < BarGrade.topRank { cost.counts[rank] += 1 }
      return cost
    }

    func addingEdit() -> Cost {
      var cost = self
      cost.counts[Self.editLane] += 1
      return cost
    }

    static func < (lhs: Cost, rhs: Cost) -> Bool {
      for lane in 0...editLane where lhs.counts[lane] != rhs.counts[lane] {
        return lhs.counts[lane] < rhs.counts[lane]
      }
      return false
    }
  }

  /// The optimal segments of one movement. States are the takes that are material, circled
  /// ones first since ties go to the lower state, then the gap.
  static func segments(of map: TakeMap, pins: [Pin]) -> [Segment] {
    let rows =
      map.material.filter { map.details[$0].isKept }
      + map.material.filter { !map.details[$0].isKept }
    let gap = rows.count
    let states = rows.count + 1
    let barCount = map.bars.count
    let editPoints = rows.map { Set(map.details[$0].editPoints) }
    let restricted = editPoints.contains { !$0.isEmpty }
    var pinned = [Int?](repeating: nil, count: barCount)
    for pin in pins {
      if let state = rows.firstIndex(where: { map.takes[$0] == pin.take }) {
        for bar in pin.bars { pinned[bar] = state }
      }
    }
    func rank(_ state: Int, _ bar: Int) -> Int {
      state == gap ? 0 : map.rows[rows[state]][bar].grade.rank
    }
    func allowed(_ state: Int, _ bar: Int) -> Bool {
      pinned[bar].map { $0 == state } ?? (state == gap || rank(state, bar) > 0)
    }
    func isEditPoint(_ state: Int, _ bar: Int) -> Bool {
      state == gap || editPoints[state].contains(bar)
    }

    var cost = (0..<states).map { allowed($0, 0) ? Cost().adding(rank: rank($0, 0)) : nil }
    var previous = [Int](repeating: 0, count: barCount * states)
    for bar in 1..<barCount {
      let free = !restricted || pinned[bar] != pinned[bar - 1]
      var bestAny: (cost: Cost, state: Int)?
      var bestLeaving: (cost: Cost, state: Int)?
      for state in 0..<states {
        guard let stateCost = cost[state] else { continue }
        if bestAny.map({ stateCost < $0.cost }) ?? true { bestAny = (stateCost, state) }
        let leaves = isEditPoint(state, bar) || rank(state, bar) == 0
        if leaves, bestLeaving.map({ stateCost < $0.cost }) ?? true {
          bestLeaving = (stateCost, state)
        }
      }
      var next = [Cost?](repeating: nil, count: states)
      for state in 0..<states where allowed(state, bar) {
        var best = cost[state].map { (cost: $0, state: state) }
        if let cut = free || isEditPoint(state, bar) ? bestAny : bestLeaving, cut.state != state,
          best.map({ cut.cost.addingEdit() < $0.cost }) ?? true
        {
          best = (cut.cost.addingEdit(), cut.state)
        }
        if let best {
          next[state] = best.cost.adding(rank: rank(state, bar))
          previous[bar * states + state] = best.state
        }
      }
      cost = next
    }

    var state = cost.indices.filter { cost[$0] != nil }.min { cost[$0]! < cost[$1]! }!
    var path = [state]
    for bar in (1..<barCount).reversed() {
      state = previous[bar * states + state]
      path.append(state)
    }
    path.reverse()

    var segments: [Segment] = []
    var first = 0
    for bar in path.indices where bar == path.count - 1 || path[bar + 1] != path[bar] {
      let row = path[bar] == gap ? nil : rows[path[bar]]
      segments.append(
        Segment(
          take: row.map { map.takes[$0] }, label: row.map { map.details[$0].name },
          bars: first...bar))
      first = bar + 1
    }
    return segments
  }
}
