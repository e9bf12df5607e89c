import DSP
import Practice
import XCTest

final class ProtocolEditingPlanTests: XCTestCase {
  /// The first movement's segments as `take: first–last` in printed bars, `-` for a gap.
  static func plan(_ lines: [String]) throws -> [String] {
    let plan = EditingPlan(session: try Journal.session(lines))
    let movement = try XCTUnwrap(plan.movements.first)
    return movement.segments.map {
      "\($0.label ?? "-"): \(movement.bars.labels[$0.bars.lowerBound])–"
        + "\(movement.bars.labels[$0.bars.upperBound])"
    }
  }

  func testOneGoodTakeIsTheWholePlan() throws {
    XCTAssertEqual(try Self.plan(["mvt 1: 1-24", "take", "end 24", "1-24 3"]), ["1: 1–24"])
  }

  func testBetterBarsComeBeforeFewerEdits() throws {
    let lines = [
      "mvt 1: 1-12", "take", "end 12", "1-12 +", "5 x", "take", "end 12", "1-12 ok",
    ]
    XCTAssertEqual(try Self.plan(lines), ["1: 1–4", "2: 5–5", "1: 6–12"])
  }

  func testTheWorstBarsAreRaisedFirst() throws {
    let lines = [
      "mvt 1: 1-4",
      "take", "end 4", "1-4 ok", "edit 4",
      "take", "end 4", "1-2 ++", "3-4 +-",
    ]
    XCTAssertEqual(
      try Self.plan(lines), ["1: 1–4"],
      "take 2 for bars 1–3 would give two ++ bars for a ± one: the only cut back is at bar 4")
  }

  func testAmongEqualBarsTheFewestEdits() throws {
    let lines = [
      "mvt 1: 1-10",
      "take @1", "end 6", "1-6 ++",
      "take @5", "end 10", "5-10 ++",
      "take @3", "end 8", "3-8 ++",
    ]
    let plan = try Self.plan(lines)
    XCTAssertEqual(plan.count, 2, "\(plan)")
    XCTAssertEqual(plan.map { $0.prefix(2) }, ["1:", "2:"])
  }

  func testTiesGoToTheEarlierTake() throws {
    let lines = ["mvt 1: 1-4", "take", "end 4", "1-4 +", "take", "end 4", "1-4 +"]
    XCTAssertEqual(try Self.plan(lines), ["1: 1–4"])
  }

  func testCutsOnlyAtEditPointsOnceThereAreSome() throws {
    let open = [
      "mvt 1: 1-10", "take", "end 10", "1-10 +", "6 x", "take", "end 10", "1-10 ok",
    ]
    XCTAssertEqual(try Self.plan(open), ["1: 1–5", "2: 6–6", "1: 7–10"])
    let marked = [
      "mvt 1: 1-10",
      "take", "end 10", "1-10 +", "6 x", "edit 4",
      "take", "end 10", "1-10 ok", "edit 8",
    ]
    XCTAssertEqual(try Self.plan(marked), ["1: 1–3", "2: 4–7", "1: 8–10"])
  }

  func testACutIsAllowedWhereTheTakeStops() throws {
    let lines = [
      "mvt 1: 1-10",
      "take @1", "end 6", "1-6 +", "5 x", "edit 2",
      "take @3", "end 10", "3-10 ok",
    ]
    XCTAssertEqual(
      try Self.plan(lines), ["1: 1–6", "2: 7–10"],
      "no edit point lets the plan leave bar 5's ✗, and a gap is worse")
  }

  func testPinsAreKeptAndThePlanGoesAroundThem() throws {
    let lines = [
      "mvt 1: 1-10", "take", "end 10", "1-10 ++", "take", "end 10", "1-10 +", "pin 2 4-6",
    ]
    XCTAssertEqual(try Self.plan(lines), ["1: 1–3", "2: 4–6", "1: 7–10"])
    XCTAssertEqual(try Self.plan(lines + ["unpin"]), ["1: 1–10"])
    XCTAssertEqual(
      try Self.plan(lines + ["edit 9"]), ["1: 1–3", "2: 4–6", "1: 7–10"],
      "the ends of a pin are cuts even where edit points are marked")
    XCTAssertEqual(
      try Self.plan(lines + ["pin 1 5"]), ["1: 1–3", "2: 4–4", "1: 5–5", "2: 6–6", "1: 7–10"],
      "the latest pin wins where they overlap")
  }

