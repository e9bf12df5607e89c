/// One movement's takes against its bars, as the take map shows them (bars across, takes
/// down), and the questions post-production asks of them.
///
/// False starts are in the map, so it shows everything that happened, but they are not
/// material: the best grades, the queries and the editing plan leave them out.
public struct TakeMap: Equatable, Sendable {
  /// What one take offers for one bar.
  public struct Cell: Equatable, Sendable {
    public var grade: BarGrade
    /// The tags of every mark on the bar, in the order first given.
    public var tags: [ProblemTag]
  }

  /// A take that plays a bar, with what the producer noted about it.
  public struct TakeAtBar: Equatable, Sendable {
    /// The take's position in `ProtocolSession.takes`.
    public var take: Int
    public var grade: BarGrade
    public var tags: [ProblemTag]
    public var notes: [String]
  }

  /// A bar whose usable material all has problems, with the problems.
  public struct UnresolvedBar: Equatable, Sendable {
    public var bar: Int
    /// The tags on the bar in its usable takes, in the order first met.
    public var tags: [ProblemTag]
  }

  /// A run of consecutive bars with the same best grade, as `bars 88–96: nothing better than ±`.
  public struct CoverageRun: Equatable, Sendable {
    public var bars: ClosedRange<Int>
    public var best: BarGrade
  }

  public let movement: MovementID
  /// The part the map is about: marks naming another part are left out, marks naming none
  /// kept. Nil: every mark.
  public let part: String?
  public let bars: BarMap
  /// The positions in `ProtocolSession.takes` of the movement's takes, in recording order.
  public let takes: [Int]
  /// One row per take of `takes`, one cell per bar.
  public let rows: [[Cell]]
  /// Per bar, the best grade of any take that is not a false start.
  public let best: [BarGrade]
  /// The takes themselves, parallel to `takes`.
  let details: [Take]

  /// Nil when the session has no such movement.
  public init?(session: ProtocolSession, movement id: MovementID, part: String? = nil) {
    guard let bars = session.movement(id)?.bars else { return nil }
    takes = session.takes.indices.filter { session.takes[$0].movement == id }
    details = takes.map { session.takes[$0] }
    rows = details.map { Self.row(of: $0, barCount: bars.count, part: part) }
    self.part = part
    var best = Array(repeating: BarGrade.uncovered, count: bars.count)
    for (take, row) in zip(details, rows) where take.isMaterial {
      for bar in row.indices where row[bar].grade > best[bar] { best[bar] = row[bar].grade }
    }
    self.movement = id
    self.bars = bars
    self.best = best
  }

  /// The take's grade on each bar: unrated where it plays, then each mark in the order entered,
  /// a later rating replacing an earlier one.
  private static func row(of take: Take, barCount: Int, part: String?) -> [Cell] {
    var row = Array(repeating: Cell(grade: .uncovered, tags: []), count: barCount)
    for bar in take.bars where bar < barCount { row[bar].grade = .unrated }
    for mark in take.marks where isAbout(mark, part) {
      for bar in mark.bars where bar < barCount {
        if let rating = mark.rating { row[bar].grade = .rated(rating) }
        for tag in mark.tags where !row[bar].tags.contains(tag) { row[bar].tags.append(tag) }
      }
    }
    return row
  }

  private static func isAbout(_ mark: Mark, _ part: String?) -> Bool {
    part == nil || mark.part == nil || mark.part == part
  }

  /// The marks of the take at `take` in `ProtocolSession.takes` on `bar`, in the order
  /// entered, those of other parts left out.
  public func marks(ofTake take: Int, at bar: Int) -> [Mark] {
    guard let row = takes.firstIndex(of: take) else { return [] }
    return details[row].marks.filter { $0.bars.contains(bar) && Self.isAbout($0, part) }
  }

  /// The takes that play `bar`, in recording order; with `minimum`, only those whose grade on
  /// the bar is at least that rating (unrated bars pass `±` and `✗`, as `BarGrade` orders them).
  public func takes(at bar: Int, minimum: Rating? = nil) -> [TakeAtBar] {
    let lowest = minimum.map { BarGrade.rated($0) } ?? .rated(.unusable)
    return material.compactMap { row in
      let cell = rows[row][bar]
      guard cell.grade >= lowest else { return nil }
      return TakeAtBar(
        take: takes[row], grade: cell.grade, tags: cell.tags, notes: details[row].notes)
    }
  }

  /// The takes with at least one bar graded `minimum` or better, by position in
  /// `ProtocolSession.takes`.
  public func takes(minimum: Rating) -> [Int] {
    material.filter { rows[$0].contains { $0.grade >= .rated(minimum) } }.map { takes[$0] }
  }

  /// The bars without a usable take: graded below `ok` at best.
  public var barsWithoutUsableTake: [Int] {
    best.indices.filter { !best[$0].isUsable }
  }

  /// The bars that have usable takes, all of them with a problem tag on the bar.
  public var unresolved: [UnresolvedBar] {
    best.indices.compactMap { bar in
      let usable = material.map { rows[$0][bar] }.filter(\.grade.isUsable)
      guard !usable.isEmpty, usable.allSatisfy({ !$0.tags.isEmpty }) else { return nil }
      var tags: [ProblemTag] = []
      for tag in usable.flatMap(\.tags) where !tags.contains(tag) { tags.append(tag) }
      return UnresolvedBar(bar: bar, tags: tags)
    }
  }

  /// The movement from first bar to last in runs of equal best grade.
  public var coverage: [CoverageRun] {
    var runs: [CoverageRun] = []
    for (bar, grade) in best.enumerated() {
      if let last = runs.last, last.best == grade {
        runs[runs.count - 1].bars = last.bars.lowerBound...bar
      } else {
        runs.append(CoverageRun(bars: bar...bar, best: grade))
      }
    }
    return runs
  }

  /// The rows of takes that are neither false starts nor no good.
  var material: [Int] {
    details.indices.filter { details[$0].isMaterial }
  }
}
