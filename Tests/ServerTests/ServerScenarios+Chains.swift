import Foundation
import GameRecords
import TerminalHarness
import XCTest

/// A class's achievement chain through the real binaries: the teacher sets three steps, a
/// student plays, and the steps their games meet are reached, in order.
extension ServerScenarios {
  func aTeachersChainIsFollowedByItsStudentsGames() async throws {
    try await withServer { tia, server, database in
      let bea = try NetHome()
      let cy = try NetHome()
      defer {
        bea.remove()
        cy.remove()
      }
      let code = try teacherWithClass(tia, server, database: database, name: "tia")
      for (home, name) in [(bea, "bea"), (cy, "cy")] {
        try createAndLogIn(home, server, name: name)
        XCTAssertEqual(try home.run(["class", "join", code]).status, 0)
      }
      let game = PlayedGames.game(clears: 12, hoursAgo: 2)
      let answers = game.record.answers
      let accuracy = 100 * Double(answers.filter(\.isCorrect).count) / Double(answers.count)
      XCTAssertGreaterThan(accuracy, 50)
      let pattern = PlayedGames.pattern
      let steps = [
        "pattern:\(pattern):\(game.level):50", "drill:treble-staff,bass-staff:20",
        "pattern:\(pattern):\(game.level + 1):50",
      ]
      let set = try tia.run(
        ["class", "chain", Self.className] + steps.flatMap { ["--step", $0] })
      XCTAssertEqual(set.status, 0, set.error)
      XCTAssertEqual(
        set.output.split(separator: "\n").map(String.init),
        [
          "\(Self.className): a chain of 3 steps",
          "  1. \(pattern): level \(game.level) at 50 %",
          "  2. drill treble-staff,bass-staff: 20 cards",
          "  3. \(pattern): level \(game.level + 1) at 50 %",
          "bea  - - -  (0 of 3; next: step 1)",
          "cy   - - -  (0 of 3; next: step 1)",
        ])

      // Bea plays the game and a drill: the first two steps are hers.
      try PlayedGames.write(
        [
          game,
          PlayedGames.Game(
            record: PlayedBoards.drill(
              right: 25, startedAt: Date(timeIntervalSinceNow: -3600).roundedToSeconds)),
        ], to: bea)
      XCTAssertEqual(try send(bea).status, 0)
      let shown = try tia.run(["class", "chain", Self.className])
      XCTAssertEqual(shown.status, 0, shown.error)
      let rows = shown.output.split(separator: "\n").suffix(2).map(String.init)
      XCTAssertTrue(rows[0].hasPrefix("bea  "), rows[0])
      XCTAssertTrue(rows[0].hasSuffix("-  (2 of 3; next: step 3)"), rows[0])
      XCTAssertEqual(rows[1], "cy   - - -  (0 of 3; next: step 1)")
      let beas = try bea.run(["class", "chain", Self.className, "--json"])
      XCTAssertEqual(beas.status, 0, beas.error)
      let document = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(beas.output.utf8)) as? [String: Any])
      let students = try XCTUnwrap(document["students"] as? [[String: Any]])
      XCTAssertEqual(students.count, 1, "a student reads their own row only")
      XCTAssertEqual(students.first?["player"] as? String, "bea")
      XCTAssertEqual(students.first?["reached"] as? [Bool], [true, true, false])

      // The practice room shows them beside its achievements, from the last refresh.
      let refreshed = try bea.run(["refresh"])
      XCTAssertEqual(refreshed.status, 0, refreshed.error)
      let snapshot = try roomSnapshot(bea)
      let chainSteps = try XCTUnwrap(snapshot["chainSteps"] as? [[String: Any]])
      XCTAssertEqual(chainSteps.compactMap { $0["isReached"] as? Bool }, [true, true, false])
      XCTAssertEqual(chainSteps.compactMap { $0["number"] as? Int }, [1, 2, 3])
      XCTAssertEqual(chainSteps.first?["className"] as? String, Self.className)

      // Only its teacher sets it, and only with steps the server can check.
      XCTAssertNotEqual(
        try bea.run(["class", "chain", Self.className, "--step", "drill:treble-staff:5"]).status,
        0)
      XCTAssertEqual(
        try tia.run(["class", "chain", Self.className, "--step", "pattern:\(pattern):9:90"])
          .error,
        "Error: step 1: a pattern step has a level from 1 to 6\n")
      XCTAssertNotEqual(
        try tia.run(["class", "chain", Self.className, "--step", "scales"]).status, 0)
      let cleared = try tia.run(["class", "chain", Self.className, "--clear"])
      XCTAssertEqual(cleared.output, "\(Self.className) has no achievement chain\n")
    }
  }
}

extension Date {
  /// Whole seconds, as the history writes dates.
  fileprivate var roundedToSeconds: Date {
    Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down))
  }
}