  func testBarsNoTakeCoversAreGaps() throws {
    let lines = [
      "mvt 1: 1-10", "take @1", "end 4", "1-4 +", "take @7", "end 10", "take @3", "false",
    ]
    XCTAssertEqual(try Self.plan(lines), ["1: 1–4", "-: 5–6", "2: 7–10"])
    XCTAssertEqual(try Self.plan(["mvt 1: 0-12"]), ["-: 0–12"])
  }

  func testFalseStartsAreNoMaterial() throws {
    let lines = ["mvt 1: 1-4", "take", "1-4 ++", "false", "take", "end 4", "1-4 +-"]
    XCTAssertEqual(try Self.plan(lines), ["2: 1–4"])
  }

  func testANoGoodTakeIsNoMaterialButKeepsItsMarks() throws {
    let lines = ["mvt 1: 1-4", "take", "end 4", "1-4 ++", "ng", "take", "end 4", "1-4 +-"]
    XCTAssertEqual(try Self.plan(lines), ["2: 1–4"])
    XCTAssertEqual(try Self.plan(Array(lines.dropLast(3)) + ["undo"]), ["1: 1–4"])
    let session = try Journal.session(lines)
    XCTAssertEqual(session.takes.map(\.isNoGood), [true, false])
    XCTAssertEqual(session.takes[0].marks.map(\.rating), [.excellent])
  }

  func testATieGoesToTheCircledTake() throws {
    let lines = ["mvt 1: 1-4", "take", "end 4", "1-4 +", "take", "end 4", "1-4 +"]
    XCTAssertEqual(try Self.plan(lines), ["1: 1–4"], "without a circle, the earlier take")
    XCTAssertEqual(try Self.plan(lines + ["keep"]), ["2: 1–4"])
    XCTAssertEqual(try Self.plan(lines + ["keep", "undo"]), ["1: 1–4"])
    XCTAssertEqual(try Self.plan(lines + ["keep", "1-4 ok"]), ["1: 1–4"], "a better bar wins")
  }

  func testAnUnratedBarBeatsAPoorOneButNotAnOkOne() throws {
    let poor = ["mvt 1: 1-4", "take", "end 4", "1-4 +-", "take", "end 4"]
    XCTAssertEqual(try Self.plan(poor), ["2: 1–4"])
    let usable = ["mvt 1: 1-4", "take", "end 4", "1-4 ok", "take", "end 4"]
    XCTAssertEqual(try Self.plan(usable), ["1: 1–4"])
  }

  func testJSONAndTextForEveryMovement() throws {
    let session = try Journal.session([
      "work Brahms \"op. 38\"", "mvt 1 \"Allegro\": 0-12 12a 13-20", "take", "end 12a", "0-12a +",
      "take @13", "end 18", "mvt 2: 1-3", "numbering movement", "take 7", "end 3",
    ])
    let plan = EditingPlan(session: session)
    XCTAssertEqual(plan.movements.map(\.edits), [2, 0])
    XCTAssertEqual(
      plan.json,
      #"{"movements": [{"work": "Brahms \"op. 38\"", "movement": 1, "segments": ["#
        + #"{"take": 1, "from": "0", "to": "12a"}, {"take": 2, "from": "13", "to": "18"}, "#
        + #"{"take": null, "from": "19", "to": "20"}]}, {"work": "Brahms \"op. 38\"", "#
        + #""movement": 2, "segments": [{"take": "B7", "from": "1", "to": "3"}]}]}"#)
    XCTAssertEqual(
      plan.lines,
      [
        "Brahms \"op. 38\", movement 1: Allegro",
        "  take 1: bars 0–12a",
        "  take 2: bars 13–18",
        "  no take: bars 19–20",
        "Brahms \"op. 38\", movement 2",
        "  take B7: bars 1–3",
      ])
    XCTAssertEqual(plan.movements[0].segments.map(\.take), [0, 1, nil])
  }

  func testOneBarSegmentsSayBar() throws {
    let session = try Journal.session(["mvt 1: 1-2", "take @2"])
    XCTAssertEqual(
      EditingPlan(session: session).movements[0].lines, ["no take: bar 1", "take 1: bar 2"])
    XCTAssertEqual(EditingPlan(session: ProtocolSession()).json, #"{"movements": []}"#)
  }

  func testJSONEscapesControlCharacters() throws {
    let session = try Journal.session(["work a\tb\\c\u{1}", "mvt 1: 1"])
    XCTAssertEqual(
      EditingPlan(session: session).json,
      #"{"movements": [{"work": "a\tb\\c\u0001", "movement": 1, "segments": ["#
        + #"{"take": null, "from": "1", "to": "1"}]}]}"#)
  }

  // MARK: - Optimality against brute force

  func testOptimalAgainstEveryPossiblePlanOnSmallMovements() throws {
    var random = SplitMix64(seed: 38)
    for round in 0..<400 {
      let lines = Self.randomSession(&random)
      let session = try Journal.session(lines)
      let id = MovementID(work: 0, number: 1)
      let map = try XCTUnwrap(TakeMap(session: session, movement: id))
      let rules = Rules(session: session, map: map)
      let planned = try XCTUnwrap(EditingPlan(session: session).movements.first)
      var states: [Int?] = []
      for segment in planned.segments {
        states += Array(repeating: segment.take, count: segment.bars.count)
      }
      XCTAssertTrue(rules.allows(states), "round \(round): \(lines) planned \(states)")
      let best = rules.allPlans().map(rules.cost).min { $0.lexicographicallyPrecedes($1) }
      XCTAssertEqual(rules.cost(states), best, "round \(round): \(lines)")
    }
  }

  /// Up to six bars and three takes with random extents, ratings, tags, edit points, false
  /// starts and pins.
  static func randomSession(_ random: inout SplitMix64) -> [String] {
    let bars = Int.random(in: 1...6, using: &random)
    var lines = ["mvt 1: 1-\(bars)"]
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      let start = Int.random(in: 1...bars, using: &random)
      let end = Int.random(in: start...bars, using: &random)
      lines += ["take @\(start)", "end \(end)"]
      for bar in start...end {
        if Int.random(in: 0..<4, using: &random) > 0 {
          lines.append("\(bar) \(Int.random(in: 0...4, using: &random))")
        }
        if Int.random(in: 0..<5, using: &random) == 0 { lines.append("edit \(bar)") }
      }
      if Int.random(in: 0..<6, using: &random) == 0 {
        lines.append("false")
      } else if Int.random(in: 0..<5, using: &random) == 0 {
        let first = Int.random(in: start...end, using: &random)
        lines.append("pin \(lines.filter { $0.hasPrefix("take") }.count) \(first)-\(end)")
      }
    }
    return lines
  }

  /// The plan's rules and objective, written out plainly from the documentation.
  struct Rules {
    let map: TakeMap
    /// Session positions of the takes that are material.
    let takes: [Int]
    let editPoints: [Int: Set<Int>]
    let pinned: [Int?]

    init(session: ProtocolSession, map: TakeMap) {
      self.map = map
      takes = map.takes.filter { !session.takes[$0].isFalseStart }
      editPoints = Dictionary(
        uniqueKeysWithValues: takes.map { ($0, Set(session.takes[$0].editPoints)) })
      var pinned = [Int?](repeating: nil, count: map.bars.count)
      for pin in session.pins { for bar in pin.bars { pinned[bar] = pin.take } }
      self.pinned = pinned
    }

    func grade(_ take: Int?, _ bar: Int) -> BarGrade {
      guard let take else { return .uncovered }
      return map.rows[map.takes.firstIndex(of: take)!][bar].grade
    }

    func allows(_ states: [Int?]) -> Bool {
      guard states.count == map.bars.count else { return false }
      let restricted = editPoints.values.contains { !$0.isEmpty }
      for (bar, take) in states.enumerated() {
        if let take, !takes.contains(take) || grade(take, bar) == .uncovered { return false }
        if let pin = pinned[bar], pin != take { return false }
        guard bar > 0, restricted, let from = states[bar - 1], let take, from != take else {
          continue
        }
        let cutAllowed =
          editPoints[from]!.contains(bar) || editPoints[take]!.contains(bar)
          || grade(from, bar) == .uncovered || pinned[bar] != pinned[bar - 1]
        if !cutAllowed { return false }
      }
      return true
    }

    /// Bars at each rank from the worst up to `+`, then edits: smaller is better.
    func cost(_ states: [Int?]) -> [Int] {
      var cost = Array(repeating: 0, count: BarGrade.topRank + 1)
      for (bar, take) in states.enumerated() where grade(take, bar).rank < BarGrade.topRank {
        cost[grade(take, bar).rank] += 1
      }
      cost[BarGrade.topRank] = zip(states, states.dropFirst()).filter { $0 != $1 }.count
      return cost
    }

    func allPlans() -> [[Int?]] {
      let choices: [Int?] = takes.map { $0 } + [nil]
      var plans: [[Int?]] = [[]]
      for _ in 0..<map.bars.count {
        plans = plans.flatMap { plan in choices.map { plan + [$0] } }
      }
      return plans.filter(allows)
    }
  }
}
